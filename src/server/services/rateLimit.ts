import type { Knex } from 'knex';
import { now } from './clock.ts';

export interface RateLimit {
  /** Requests allowed per window and IP. */
  max: number;
  windowSec: number;
}

/** Seconds between sweeps of finished windows (per process). */
const SWEEP_EVERY = 60;

/**
 * Fixed-window counters per (bucket, IP) in the `rate_limit` table, so a limit counts the requests of every
 * server process behind the load balancer. Counting is one atomic upsert: a window that has run out starts
 * again at 1, otherwise the count goes up by one.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly knex: Knex,
    private readonly factor = 1,
  ) {}

  /** Counts one request of `ip` in `bucket`: the seconds until it may try again when over the limit, else null. */
  async hit(ip: string, bucket: string, limit: RateLimit): Promise<number | null> {
    if (this.factor === 0) return null;
    const max = limit.max * this.factor;
    const t = now();
    await this.sweep(t);
    const key = `${bucket}|${ip}`.slice(0, 191);
    const { count, windowStart } = await this.count(key, t, limit.windowSec);
    return count > max ? Math.max(1, windowStart + limit.windowSec - t) : null;
  }

  private async count(key: string, t: number, windowSec: number): Promise<{ count: number; windowStart: number }> {
    const ended = t - windowSec;
    const restart = (fresh: string, kept: string) => this.knex.raw(`CASE WHEN rate_limit.window_start <= ? THEN ${fresh} ELSE ${kept} END`, [ended]);
    const [row] = (await this.knex('rate_limit')
      .insert({ key, count: 1, window_start: t, expire_time: t + windowSec })
      .onConflict('key')
      .merge({
        count: restart('1', 'rate_limit.count + 1'),
        window_start: restart('excluded.window_start', 'rate_limit.window_start'),
        expire_time: restart('excluded.expire_time', 'rate_limit.expire_time'),
      })
      .returning(['count', 'window_start'])) as { count: number; window_start: number }[];
    return { count: Number(row?.count ?? 1), windowStart: Number(row?.window_start ?? t) };
  }

  /** Finished windows are deleted now and then, so the table holds only the current ones. */
  private async sweep(t: number): Promise<void> {
    if (t - this.lastSweep < SWEEP_EVERY) return;
    this.lastSweep = t;
    await this.knex('rate_limit').where('expire_time', '<', t).delete();
  }
}
