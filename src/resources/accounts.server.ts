import type { Knex } from 'knex';
import { isMobile, isPassword } from '../shared/validation.ts';
import { Refusal } from '../server/errors.ts';
import type { Row } from '../server/services/crud/call.ts';
import type { SaveContext } from '../server/services/crud/unit.ts';
import { hashPassword } from '../server/services/passwords.ts';

/** The save checks admin and member accounts share: each signs in by a name, e-mail or mobile of its own. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type AccountTable = 'admin' | 'user';
type SignInColumn = 'username' | 'email' | 'mobile';

/** A column value must not belong to another account of the table (e-mail compared case-insensitively, as at login). */
async function assertUnique(db: Knex, table: AccountTable, column: SignInColumn, value: string, exceptId: number): Promise<void> {
  const query = db(table).whereNot('id', exceptId);
  if (column === 'email') query.whereRaw('lower(email) = ?', [value.toLowerCase()]);
  else query.where(column, value);
  if (await query.first()) throw new Refusal(`admin-auth:${column}Taken`);
}

/**
 * The sign-in names a save posts are well-formed and no other account's: the username by the table's own
 * rule (refused with `username.refusal`), a non-empty e-mail or mobile number by the shared ones.
 */
export async function assertSignInNames(
  { trx, current }: SaveContext,
  table: AccountTable,
  data: Row,
  username: { valid(value: string): boolean; refusal: string },
): Promise<void> {
  const selfId = Number(current?.id ?? 0);
  if (typeof data.username === 'string') {
    if (!username.valid(data.username)) throw new Refusal(username.refusal);
    await assertUnique(trx, table, 'username', data.username, selfId);
  }
  for (const column of ['email', 'mobile'] as const) {
    const value = data[column];
    if (typeof value !== 'string' || value === '') continue;
    if (column === 'email' ? !EMAIL.test(value) : !isMobile(value)) throw new Refusal(`validate:${column}`);
    await assertUnique(trx, table, column, value, selfId);
  }
}

/** The posted password (a new account must have one) goes into `data` hashed, and the failed logins are forgotten. */
export async function takePassword({ mode, call }: SaveContext, data: Row): Promise<void> {
  const password = typeof call.input.password === 'string' ? call.input.password : '';
  if (mode === 'add' && password === '') throw new Refusal('admin-auth:passwordRequired');
  if (password !== '') {
    if (!isPassword(password)) throw new Refusal('validate:password');
    Object.assign(data, { password: await hashPassword(password), salt: '', login_failure: 0, last_failure_time: null });
  }
}
