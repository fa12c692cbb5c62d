import type { Knex } from 'knex';
import type { Row } from './crud/call.ts';
import { email } from '../../shared/schemas/fields.ts';
import { Refusal } from '../errors.ts';

/** Checks shared by the department and job screens and the admin form that assigns them. */

/** Office or mobile numbers as staff write them: digits with +, -, spaces, parentheses and an extension. */
const PHONE = /^[0-9+()\- ]{5,30}$/;

/** Contact fields of a department: an e-mail address and a phone number when given. */
export function checkContact(data: Row): void {
  if (typeof data.email === 'string' && data.email !== '' && !email().safeParse(data.email).success) throw new Refusal('validate:email');
  if (typeof data.phone === 'string' && data.phone !== '' && !PHONE.test(data.phone)) throw new Refusal('organisation:phoneInvalid');
}

/** A department or job id an admin is given: 0 (none) or an existing row. */
export async function assertAssignable(db: Knex, table: 'department' | 'job', value: unknown): Promise<void> {
  const id = Number(value ?? 0);
  if (!id) return;
  if (!(await db(table).where({ id }).first())) throw new Refusal(table === 'department' ? 'organisation:departmentNotFound' : 'organisation:jobNotFound');
}

/** Departments and jobs still held by admins cannot be deleted: the admins would silently lose them. */
export async function assertUnused(db: Knex, column: 'department_id' | 'job_id', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const holder = await db('admin').whereIn(column, ids).first<{ username: string } | undefined>('username');
  if (holder) throw new Refusal(column === 'department_id' ? 'organisation:departmentInUse' : 'organisation:jobInUse', 0, null, { username: holder.username });
}
