import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { Knex } from 'knex';
import { openDatabase } from '../../src/server/db.ts';
import type { LazyModules } from '../../src/server/moduleFolders.ts';

// Opening a database migrates it only when it does not record exactly the server's migrations (db.ts): an
// up-to-date one skips knex's migrator and its lock; any other goes through the migrator as before.

/** A migration of a unit added at start, creating one table. */
const EXTRA: LazyModules = [
  [
    '20991231_extra_table.ts',
    async () => ({
      up: (knex: Knex) => knex.schema.createTable('extra_table', (table) => table.increments('id')),
      down: (knex: Knex) => knex.schema.dropTable('extra_table'),
    }),
  ],
];

/** A migrated database in a folder of its own, closed; removed after the test. */
async function migratedFile(t: { teardown(fn: () => void): void }): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-open-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'portal.sqlite');
  await (await openDatabase(file)).destroy();
  return file;
}

/** Runs `edit` on the database file through a connection of its own. */
async function change(file: string, edit: (knex: Knex) => Promise<unknown>): Promise<void> {
  const knex = await openDatabase(file);
  try {
    await edit(knex);
  } finally {
    await knex.destroy();
  }
}

const lockHeld = (knex: Knex) => knex('knex_migrations_lock').update({ is_locked: 1 });

test('an up-to-date database opens without the migrator: a lock a crashed migration left does not stop the start', async (t) => {
  const file = await migratedFile(t);
  await change(file, lockHeld);
  const knex = await openDatabase(file);
  t.teardown(() => knex.destroy());
  t.is(((await knex('knex_migrations_lock').first('is_locked')) as { is_locked: number }).is_locked, 1, 'untouched');
  t.true((await knex('knex_migrations').count<{ n: number }[]>({ n: '*' }))[0]!.n > 30);
});

test('a database missing a migration is migrated; while the lock is held the migrator refuses it', async (t) => {
  const file = await migratedFile(t);
  await change(file, lockHeld);
  await t.throwsAsync(openDatabase(file, EXTRA), { message: /already locked/ });
  await change(file, (knex) => knex('knex_migrations_lock').update({ is_locked: 0 }));
  const knex = await openDatabase(file, EXTRA);
  t.teardown(() => knex.destroy());
  t.true(await knex.schema.hasTable('extra_table'));
  t.truthy(await knex('knex_migrations').where({ name: '20991231_extra_table.ts' }).first());
});

test('a database that records a migration this server does not have goes to the migrator, which refuses it', async (t) => {
  const file = await migratedFile(t);
  await change(file, (knex) => knex('knex_migrations').insert({ name: '20991231_from_a_later_version.ts', batch: 99, migration_time: new Date() }));
  await t.throwsAsync(openDatabase(file), { message: /missing/ });
});
