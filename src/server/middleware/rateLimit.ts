import type { Context } from 'koa';
import { ApiError } from './envelope.ts';

export interface RateLimit {
  /** Requests allowed per window and IP. */
  max: number;
  windowSec: number;
}

/**
 * Fixed-window counters per (bucket, IP), in memory: enough to brake password guessing and code spamming on
 * one process. Behind several processes each keeps its own count, which only loosens the limit.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly factor = 1) {}

  hit(ctx: Context, bucket: string, limit: RateLimit): void {
    if (this.factor === 0) return;
    const max = limit.max * this.factor;
    const t = Date.now();
    const key = `${bucket}|${ctx.ip}`;
    const w = this.windows.get(key);
    if (!w || t - w.start >= limit.windowSec * 1000) {
      this.windows.set(key, { start: t, count: 1 });
      if (this.windows.size > 50_000) this.sweep(t, limit.windowSec);
      return;
    }
    w.count++;
    if (w.count > max) {
      const retry = Math.ceil((w.start + limit.windowSec * 1000 - t) / 1000);
      ctx.set('Retry-After', String(retry));
      throw new ApiError('tooManyRequests', 0, null, { seconds: retry });
    }
  }

  private sweep(t: number, windowSec: number): void {
    for (const [key, w] of this.windows) if (t - w.start >= windowSec * 1000) this.windows.delete(key);
  }
}
