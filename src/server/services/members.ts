import type { Knex } from 'knex';
import { centsToYuan, type UserInfo } from '../../shared/account.ts';
import { isMobile } from '../../shared/validation.ts';
import { DEFAULT_AVATAR, type UserRow } from './accounts.ts';
import { now } from './clock.ts';
import { hashPassword } from './passwords.ts';
import type { LoginThrottle } from './loginThrottle.ts';
import type { IssuedTokens, TokenService } from './tokens.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MEMBER_TOKEN_TYPES = ['user', 'user-refresh', 'email-pass', 'mobile-pass'] as const;

/** Member accounts: lookup, the userInfo shape, registration and password changes. */
export class MemberService {
  constructor(
    private readonly knex: Knex,
    private readonly tokens: TokenService,
    private readonly loginThrottle: LoginThrottle,
  ) {}

  /** userInfo of reference 3.7; tokens are '' unless this answer issued them. */
  userInfo(user: UserRow, issued: { token?: string; refresh_token?: string } = {}): UserInfo {
    return {
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      mobile: user.mobile,
      avatar: user.avatar || DEFAULT_AVATAR,
      gender: user.gender,
      birthday: user.birthday,
      money: centsToYuan(user.money),
      score: user.score,
      join_time: user.join_time,
      last_login_time: user.prev_login_time,
      last_login_ip: user.prev_login_ip,
      motto: user.motto,
      token: issued.token ?? '',
      refresh_token: issued.refresh_token ?? '',
    };
  }

  /** A login string is a mobile number, an e-mail address or a username (reference 3.3). */
  async findByAccount(account: string): Promise<UserRow | undefined> {
    const column = isMobile(account) ? 'mobile' : EMAIL.test(account) ? 'email' : 'username';
    return this.findBy(column, account);
  }

  /** E-mail addresses compare case-insensitively (as the code store does); usernames and mobiles exactly. */
  async findBy(column: 'email' | 'mobile' | 'username', value: string, exceptId = 0): Promise<UserRow | undefined> {
    if (!value) return undefined;
    const query = this.knex<UserRow>('user').whereNot('id', exceptId);
    if (column === 'email') query.whereRaw('lower(??) = ?', [column, value.toLowerCase()]);
    else query.where(column, value);
    return query.first();
  }

  async get(id: number): Promise<UserRow> {
    return this.knex<UserRow>('user').where({ id }).first().then((u) => u!);
  }

  /**
   * Issues the login tokens: always an access token, a refresh token when the member asked to stay logged in;
   * `single` (single sign-on) ends the member's other logins first.
   */
  async issueTokens(userId: number, keep: boolean, single = false): Promise<IssuedTokens> {
    return this.tokens.issueLogin('user', userId, keep, single);
  }

  /** A new member in the default group; `db` is the open transaction when the caller writes more with it. */
  async register(data: { username: string; password: string; email: string; mobile: string; nickname?: string }, ip: string, db: Knex = this.knex): Promise<UserRow> {
    const t = now();
    const group = await db('user_group').orderBy('id').first<{ id: number }>('id');
    const [row] = await db('user')
      .insert({
        group_id: group?.id ?? 0,
        username: data.username,
        nickname: data.nickname ?? data.username,
        email: data.email,
        mobile: data.mobile,
        password: await hashPassword(data.password),
        status: 'enable',
        join_ip: ip,
        join_time: t,
        last_login_ip: ip,
        last_login_time: t,
        create_time: t,
        update_time: t,
      })
      .returning('id');
    const id = typeof row === 'object' ? (row as { id: number }).id : (row as number);
    return db<UserRow>('user').where({ id }).first().then((u) => u!);
  }

  /** Sets a new password, forgets failed logins and signs the member out everywhere. */
  async setPassword(userId: number, password: string): Promise<void> {
    await this.knex('user')
      .where({ id: userId })
      .update({ password: await hashPassword(password), salt: '', login_failure: 0, last_failure_time: null, update_time: now() });
    await this.loginThrottle.clear('user', userId);
    await this.tokens.revokeAll(userId, [...MEMBER_TOKEN_TYPES]);
  }
}
