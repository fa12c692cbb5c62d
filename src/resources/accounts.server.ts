import type { Knex } from 'knex';
import { isMobile, isPassword } from '../shared/validation.ts';
import { Refusal } from '../server/errors.ts';
import type { FieldFault } from '../shared/api/envelope.ts';
import type { Row } from '../server/services/crud/call.ts';
import type { SaveContext } from '../server/services/crud/unit.ts';
import { hashPassword } from '../server/services/passwords.ts';

/** The save checks admin and member accounts share: each signs in by a name, e-mail or mobile of its own. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type AccountTable = 'admin' | 'user';
type SignInColumn = 'username' | 'email' | 'mobile';

/** Whether a column value belongs to another account of the table (e-mail compared case-insensitively, as at login). */
async function taken(db: Knex, table: AccountTable, column: SignInColumn, value: string, exceptId: number): Promise<boolean> {
  const query = db(table).whereNot('id', exceptId);
  if (column === 'email') query.whereRaw('lower(email) = ?', [value.toLowerCase()]);
  else query.where(column, value);
  return !!(await query.first());
}

/**
 * The sign-in names a save posts are well-formed and no other account's: the username by the table's own
 * rule (refused with `username.refusal`), a non-empty e-mail or mobile number by the shared ones; and the
 * password a new account must have is well-formed. Every field at fault is named at once (Refusal.fields).
 */
export async function assertSignInNames(
  { trx, current, mode, call }: SaveContext,
  table: AccountTable,
  data: Row,
  username: { valid(value: string): boolean; refusal: string },
): Promise<void> {
  const selfId = Number(current?.id ?? 0);
  const faults: FieldFault[] = [];
  if (typeof data.username === 'string') {
    if (!username.valid(data.username)) faults.push({ field: 'username', message: username.refusal });
    else if (await taken(trx, table, 'username', data.username, selfId)) faults.push({ field: 'username', message: 'account:usernameTaken' });
  }
  for (const column of ['email', 'mobile'] as const) {
    const value = data[column];
    if (typeof value !== 'string' || value === '') continue;
    if (column === 'email' ? !EMAIL.test(value) : !isMobile(value)) faults.push({ field: column, message: `validate:${column}` });
    else if (await taken(trx, table, column, value, selfId)) faults.push({ field: column, message: `account:${column}Taken` });
  }
  const password = postedPassword(call.input);
  if (mode === 'add' && password === '') faults.push({ field: 'password', message: 'admin-auth:passwordRequired' });
  else if (password !== '' && !isPassword(password)) faults.push({ field: 'password', message: 'validate:password' });
  const [first, ...rest] = faults;
  if (first) throw Refusal.fields([first, ...rest]);
}

const postedPassword = (input: Record<string, unknown>) => (typeof input.password === 'string' ? input.password : '');

/**
 * The posted password (checked by assertSignInNames) goes into `data` hashed, and the failed logins are
 * forgotten; none posted keeps the current one.
 */
export async function takePassword({ call }: SaveContext, data: Row): Promise<void> {
  const password = postedPassword(call.input);
  if (password !== '') Object.assign(data, { password: await hashPassword(password), salt: '', login_failure: 0, last_failure_time: null });
}
