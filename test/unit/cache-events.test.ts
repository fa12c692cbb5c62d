import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Knex } from 'knex';
import { openDatabase } from '../../src/server/db.ts';
import { CACHE_POLL_MS, CacheEvents, type CacheEvent } from '../../src/server/services/cacheEvents.ts';

// Cache invalidations between processes: two CacheEvents on one database stand for two server processes.

let dir: string;
let knex: Knex;
test.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-events-'));
  knex = await openDatabase(path.join(dir, 'portal.sqlite'));
});
test.after.always(async () => {
  await knex?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const log = pino({ level: 'silent' });
const settle = () => new Promise((resolve) => setTimeout(resolve, CACHE_POLL_MS * 3));

test.serial('what one process publishes, the other applies once; its own events it has applied already', async (t) => {
  const a = new CacheEvents(knex, log);
  const b = new CacheEvents(knex, log);
  const seenByA: CacheEvent[] = [];
  const seenByB: CacheEvent[] = [];
  await a.start(async (e) => void seenByA.push(e));
  await b.start(async (e) => void seenByB.push(e));
  try {
    await a.publish(['news']);
    await a.publish(null);
    await settle();
    t.deepEqual(seenByB, [['news'], null]);
    t.deepEqual(seenByA, []);
  } finally {
    await a.stop();
    await b.stop();
  }
});

test.serial('an event that becomes visible after a later one (a PostgreSQL sequence race) is still applied', async (t) => {
  const b = new CacheEvents(knex, log);
  const seen: CacheEvent[] = [];
  await b.start(async (e) => void seen.push(e));
  try {
    const { id } = (await knex('cache_event').max<{ id: number }>('id as id').first())!;
    const row = (n: number, tag: string) => ({ id: Number(id) + n, origin: 'other', tags: JSON.stringify([tag]), create_time: Math.floor(Date.now() / 1000) });
    // Id n+2 commits first; n+1, taken earlier, shows up a moment later.
    await knex('cache_event').insert(row(2, 'second'));
    await settle();
    await knex('cache_event').insert(row(1, 'first'));
    await settle();
    t.deepEqual(seen, [['second'], ['first']]);
  } finally {
    await b.stop();
  }
});
