import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { now } from './clock.ts';

/** How often a process looks for invalidations made by the others (ms). */
export const CACHE_POLL_MS = 300;
/** Seconds an event is kept: far longer than any poll interval. */
const EVENT_TTL = 120;
/**
 * How long a skipped id is looked for again (ms). On PostgreSQL, ids come from a sequence when the insert
 * starts, so a row with a smaller id can become visible after a larger one; a skipped id is that, or a failed
 * insert that never shows.
 */
const GAP_WAIT_MS = 10_000;
/** At most this many skipped ids are remembered (a sequence that jumped, say after a crash, is no event). */
const MAX_GAPS = 1000;

/** What another process asks this one to drop: some content kinds, or (null) everything. */
export type CacheEvent = readonly string[] | null;

/**
 * Cache invalidations shared by every server process through the `cache_event` table: a process that changes
 * content records which kinds changed; every other process reads new rows every {@link CACHE_POLL_MS} ms and
 * drops the same caches. Works on SQLite (several processes on one host) and PostgreSQL alike.
 */
export class CacheEvents {
  /** This process, so it skips the events it recorded itself (it applied them already). */
  readonly origin = randomBytes(8).toString('hex');
  private lastId = 0;
  /** Ids below lastId not seen yet, with when they were first missed. */
  private readonly gaps = new Map<number, number>();
  private lastPoll = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly knex: Knex,
    private readonly log: Logger,
  ) {}

  async publish(tags: CacheEvent): Promise<void> {
    const t = now();
    await this.knex('cache_event').insert({ origin: this.origin, tags: tags ? JSON.stringify(tags) : null, create_time: t });
    await this.knex('cache_event').where('create_time', '<', t - EVENT_TTL).delete();
  }

  /** Starts applying the other processes' events; only those recorded from now on. */
  async start(apply: (event: CacheEvent) => Promise<void>): Promise<void> {
    const row = await this.knex('cache_event').max<{ id: number | null }>('id as id').first();
    this.lastId = Number(row?.id ?? 0);
    this.lastPoll = Date.now();
    const tick = () => {
      this.polling = this.poll(apply).finally(() => {
        this.polling = null;
        if (this.timer) this.timer = setTimeout(tick, CACHE_POLL_MS).unref();
      });
    };
    this.timer = setTimeout(tick, CACHE_POLL_MS).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
  }

  private async poll(apply: (event: CacheEvent) => Promise<void>): Promise<void> {
    try {
      // After a long pause (database unreachable, process stopped in a debugger) events may have expired
      // unseen: drop everything rather than serve what another process changed.
      if (Date.now() - this.lastPoll > (EVENT_TTL * 1000) / 2) await apply(null);
      const gaps = [...this.gaps.keys()];
      const rows = await this.knex('cache_event')
        .where('id', '>', this.lastId)
        .modify((q) => {
          if (gaps.length > 0) q.orWhereIn('id', gaps);
        })
        .orderBy('id')
        .select<{ id: number; origin: string; tags: string | null }[]>('id', 'origin', 'tags');
      const t = Date.now();
      this.lastPoll = t;
      for (const row of rows) {
        const id = Number(row.id);
        if (!this.gaps.delete(id)) {
          for (let skipped = this.lastId + 1; skipped < id && this.gaps.size < MAX_GAPS; skipped++) this.gaps.set(skipped, t);
          this.lastId = Math.max(this.lastId, id);
        }
        if (row.origin !== this.origin) await apply(row.tags === null ? null : (JSON.parse(row.tags) as string[]));
      }
      for (const [id, since] of this.gaps) if (t - since > GAP_WAIT_MS) this.gaps.delete(id);
    } catch (err) {
      this.log.warn({ err }, 'reading cache invalidations failed; retrying');
    }
  }
}
