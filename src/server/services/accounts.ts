import type { Knex } from 'knex';
import type { AdminProfile, RuleListRow, UserInfo } from '../../shared/account.ts';

/**
 * A `user` row as the database holds it: what the member API answers of it (`userInfo`), the balance in
 * cents, and what only the server reads. `last_login_time` is the latest login here; `userInfo` sends
 * `prev_login_time` under that name.
 */
export interface UserRow extends Omit<UserInfo, 'money' | 'token' | 'refresh_token'> {
  group_id: number;
  /** Cents; the API answers yuan. */
  money: number;
  /** The login before the latest one: what "last login" shows. */
  prev_login_time: number | null;
  prev_login_ip: string;
  login_failure: number;
  last_failure_time: number | null;
  join_ip: string;
  password: string;
  salt: string;
  status: string;
  update_time: number | null;
  create_time: number | null;
}

/**
 * An `admin` row as the database holds it: the admin's profile (routine/adminInfo), its login times as
 * timestamps, and what only the server reads.
 */
export interface AdminRow extends Omit<AdminProfile, 'last_login_time'> {
  login_failure: number;
  last_failure_time: number | null;
  last_login_time: number | null;
  last_login_ip: string;
  prev_login_time: number | null;
  prev_login_ip: string;
  password: string;
  salt: string;
  status: string;
  update_time: number | null;
  create_time: number | null;
}

/** An admin_rule / user_rule row: the rule lists answer it as stored. */
export type RuleRow = RuleListRow;

/** What an account without an avatar shows: BuildAdmin's client default (reference 3.7), served from public/. */
export const DEFAULT_AVATAR = '/static/images/avatar.png';

/**
 * After a successful login: the login before it becomes the one "last login" shows (the account's
 * `last_login_*` as read before the login wrote the new one).
 */
export async function keepPreviousLogin(knex: Knex, table: 'admin' | 'user', before: Pick<AdminRow | UserRow, 'id' | 'last_login_time' | 'last_login_ip'>): Promise<void> {
  await knex(table).where({ id: before.id }).update({ prev_login_time: before.last_login_time, prev_login_ip: before.last_login_ip ?? '' });
}
