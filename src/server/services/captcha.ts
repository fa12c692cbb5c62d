import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { now } from './clock.ts';

export const CAPTCHA_TTL = 600;

/** One thing to click: its box in image pixels (top-left corner, size) and what the prompt calls it. */
export interface CaptchaTarget {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the `captcha` row keeps of a click captcha: the targets in click order, the decoys, the image size. */
export interface StoredCaptcha {
  targets: CaptchaTarget[];
  /** Drawn like the targets but not asked for: kept to measure what a bot that finds every glyph could guess. */
  decoys: CaptchaTarget[];
  width: number;
  height: number;
}

/**
 * Image pixels a click may land beside a glyph's ink and still count: room for a finger and for thin
 * strokes, the same for every glyph, so a large glyph is not a larger target beyond its own ink. Glyphs are
 * drawn more than twice this far apart (image.ts), so no click counts for two of them.
 */
export const HIT_TOLERANCE = 3;

export interface ClickInfo {
  clicks: Array<[number, number]>;
  shownWidth: number;
  shownHeight: number;
}

const NUMBER = /^\d+(?:\.\d+)?$/;

/** Parses the reference `info` format `x1,y1-x2,y2;W;H`; anything else is null (never an exception). */
export function parseClickInfo(info: unknown): ClickInfo | null {
  if (typeof info !== 'string' || info.length > 200) return null;
  const parts = info.split(';');
  if (parts.length !== 3) return null;
  const [points, w, h] = parts as [string, string, string];
  if (!NUMBER.test(w) || !NUMBER.test(h) || Number(w) <= 0 || Number(h) <= 0) return null;
  const clicks: Array<[number, number]> = [];
  for (const point of points.split('-')) {
    const xy = point.split(',');
    if (xy.length !== 2 || !NUMBER.test(xy[0]!) || !NUMBER.test(xy[1]!)) return null;
    clicks.push([Number(xy[0]), Number(xy[1])]);
  }
  return { clicks, shownWidth: Number(w), shownHeight: Number(h) };
}

/** Exactly one click per target, in order, each inside its box (or HIT_TOLERANCE beside it) once scaled back to image pixels. */
export function clicksMatch(captcha: StoredCaptcha, info: ClickInfo): boolean {
  if (info.clicks.length !== captcha.targets.length) return false;
  return captcha.targets.every((target, i) => {
    const [cx, cy] = info.clicks[i]!;
    const x = (cx * captcha.width) / info.shownWidth;
    const y = (cy * captcha.height) / info.shownHeight;
    const [left, top] = [target.x - HIT_TOLERANCE, target.y - HIT_TOLERANCE];
    const [right, bottom] = [target.x + target.width + HIT_TOLERANCE, target.y + target.height + HIT_TOLERANCE];
    return x >= left && x <= right && y >= top && y <= bottom;
  });
}

/**
 * Click captchas kept in the `captcha` table under a keyed hash of the client's id (reference 4.1-4.3, with
 * its fixes: exact click count, malformed input fails, a failed or business use consumes the captcha).
 */
export class CaptchaService {
  constructor(
    private readonly knex: Knex,
    private readonly secret: string,
  ) {}

  private key(id: string): string {
    return createHmac('sha256', this.secret).update(`click:${id}`).digest('hex');
  }

  async save(id: string, captcha: StoredCaptcha): Promise<void> {
    const t = now();
    await this.knex('captcha').where('expire_time', '<', t).delete();
    await this.knex('captcha')
      .insert({ key: this.key(id), code: '', captcha: JSON.stringify(captcha), attempts: 0, create_time: t, expire_time: t + CAPTCHA_TTL })
      .onConflict('key')
      .merge();
  }

  async load(id: string): Promise<StoredCaptcha | null> {
    if (typeof id !== 'string' || !id || id.length > 100) return null;
    const row = await this.knex('captcha').where({ key: this.key(id) }).first<{ captcha: string; expire_time: number } | undefined>();
    if (!row) return null;
    if (row.expire_time <= now()) {
      await this.remove(id);
      return null;
    }
    return JSON.parse(row.captcha) as StoredCaptcha;
  }

  async remove(id: string): Promise<void> {
    await this.knex('captcha').where({ key: this.key(id) }).delete();
  }

  /**
   * Checks the clicks. A pass with `consume` false keeps the captcha for the business call that follows
   * (the popup's instant feedback); a pass with `consume` true, or any failure, deletes it.
   */
  async check(id: unknown, info: unknown, consume: boolean): Promise<boolean> {
    if (typeof id !== 'string') return false;
    const captcha = await this.load(id);
    const clicks = parseClickInfo(info);
    if (!captcha) return false;
    const ok = clicks !== null && clicksMatch(captcha, clicks);
    if (!ok || consume) await this.remove(id);
    return ok;
  }

  /** Business use: the captcha must pass and is consumed either way, so it cannot be replayed. */
  verify(id: unknown, info: unknown): Promise<boolean> {
    return this.check(id, info, true);
  }
}
