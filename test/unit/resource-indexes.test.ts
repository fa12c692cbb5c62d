import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db.ts';
import { ensureResourceIndexes, listIndexes } from '../../src/server/services/resourceIndexes.ts';
import { resources } from '../../src/resources/index.ts';

const news = resources.find((r) => r.name === 'content/news')!;

test('list indexes follow the definition: default order, sortable columns, equality then range filters', (t) => {
  const wanted = listIndexes(news).map((c) => c.join(','));
  t.true(wanted.includes('weigh,id'), 'default order');
  t.true(wanted.includes('publish_time,id'), 'sortable');
  t.true(wanted.includes('category_id,weigh,id'), 'an equality filter, then the default order');
  t.true(wanted.includes('status,weigh,id'));
  t.false(wanted.some((w) => w.startsWith('title')), 'LIKE searches get none');
  t.false(wanted.includes('id'), 'the primary key is indexed already');
  t.false(wanted.includes('publish_time'), 'a range filter on a sortable column uses its sort index');
});

test('ensureResourceIndexes creates them once, and the list query uses them', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-idx-'));
  const knex = await openDatabase(path.join(dir, 'idx.sqlite'));
  try {
    await ensureResourceIndexes(knex, resources);
    await ensureResourceIndexes(knex, resources);
    const names = (await knex('sqlite_master').where({ type: 'index', tbl_name: 'news' }).select<{ name: string }[]>('name')).map((r) => r.name);
    t.true(names.includes('news_weigh_id_list'));
    t.true(names.includes('news_category_id_weigh_id_list'));
    const plan = (await knex.raw('explain query plan select * from news order by weigh desc, id desc limit 10')) as Array<{ detail: string }>;
    t.regex(plan.map((p) => p.detail).join(' '), /USING INDEX news_weigh_id_list/);
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a start finds the quick-search indexes as declared from one read of the schema, and builds an older form again', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-idx-'));
  const knex = await openDatabase(path.join(dir, 'idx.sqlite'));
  const trigger = async () => (await knex('sqlite_master').where({ type: 'trigger', name: 'quicksearch_news_ai' }).first<{ sql: string }>('sql')).sql;
  try {
    await ensureResourceIndexes(knex, resources);
    const declared = await trigger();
    // SQLite counts every change of the schema; schema statements run as one script, outside knex's events.
    const schemaVersion = async () => ((await knex.raw('PRAGMA schema_version')) as Array<{ schema_version: number }>)[0]!.schema_version;
    const before = await schemaVersion();
    const statements: string[] = [];
    knex.on('query', (q: { sql: string }) => statements.push(q.sql));
    await ensureResourceIndexes(knex, resources);
    t.false(statements.some((sql) => /^\s*(create|drop|insert)/i.test(sql)), 'nothing written when nothing changed');
    t.true(statements.length <= 4, `the schema read once, not per resource: ${statements.length} statements`);
    t.is(await schemaVersion(), before, 'nothing built when nothing changed');

    // An index kept by triggers of another form (an older release's) is built again, whole: an entry of no row
    // in it is gone after.
    await knex.raw('DROP TRIGGER quicksearch_news_ai');
    await knex.raw(`CREATE TRIGGER quicksearch_news_ai AFTER INSERT ON news BEGIN INSERT INTO quicksearch_news (rowid, id) VALUES (new.id, new.id); END`);
    await knex.raw(`INSERT INTO quicksearch_news (rowid, title) VALUES (987654, '无此行')`);
    const stray = async () => ((await knex.raw(`SELECT rowid FROM quicksearch_news WHERE quicksearch_news MATCH ?`, ['"无此行"'])) as unknown[]).length;
    t.is(await stray(), 1);
    await ensureResourceIndexes(knex, resources);
    t.is(await trigger(), declared);
    t.is(await stray(), 0, 'the index was made again');
    const [category] = (await knex('news_category').insert({ name: '航运' }).returning('id')) as Array<{ id: number }>;
    const [{ id }] = (await knex('news').insert({ title: '拱宸桥夜航', title_en: 'Night boats', category_id: category!.id, publish_time: 0 }).returning('id')) as Array<{ id: number }>;
    const found = (await knex.raw(`SELECT rowid AS id FROM quicksearch_news WHERE quicksearch_news MATCH ?`, ['"宸桥夜"'])) as Array<{ id: number }>;
    t.deepEqual(found.map((r) => r.id), [id]);
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
