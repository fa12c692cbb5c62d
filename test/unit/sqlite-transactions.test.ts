import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/server/db.ts';

// Transactions on SQLite take the write lock when they begin (src/server/sqliteClient.ts): another process that
// writes while one runs waits for it or gives up, instead of turning the transaction down halfway.

test('a transaction that reads then writes is never turned down by a write of another connection in between', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-trx-'));
  const file = path.join(dir, 'trx.sqlite');
  const knex = await openDatabase(file);
  // Another process, as a second server or a script would be: its own connection, which waits 100 ms at most.
  const other = new Database(file, { timeout: 100 });
  try {
    await knex.schema.createTable('visit', (table) => {
      table.increments('id');
      table.string('who').notNullable();
    });
    await knex.transaction(async (trx) => {
      const before = await trx('visit').count<{ n: number }[]>('id as n');
      t.is(Number(before[0]!.n), 0);
      t.throws(() => other.prepare('INSERT INTO visit (who) VALUES (?)').run('script'), { any: true, code: 'SQLITE_BUSY' }, 'the other writer waits its turn');
      await trx('visit').insert({ who: 'portal' });
    });
    other.prepare('INSERT INTO visit (who) VALUES (?)').run('script');
    t.deepEqual((await knex('visit').orderBy('id').select('who')).map((r: { who: string }) => r.who), ['portal', 'script']);
  } finally {
    other.close();
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
