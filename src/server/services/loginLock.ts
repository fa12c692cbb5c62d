import type { Knex } from 'knex';
import { now } from './clock.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Failures before an account is locked, and for how long (reference 3.3 / 1.2). */
export const LOGIN_RETRY = 10;
export const LOCK_SECONDS = 86400;

interface LockableRow {
  id: number;
  password: string;
  salt: string;
  login_failure: number;
  last_failure_time: number | null;
}

export type LoginOutcome = 'ok' | 'locked' | 'wrong';

/**
 * Password login with the 24 h lock after 10 failures. Unlike the reference, a lock that has run its course
 * clears the counter, so one more typo afterwards does not lock the account for another day.
 */
export async function attemptLogin(knex: Knex, table: 'user' | 'admin', row: LockableRow, password: string, ip: string): Promise<LoginOutcome> {
  const t = now();
  let failures = row.login_failure;
  if (failures >= LOGIN_RETRY) {
    if (row.last_failure_time && t - row.last_failure_time < LOCK_SECONDS) return 'locked';
    failures = 0;
  }
  const { ok, needsRehash } = await verifyPassword(password, row.password, row.salt);
  if (!ok) {
    await knex(table).where({ id: row.id }).update({ login_failure: failures + 1, last_failure_time: t });
    return 'wrong';
  }
  await knex(table)
    .where({ id: row.id })
    .update({
      login_failure: 0,
      last_login_time: t,
      last_login_ip: ip,
      ...(needsRehash ? { password: await hashPassword(password), salt: '' } : {}),
    });
  return 'ok';
}
