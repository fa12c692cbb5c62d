import os from 'node:os';
import type { Knex } from 'knex';
import { now } from './clock.ts';

/**
 * Snowflake ids (the generator's `spk` keys): 64-bit keys a process makes without asking the database for each
 * row, rising with time. The layout, from the high bit down:
 *
 *   1 bit    0, so an id fits a signed bigint column on both databases
 *   41 bits  milliseconds since SNOWFLAKE_EPOCH (2024-01-01 UTC): room until 2093
 *   10 bits  the worker: one per process, taken from the database (allocateWorker)
 *   12 bits  the sequence within the millisecond: 4096 ids
 *
 * Within a process ids only rise: a clock that steps back does not lower them (the last time is kept), and a
 * millisecond whose 4096 ids are spent borrows the next one rather than waiting. Any id made after
 * 2024-01-25 is above 2^53, beyond what a JavaScript number holds exactly, so ids are decimal strings.
 */
export const SNOWFLAKE_EPOCH = Date.UTC(2024, 0, 1);
const WORKER_BITS = 10n;
const SEQUENCE_BITS = 12n;
export const WORKERS = 2 ** Number(WORKER_BITS);
const SEQUENCES = 2 ** Number(SEQUENCE_BITS);
const TIMES = 2 ** 41;

/** The parts of an id, for tests and for reading when a row's key was made. */
export interface SnowflakeParts {
  /** Unix milliseconds. */
  time: number;
  worker: number;
  sequence: number;
}

export function decodeSnowflake(id: string): SnowflakeParts {
  const n = BigInt(id);
  return {
    time: Number(n >> (WORKER_BITS + SEQUENCE_BITS)) + SNOWFLAKE_EPOCH,
    worker: Number((n >> SEQUENCE_BITS) & BigInt(WORKERS - 1)),
    sequence: Number(n & BigInt(SEQUENCES - 1)),
  };
}

/** The ids of one worker. */
export class SnowflakeIds {
  private last = -1;
  private sequence = 0;

  constructor(
    readonly worker: number,
    private readonly clock: () => number = Date.now,
  ) {
    if (!Number.isInteger(worker) || worker < 0 || worker >= WORKERS) throw new RangeError(`not a snowflake worker: ${worker}`);
  }

  next(): string {
    let time = Math.max(this.clock() - SNOWFLAKE_EPOCH, this.last);
    if (time === this.last) {
      this.sequence++;
      if (this.sequence === SEQUENCES) {
        time++;
        this.sequence = 0;
      }
    } else {
      this.sequence = 0;
    }
    if (time < 0 || time >= TIMES) throw new RangeError('the clock is outside the snowflake time range');
    this.last = time;
    return ((BigInt(time) << (WORKER_BITS + SEQUENCE_BITS)) | (BigInt(this.worker) << SEQUENCE_BITS) | BigInt(this.sequence)).toString();
  }
}

/**
 * A worker number for this process: the key of the row it adds to `snowflake_worker`, modulo 1024. Keys are
 * never reused, so two processes share a worker only if 1024 others started while both ran; rows older
 * than the last 1024 are dropped.
 */
export async function allocateWorker(knex: Knex): Promise<number> {
  const [row] = await knex('snowflake_worker').insert({ pid: process.pid, host: os.hostname().slice(0, 100), create_time: now() }).returning('id');
  const id = Number(typeof row === 'object' ? (row as { id: number }).id : row);
  await knex('snowflake_worker').where('id', '<=', id - WORKERS).delete();
  return id % WORKERS;
}

/** This process's snowflake ids, its worker taken at the first id (so a process that makes none takes none). */
export class SnowflakeService {
  private ids: Promise<SnowflakeIds> | null = null;

  constructor(private readonly knex: Knex) {}

  async next(): Promise<string> {
    this.ids ??= allocateWorker(this.knex).then(
      (worker) => new SnowflakeIds(worker),
      (err: unknown) => {
        // A failed allocation (the database briefly away) is tried again by the next id.
        this.ids = null;
        throw err;
      },
    );
    return (await this.ids).next();
  }
}
