import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { publishingOf } from '../../resources/publishing.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { now } from './clock.ts';

/** The longest a timer may be set for (setTimeout's limit is 24.8 days); a later time is armed again then. */
const MAX_WAIT_MS = 24 * 3600 * 1000;
/** Fired this long after the second starts, so `now()` has reached it on every clock reading. */
const FIRE_LATE_MS = 20;

/** Each resource with a publish time, and the next second one of its rows becomes public. */
type Next = Map<ResourceDef, number>;

/**
 * Makes scheduled rows appear on time in this process's caches, without a request: a timer set for the
 * next publish time among the scheduled rows of every resource that declares one. At that second it drops
 * the cached pages of that resource's sections (in this process: every process runs its own timer) and
 * looks for the next. The times are read again whenever a cache is dropped here or in another process (a
 * write that schedules, moves or withdraws a row always drops its sections' pages), so a post scheduled
 * through one process is on time in all of them.
 */
export class PublishSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  /** A reload was asked for while one ran: run once more after it. */
  private again = false;
  private stopped = true;
  private next: Next = new Map();

  constructor(
    private readonly knex: Knex,
    private readonly resources: () => readonly ResourceDef[],
    /** Drops, in this process, the caches that show these sections. */
    private readonly drop: (tags: readonly string[]) => Promise<void>,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.reload();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The next second a scheduled row becomes public, or null when none is scheduled. */
  get nextTime(): number | null {
    const times = [...this.next.values()];
    return times.length ? Math.min(...times) : null;
  }

  /** Reads the scheduled times again and sets the timer for the earliest; overlapping calls run once more. */
  async reload(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        this.next = await this.read();
        this.arm();
      } while (this.again && !this.stopped);
    } catch (err) {
      this.log.warn({ err }, 'reading the scheduled publish times failed');
    } finally {
      this.running = false;
    }
  }

  private async read(): Promise<Next> {
    const at = now();
    const next: Next = new Map();
    for (const def of this.resources()) {
      const publishing = publishingOf(def);
      if (!publishing?.field || !def.cacheTags?.length) continue;
      const row = await this.knex(def.table)
        .where(publishing.status, publishing.value)
        .where(publishing.field, '>', at)
        .min<{ next: number | string | null }>({ next: publishing.field })
        .first();
      if (row?.next !== null && row?.next !== undefined) next.set(def, Number(row.next));
    }
    return next;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const time = this.nextTime;
    if (time === null || this.stopped) return;
    const wait = Math.min(Math.max(time * 1000 - Date.now() + FIRE_LATE_MS, 0), MAX_WAIT_MS);
    this.timer = setTimeout(() => void this.fire(), wait);
    this.timer.unref();
  }

  private async fire(): Promise<void> {
    this.timer = null;
    const at = now();
    const due = [...this.next].filter(([, time]) => time <= at).flatMap(([def]) => def.cacheTags ?? []);
    try {
      // Dropping the caches reloads the times (this schedule is one of them); nothing due: the wait was capped.
      if (due.length) await this.drop([...new Set(due)]);
      else await this.reload();
    } catch (err) {
      this.log.warn({ err }, 'dropping the pages of scheduled rows failed');
      await this.reload();
    }
  }
}
