import { createHmac, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from './clock.ts';

/** Token kinds of reference section 2.2. */
export type TokenType = 'admin' | 'admin-refresh' | 'user' | 'user-refresh' | 'email-pass' | 'mobile-pass';

export const REFRESH_KEEP_TIME = 30 * 86400;
export const PASS_TOKEN_KEEP_TIME = 600;
const PURGE_INTERVAL_MS = 3600_000;

export interface TokenRow {
  token: string;
  type: TokenType;
  user_id: number;
  create_time: number;
  expire_time: number;
}

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
    return PASS_TOKEN_KEEP_TIME;
  }

  async issue(type: TokenType, userId: number): Promise<string> {
    await this.purgeExpired();
    const token = randomUUID();
    const created = now();
    await this.knex('token').insert({ token: this.hash(token), type, user_id: userId, create_time: created, expire_time: created + this.lifetime(type) });
    return token;
  }

  /** The row of a presented token, expired or not; null when unknown. */
  async find(token: string): Promise<TokenRow | null> {
    if (!token || token.length > 100) return null;
    const row = await this.knex<TokenRow>('token').where({ token: this.hash(token) }).first();
    return row ?? null;
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
