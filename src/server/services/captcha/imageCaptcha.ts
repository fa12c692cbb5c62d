import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from '../clock.ts';

/** Seconds an image captcha stays valid (reference member 4.4: 600). */
export const IMAGE_CAPTCHA_TTL = 600;
/** Four digits 1-9 (reference member 4.4). */
export const IMAGE_CAPTCHA_LENGTH = 4;
export const IMAGE_CAPTCHA_DIGITS = '123456789';
/** Wrong answers a captcha survives; the last one deletes it (reference 5.3, its Rec.). */
export const IMAGE_CAPTCHA_MAX_ATTEMPTS = 5;

/** The client makes up the id (a UUID in practice). */
export const IMAGE_CAPTCHA_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface Row {
  key: string;
  code: string;
  captcha: string | null;
  attempts: number;
  expire_time: number;
}

export function newImageCode(): string {
  let code = '';
  for (let i = 0; i < IMAGE_CAPTCHA_LENGTH; i++) code += IMAGE_CAPTCHA_DIGITS[randomInt(IMAGE_CAPTCHA_DIGITS.length)];
  return code;
}

/**
 * The image captcha of reference member 4.4, kept in the `captcha` table like the click captcha (every
 * process sees it): the row key is a keyed hash of the client's id and `code` a keyed hash of the code; the
 * row also keeps the PNG, so the same id asked again before it expires gets the same picture (the
 * reference redraws the same code: some web views load an image twice). One use, 5 tries, 10 minutes.
 */
export class ImageCaptchaService {
  constructor(
    private readonly knex: Knex,
    private readonly secret: string,
  ) {}

  private key(id: string): string {
    return createHmac('sha256', this.secret).update(`image:${id}`).digest('hex');
  }

  private digest(key: string, code: string): Buffer {
    return createHmac('sha256', this.secret).update(`${key}:${code}`).digest();
  }

  /** The PNG for an id: the live one, or a new one drawn by `draw` and kept (replacing an expired one). */
  async image(id: string, draw: (code: string) => Promise<Buffer>): Promise<Buffer> {
    const key = this.key(id);
    const t = now();
    await this.knex('captcha').where('expire_time', '<', t).delete();
    const live = await this.knex<Row>('captcha').where({ key }).where('expire_time', '>', t).first();
    if (live?.captcha) return Buffer.from(live.captcha, 'base64');
    const code = newImageCode();
    const png = await draw(code);
    await this.knex('captcha')
      .insert({ key, code: this.digest(key, code).toString('hex'), captcha: png.toString('base64'), attempts: 0, create_time: t, expire_time: t + IMAGE_CAPTCHA_TTL })
      .onConflict('key')
      .merge();
    return png;
  }

  /**
   * True once per captcha: the right code (blanks around it ignored) consumes it; a wrong one counts
   * towards the attempt limit; an unknown or expired id, or no code, fails.
   */
  async verify(id: unknown, code: unknown): Promise<boolean> {
    if (typeof id !== 'string' || !IMAGE_CAPTCHA_ID.test(id) || typeof code !== 'string' || !code.trim()) return false;
    const key = this.key(id);
    const row = await this.knex<Row>('captcha').where({ key }).first();
    if (!row) return false;
    if (row.expire_time <= now()) {
      await this.knex('captcha').where({ key }).delete();
      return false;
    }
    const expected = Buffer.from(row.code, 'hex');
    const given = this.digest(key, code.trim());
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Of two simultaneous uses only the one that deletes the row passes.
      return (await this.knex('captcha').where({ key, code: row.code }).delete()) === 1;
    }
    await this.knex('captcha').where({ key }).increment('attempts', 1);
    await this.knex('captcha').where({ key }).where('attempts', '>=', IMAGE_CAPTCHA_MAX_ATTEMPTS).delete();
    return false;
  }
}
