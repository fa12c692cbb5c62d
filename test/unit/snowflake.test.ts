import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { openDatabase } from '../../src/server/db.ts';
import { SNOWFLAKE_EPOCH, SnowflakeIds, SnowflakeService, WORKERS, allocateWorker, decodeSnowflake } from '../../src/server/services/snowflake.ts';

// Snowflake ids (the generator's `spk` keys): unique across workers, rising within one, whatever the clock does.

let dir: string;
let knex: Knex;
let other: Knex;
test.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snowflake-'));
  // Two connections to one database stand for two server processes sharing it.
  knex = await openDatabase(path.join(dir, 'portal.sqlite'));
  other = await openDatabase(path.join(dir, 'portal.sqlite'));
});
test.after.always(async () => {
  await knex?.destroy();
  await other?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const T = Date.UTC(2026, 10, 28, 6, 0, 0);
const big = (ids: string[]) => ids.map((id) => BigInt(id));
const rising = (ids: string[]) => big(ids).every((id, i, all) => i === 0 || id > all[i - 1]!);

test('two workers on one clock never make the same id, and each id is beyond 2^53', (t) => {
  const clock = () => T;
  const a = new SnowflakeIds(1, clock);
  const b = new SnowflakeIds(2, clock);
  const ids = Array.from({ length: 5000 }, () => [a.next(), b.next()]).flat();
  t.is(new Set(ids).size, ids.length);
  t.true(big(ids).every((id) => id > 2n ** 53n && id < 2n ** 63n));
  t.deepEqual(decodeSnowflake(ids[0]!), { time: T, worker: 1, sequence: 0 });
  t.deepEqual(decodeSnowflake(ids[1]!), { time: T, worker: 2, sequence: 0 });
});

test('ids rise within a worker: a spent millisecond borrows the next, a clock stepping back does not lower them', (t) => {
  let now = T;
  const ids = new SnowflakeIds(7, () => now);
  const first = Array.from({ length: 4097 }, () => ids.next());
  t.true(rising(first), '4097 ids in one millisecond still rise');
  t.deepEqual(decodeSnowflake(first[4096]!), { time: T + 1, worker: 7, sequence: 0 }, 'the 4097th borrows the next millisecond');

  now = T - 5000;
  const afterStepBack = Array.from({ length: 10 }, () => ids.next());
  t.true(rising([...first, ...afterStepBack]), 'a clock set back five seconds does not make a smaller id');
  now = T + 10;
  const later = ids.next();
  t.true(BigInt(later) > BigInt(afterStepBack.at(-1)!));
  t.deepEqual(decodeSnowflake(later), { time: T + 10, worker: 7, sequence: 0 }, 'and the clock rules again once it passes the last time');
});

test('a worker outside 0..1023 or a clock before the epoch is refused', (t) => {
  t.throws(() => new SnowflakeIds(WORKERS), { instanceOf: RangeError });
  t.throws(() => new SnowflakeIds(-1), { instanceOf: RangeError });
  t.throws(() => new SnowflakeIds(0, () => SNOWFLAKE_EPOCH - 1).next(), { instanceOf: RangeError });
});

test.serial('processes sharing a database take different workers, and their ids never collide', async (t) => {
  const workers = [await allocateWorker(knex), await allocateWorker(other), await allocateWorker(knex)];
  t.is(new Set(workers).size, 3, `workers ${workers.join(', ')}`);

  const one = new SnowflakeService(knex);
  const two = new SnowflakeService(other);
  const ids: string[] = [];
  for (let i = 0; i < 2000; i++) ids.push(await one.next(), await two.next());
  t.is(new Set(ids).size, ids.length);
  t.true(rising(ids.filter((_, i) => i % 2 === 0)) && rising(ids.filter((_, i) => i % 2 === 1)), 'each process only rises');
  t.not(decodeSnowflake(ids[0]!).worker, decodeSnowflake(ids[1]!).worker);
});

test.serial('the worker table keeps the last 1024 rows: a worker number is reused only after 1024 later starts', async (t) => {
  const [{ n: before }] = await knex('snowflake_worker').count({ n: '*' });
  t.true(Number(before) < WORKERS);
  await knex.batchInsert('snowflake_worker', Array.from({ length: WORKERS }, () => ({ pid: 1, host: 'test', create_time: 0 })), 200);
  const worker = await allocateWorker(knex);
  const [{ n }] = await knex('snowflake_worker').count({ n: '*' });
  t.is(Number(n), WORKERS, 'older rows were dropped');
  const newest = await knex('snowflake_worker').max({ id: 'id' }).first<{ id: number }>();
  t.is(worker, Number(newest.id) % WORKERS);
});
