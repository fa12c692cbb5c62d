import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from './clock.ts';

/** Seconds a code stays valid (the mails and messages say "10 minutes"). */
export const CODE_TTL = 600;
/** Seconds between two codes for the same destination and event. */
export const CODE_SPACING = 60;
/** Wrong tries a code survives; the last one deletes it. */
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_LENGTH = 4;
/** The reference's alphabet: digits 2-8 and the letters without O (so no 0/O mix-up). */
export const CODE_ALPHABET = '2345678ABCDEFGHIJKLMNPQRSTUVWXYZ';

interface CodeRow {
  key: string;
  code: string;
  attempts: number;
  create_time: number;
  expire_time: number;
}

/** E-mail addresses are matched without regard to case or surrounding blanks, like mail servers do. */
function normalizeDestination(destination: string): string {
  return destination.trim().toLowerCase();
}

/**
 * E-mail and SMS verification codes (reference 5.3 with its fixes), kept in the `captcha` table: the row key
 * is an HMAC of destination + event and the `code` column a salted HMAC of the code, so the table reveals
 * neither who asked nor the code; a code is single use and dies after {@link CODE_MAX_ATTEMPTS} wrong tries.
 */
export class CodeService {
  constructor(
    private readonly knex: Knex,
    private readonly secret: string,
  ) {}

  private key(destination: string, event: string): string {
    return createHmac('sha256', this.secret).update(`code:${normalizeDestination(destination)}\n${event}`).digest('hex');
  }

  private digest(salt: string, key: string, code: string): Buffer {
    return createHmac('sha256', this.secret).update(`${salt}:${key}:${code.toUpperCase()}`).digest();
  }

  private async row(key: string): Promise<CodeRow | undefined> {
    return this.knex<CodeRow>('captcha').where({ key }).first();
  }

  /** Makes a new code for destination + event, replacing any earlier one, and returns it for sending. */
  async create(destination: string, event: string): Promise<string> {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    const key = this.key(destination, event);
    const salt = randomBytes(16).toString('hex');
    const t = now();
    await this.knex('captcha').where('expire_time', '<', t).delete();
    await this.knex('captcha')
      .insert({
        key,
        code: `${salt}$${this.digest(salt, key, code).toString('hex')}`,
        captcha: null,
        attempts: 0,
        create_time: t,
        expire_time: t + CODE_TTL,
      })
      .onConflict('key')
      .merge();
    return code;
  }

  /** When the live code of destination + event was made (Unix seconds), or null when there is none. */
  async lastSentAt(destination: string, event: string): Promise<number | null> {
    const row = await this.row(this.key(destination, event));
    return row && row.expire_time > now() ? Number(row.create_time) : null;
  }

  /** True once per code: a match consumes it; a miss counts towards the attempt limit. */
  async verify(destination: string, event: string, code: unknown): Promise<boolean> {
    if (typeof code !== 'string' || !code.trim() || !destination.trim()) return false;
    const key = this.key(destination, event);
    const row = await this.row(key);
    if (!row) return false;
    if (row.expire_time <= now()) {
      await this.knex('captcha').where({ key }).delete();
      return false;
    }
    const [salt, hash] = row.code.split('$') as [string, string | undefined];
    const expected = Buffer.from(hash ?? '', 'hex');
    const given = this.digest(salt, key, code.trim());
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Deleting by the exact stored hash makes two simultaneous uses of one code succeed only once.
      return (await this.knex('captcha').where({ key, code: row.code }).delete()) === 1;
    }
    await this.knex('captcha').where({ key }).increment('attempts', 1);
    await this.knex('captcha').where({ key }).where('attempts', '>=', CODE_MAX_ATTEMPTS).delete();
    return false;
  }
}
