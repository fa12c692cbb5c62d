import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db.ts';
import { ensureResourceIndexes } from '../../src/server/services/resourceIndexes.ts';
import { listVersion } from '../../src/server/services/listVersions.ts';
import { resources } from '../../src/resources/index.ts';

test("a table's list version changes with its rows, is read without the schema while that stays, and is gone with a trigger", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-listversion-'));
  const knex = await openDatabase(path.join(dir, 'versions.sqlite'));
  try {
    await ensureResourceIndexes(knex, resources);
    const statements: string[] = [];
    knex.on('query', (q: { sql: string }) => statements.push(q.sql));
    const first = await listVersion(knex, 'news');
    t.truthy(first);
    statements.length = 0;
    t.is(await listVersion(knex, 'news'), first, 'unchanged while no row is written');
    t.false(
      statements.some((sql) => sql.includes('sqlite_master')),
      `the triggers are not looked for again while the schema stays: ${statements.join('; ')}`,
    );

    const [category] = (await knex('news_category').insert({ name: '漕运' }).returning('id')) as Array<{ id: number }>;
    await knex('news').insert({ title: '通惠河', title_en: 'Tonghui River', category_id: category!.id, publish_time: 0 });
    const written = await listVersion(knex, 'news');
    t.truthy(written);
    t.not(written, first, 'a written row changes it');
    t.is(await knex.transaction((trx) => listVersion(trx, 'news')), written, 'the same inside a transaction');

    // A table without one of its triggers would keep its value while its rows change: it has none then.
    await knex.raw('DROP TRIGGER list_version_news_au');
    t.is(await listVersion(knex, 'news'), null);
    await knex('news').update({ weigh: 5 });
    t.is(await listVersion(knex, 'news'), null);

    await ensureResourceIndexes(knex, resources);
    t.truthy(await listVersion(knex, 'news'), 'back with its triggers');
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
