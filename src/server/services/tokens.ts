import { createHmac, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from './clock.ts';

/** Token kinds of reference section 2.2. */
export type TokenType = 'admin' | 'admin-refresh' | 'user' | 'user-refresh' | 'email-pass' | 'mobile-pass' | 'admin-ticket';

export const REFRESH_KEEP_TIME = 30 * 86400;
export const PASS_TOKEN_KEEP_TIME = 600;
/** A ticket stands in for the admin token where a URL must carry it (the terminal's EventSource): seconds, one use. */
export const TICKET_KEEP_TIME = 10;
const PURGE_INTERVAL_MS = 3600_000;

export interface TokenRow {
  token: string;
  type: TokenType;
  user_id: number;
  create_time: number;
  expire_time: number;
  /** Every token of one login shares it (null: issued before families existed, or a pass token). */
  family: string | null;
  /** A refresh token already exchanged: kept until it expires so that a replay can be recognised. */
  spent: boolean | number;
}

export type LoginSide = 'admin' | 'user';

/** The tokens a login hands out; `refresh_token` is '' when the account did not ask to stay logged in. */
export interface IssuedTokens {
  token: string;
  refresh_token: string;
}

/** Why a refresh was refused: unknown or expired, or a spent token presented again (its family is ended). */
export type RotateOutcome = { ok: true; side: LoginSide; userId: number; tokens: IssuedTokens } | { ok: false; reason: 'invalid' | 'replayed' };

/**
 * Random tokens (UUID v4 from the CSPRNG) handed to clients; the table keeps only an HMAC of each, so a
 * leaked database does not leak usable tokens.
 */
export class TokenService {
  private lastPurge = 0;

  constructor(
    private readonly knex: Knex,
    private readonly key: string,
    private readonly keepTime: { admin: number; user: number },
  ) {}

  hash(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('base64url');
  }

  lifetime(type: TokenType): number {
    if (type === 'admin') return this.keepTime.admin;
    if (type === 'user') return this.keepTime.user;
    if (type === 'admin-refresh' || type === 'user-refresh') return REFRESH_KEEP_TIME;
    if (type === 'admin-ticket') return TICKET_KEEP_TIME;
    return PASS_TOKEN_KEEP_TIME;
  }

  async issue(type: TokenType, userId: number, family: string | null = null, expireTime?: number): Promise<string> {
    await this.purgeExpired();
    const token = randomUUID();
    const created = now();
    await this.knex('token').insert({
      token: this.hash(token),
      type,
      user_id: userId,
      create_time: created,
      expire_time: expireTime ?? created + this.lifetime(type),
      family,
      spent: false,
    });
    return token;
  }

  /**
   * The tokens of a new login: an access token, and a refresh token of the same family when `keep`. With
   * `single` (single sign-on, config `admin_sso` / `user_sso`) the account's other logins end first.
   */
  async issueLogin(side: LoginSide, userId: number, keep: boolean, single = false): Promise<IssuedTokens> {
    if (single) await this.revokeAll(userId, side === 'admin' ? ['admin', 'admin-refresh', 'admin-ticket'] : ['user', 'user-refresh']);
    const family = randomUUID();
    return {
      token: await this.issue(side, userId, family),
      refresh_token: keep ? await this.issue(`${side}-refresh`, userId, family) : '',
    };
  }

  /**
   * Exchanges a refresh token for a new access token and a new refresh token of the same family, which
   * expires when the old one would have (a login lasts 30 days however often it is refreshed). The old
   * one is spent: presented again, by whoever copied it, it ends its whole family, access tokens included.
   */
  async rotate(refreshToken: string): Promise<RotateOutcome> {
    const row = await this.find(refreshToken);
    if (!row || (row.type !== 'admin-refresh' && row.type !== 'user-refresh') || this.isExpired(row)) return { ok: false, reason: 'invalid' };
    const family = row.family ?? randomUUID();
    // Spent in one conditional UPDATE: of two concurrent uses only one wins; the other is a replay.
    const won = await this.knex('token').where({ token: row.token }).whereNot('spent', true).update({ spent: true, family });
    if (won === 0) {
      await this.revokeFamily(family);
      return { ok: false, reason: 'replayed' };
    }
    const side: LoginSide = row.type === 'admin-refresh' ? 'admin' : 'user';
    return {
      ok: true,
      side,
      userId: row.user_id,
      tokens: {
        token: await this.issue(side, row.user_id, family),
        refresh_token: await this.issue(row.type, row.user_id, family, row.expire_time),
      },
    };
  }

  /**
   * Logout (reference 2.6): ends the login of the refresh token (its whole family) and the access token
   * presented, each only if it is of this side.
   */
  async signOut(side: LoginSide, refreshToken: string, accessToken: string): Promise<void> {
    const refresh = await this.find(refreshToken);
    if (refresh?.type === `${side}-refresh`) await (refresh.family ? this.revokeFamily(refresh.family) : this.revoke(refreshToken));
    if ((await this.find(accessToken))?.type === side) await this.revoke(accessToken);
  }

  /** A refresh token already exchanged once. */
  isSpent(row: TokenRow): boolean {
    return Boolean(row.spent);
  }

  /** Ends every token of one login. */
  async revokeFamily(family: string): Promise<void> {
    await this.knex('token').where({ family }).delete();
  }

  /** The row of a presented token, expired or not; null when unknown. */
  async find(token: string): Promise<TokenRow | null> {
    if (!token || token.length > 100) return null;
    const row = await this.knex<TokenRow>('token').where({ token: this.hash(token) }).first();
    return row ?? null;
  }

  /** A one-use token of `type`: its row (expired or not), deleted in the same step so that nobody can use it twice. */
  async consume(token: string, type: TokenType): Promise<TokenRow | null> {
    const row = await this.find(token);
    if (!row || row.type !== type) return null;
    const deleted = await this.knex('token').where({ token: row.token }).delete();
    return deleted === 1 ? row : null;
  }

  isExpired(row: TokenRow): boolean {
    return row.expire_time <= now();
  }

  async revoke(token: string): Promise<void> {
    if (token) await this.knex('token').where({ token: this.hash(token) }).delete();
  }

  /** Signs an account out everywhere (password change or reset). */
  async revokeAll(userId: number, types: TokenType[]): Promise<void> {
    await this.knex('token').where({ user_id: userId }).whereIn('type', types).delete();
  }

  /** Deletes expired rows, at most once an hour per process. */
  async purgeExpired(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = Date.now();
    await this.knex('token').where('expire_time', '<', now()).delete();
  }
}
