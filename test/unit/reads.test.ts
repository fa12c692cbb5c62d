import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { openDatabase } from '../../src/server/db.ts';
import { openReads, type Build } from '../../src/server/reads.ts';

// The public pages' read connection compiles a query once per key with stand-ins for its values: each call
// must still read with its own values, and the connection must refuse anything but a read.

async function withFile(t: { teardown(fn: () => void): void }): Promise<{ knex: Knex; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-reads-'));
  const file = path.join(dir, 'reads.sqlite');
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
  await knex.raw('pragma journal_mode = wal');
  await knex.schema.createTable('item', (table) => {
    table.increments('id');
    table.integer('kind').notNullable();
    table.string('name').notNullable();
  });
  await knex('item').insert([1, 2, 1, 2, 1].map((kind, i) => ({ kind, name: `item ${i + 1}` })));
  t.teardown(() => {
    void knex.destroy().then(() => fs.rmSync(dir, { recursive: true, force: true }));
  });
  return { knex, file };
}

const byKind = (knex: Knex): Build<{ kind: number; offset: number }> => (p) => knex('item').where('kind', p.kind).select('id', 'name').orderBy('id').limit(2).offset(p.offset as number);

test('a kept query reads with each call’s values, as knex would', async (t) => {
  const { knex, file } = await withFile(t);
  const reads = openReads(knex, file);
  try {
    for (const params of [
      { kind: 1, offset: 0 },
      { kind: 2, offset: 0 },
      { kind: 1, offset: 2 },
      { kind: 3, offset: 0 },
    ]) {
      t.deepEqual(await reads.rows('item:kind', params, byKind(knex)), await byKind(knex)(params), JSON.stringify(params));
    }
    // What a write commits after the statement was kept is read.
    await knex('item').insert({ kind: 3, name: 'item 6' });
    t.deepEqual(await reads.rows('item:kind', { kind: 3, offset: 0 }, byKind(knex)), [{ id: 6, name: 'item 6' }]);
  } finally {
    reads.close();
  }
});

test('rows are the objects knex answers: names as selected, nulls, and the last of two columns of one name', async (t) => {
  const { knex, file } = await withFile(t);
  const reads = openReads(knex, file);
  try {
    const build: Build<{ kind: number }> = (p) =>
      knex('item as a')
        .leftJoin('item as b', (join) => join.on('b.id', '=', knex.raw('a.id + 1')))
        .where('a.kind', p.kind)
        .select('a.id', 'a.name', 'b.name as next_name', 'b.id')
        .orderBy('a.id');
    for (const kind of [1, 2]) t.deepEqual(await reads.rows('item:next', { kind }, build), await build({ kind }), `kind ${kind}`);
    const [last] = (await reads.rows('item:next', { kind: 1 }, build)).slice(-1);
    t.deepEqual(last, { id: null, name: 'item 5', next_name: null });
  } finally {
    reads.close();
  }
});

test('the read connection refuses a write and a call missing a value, and changes nothing', async (t) => {
  const { knex, file } = await withFile(t);
  const reads = openReads(knex, file);
  try {
    await t.throwsAsync(
      reads.rows('item:delete', {}, () => knex('item').delete()),
      { message: /not a read/ },
    );
    await reads.rows('item:kind', { kind: 1, offset: 0 }, byKind(knex));
    await t.throwsAsync(reads.rows('item:kind', { kind: 1 } as unknown as { kind: number; offset: number }, byKind(knex)), { message: /no value for offset/ });
    t.is((await knex('item').count({ n: '*' }))[0]!.n, 5);
  } finally {
    reads.close();
  }
});

test('a database in memory is read through knex, built with the values each time', async (t) => {
  const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  t.teardown(() => knex.destroy());
  await knex.schema.createTable('item', (table) => {
    table.increments('id');
    table.integer('kind').notNullable();
    table.string('name').notNullable();
  });
  await knex('item').insert([{ kind: 1, name: 'a' }, { kind: 2, name: 'b' }]);
  const reads = openReads(knex, ':memory:');
  t.deepEqual(await reads.rows('item:kind', { kind: 2, offset: 0 }, byKind(knex)), [{ id: 2, name: 'b' }]);
  t.deepEqual(await reads.rows('item:kind', { kind: 1, offset: 0 }, byKind(knex)), [{ id: 1, name: 'a' }]);
});

test('the page connection and the writer keep SQLite’s 2 MB page cache, not the 16 MB better-sqlite3 builds in', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cache-'));
  const file = path.join(dir, 'portal.sqlite');
  const knex = await openDatabase(file);
  const reads = openReads(knex, file);
  try {
    t.deepEqual(await knex.raw('pragma cache_size'), [{ cache_size: -2000 }]);
    t.deepEqual(await reads.rows('cache size', {}, () => knex.raw('pragma cache_size') as unknown as Knex.QueryBuilder), [{ cache_size: -2000 }]);
  } finally {
    reads.close();
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
