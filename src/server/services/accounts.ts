import type { Knex } from 'knex';
import type { MenuNode } from '../../shared/account.ts';

/** Rows of the account tables as the database holds them. */

export interface UserRow {
  id: number;
  group_id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  gender: number;
  birthday: string | null;
  money: number;
  score: number;
  last_login_time: number | null;
  last_login_ip: string;
  /** The login before the latest one: what "last login" shows. */
  prev_login_time: number | null;
  prev_login_ip: string;
  login_failure: number;
  last_failure_time: number | null;
  join_ip: string;
  join_time: number | null;
  motto: string;
  password: string;
  salt: string;
  status: string;
  update_time: number | null;
  create_time: number | null;
}

export interface AdminRow {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  login_failure: number;
  last_failure_time: number | null;
  last_login_time: number | null;
  last_login_ip: string;
  prev_login_time: number | null;
  prev_login_ip: string;
  password: string;
  salt: string;
  motto: string;
  status: string;
  update_time: number | null;
  create_time: number | null;
}

/** An admin_rule / user_rule row: the menu node the apps get, plus what only the server reads. */
export interface RuleRow extends Omit<MenuNode, 'keepalive' | 'children'> {
  remark: string;
  weigh: number;
  status: string;
  keepalive?: number;
  no_login_valid?: number;
}

/** What an account without an avatar shows: BuildAdmin's client default (reference 3.7), served from public/. */
export const DEFAULT_AVATAR = '/static/images/avatar.png';

/**
 * After a successful login: the login before it becomes the one "last login" shows (the account's
 * `last_login_*` as read before the login wrote the new one).
 */
export async function keepPreviousLogin(knex: Knex, table: 'admin' | 'user', before: Pick<AdminRow | UserRow, 'id' | 'last_login_time' | 'last_login_ip'>): Promise<void> {
  await knex(table).where({ id: before.id }).update({ prev_login_time: before.last_login_time, prev_login_ip: before.last_login_ip ?? '' });
}
