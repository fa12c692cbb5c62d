import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { superToken } from '../helpers/admins.ts';
import { keysetPages, readPlaces, reversedOrder } from '../../src/server/services/crud/keyset.ts';
import { parseCsv } from '../../src/server/services/crud/import.ts';

// An export reads its rows page by page after the last row read (keyset paging, issue 28 item 3: 100,000 rows
// in bounded memory and time). Every row comes exactly once and in the list's order, whatever the order column
// holds (ties, NULLs, either direction), on SQLite and PostgreSQL alike.

let server: TestServer;

test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '0' });
  const { knex } = server.app;
  await knex.schema.createTable('paging_probe', (t) => {
    t.increments('id');
    t.integer('v');
    t.string('s', 20);
  });
  // Ties and NULLs spread across page borders: v repeats in runs of 3, every fifth is NULL; s likewise.
  await knex('paging_probe').insert(Array.from({ length: 41 }, (_, i) => ({ v: i % 5 === 0 ? null : Math.floor(i / 3), s: i % 7 === 0 ? null : `s${i % 4}` })));
});
test.after.always(async () => {
  await server?.stop();
});

type Order = Array<[string, 'asc' | 'desc']>;

async function pagedKeys(order: Order, size: number): Promise<string[]> {
  const query = server.app.knex('paging_probe');
  for (const [column, direction] of order) query.orderBy(column, direction);
  const keys: string[] = [];
  for await (const page of keysetPages(query, order, size)) {
    keys.push(...page);
    if (keys.length > 1000) break;
  }
  return keys;
}

test('keyset pages list every row once, in the order of one query, across ties and NULLs', async (t) => {
  const orders: Order[] = [
    [['paging_probe.v', 'asc'], ['paging_probe.id', 'desc']],
    [['paging_probe.v', 'desc'], ['paging_probe.id', 'desc']],
    [['paging_probe.s', 'asc'], ['paging_probe.id', 'desc']],
    [['paging_probe.s', 'desc'], ['paging_probe.id', 'desc']],
    [['paging_probe.id', 'asc']],
    [['paging_probe.id', 'desc']],
  ];
  for (const order of orders) {
    const whole = server.app.knex('paging_probe').select('id');
    for (const [column, direction] of order) whole.orderBy(column, direction);
    const expected = ((await whole) as { id: number }[]).map((r) => String(r.id));
    for (const size of [1, 3, 4, 40, 41, 100]) t.deepEqual(await pagedKeys(order, size), expected, `${JSON.stringify(order)} by ${size}`);
  }
});

test('a page read from a row found before, forwards or backwards, is the stretch an OFFSET gives, across ties and NULLs', async (t) => {
  const orders: Order[] = [
    [['paging_probe.v', 'asc'], ['paging_probe.id', 'desc']],
    [['paging_probe.v', 'desc'], ['paging_probe.id', 'desc']],
    [['paging_probe.s', 'desc'], ['paging_probe.id', 'desc']],
    [['paging_probe.id', 'asc']],
  ];
  for (const order of orders) {
    const query = () => server.app.knex('paging_probe');
    const all = await readPlaces(query(), order, null, 0, 100);
    const keys = all.map((p) => p.k);
    for (let at = 0; at < all.length; at += 3) {
      for (const skip of [0, 2, 7]) {
        const label = `${JSON.stringify(order)} from row ${at}, ${skip} on`;
        const from = await readPlaces(query(), order, { place: all[at]!, inclusive: true }, skip, 4);
        t.deepEqual(from.map((p) => p.k), keys.slice(at + skip, at + skip + 4), `${label}, forwards`);
        const back = await readPlaces(query(), reversedOrder(order), { place: all[at]!, inclusive: false }, skip, 4);
        t.deepEqual(back.map((p) => p.k), keys.slice(0, at).reverse().slice(skip, skip + 4), `${label}, backwards`);
      }
    }
  }
});

test('an export of more rows than a page holds has each row once, in the list order', async (t) => {
  const { knex } = server.app;
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const now = Math.floor(Date.now() / 1000);
  // More than an export's page (500), with one publish time shared by runs of rows.
  const rows = Array.from({ length: 1234 }, (_, i) => ({
    category_id: category.id,
    title: `分页导出 ${i}`,
    title_en: `Paged export ${i}`,
    summary: '',
    content: '',
    publish_time: now - Math.floor(i / 10) * 60,
    status: '0',
    weigh: 0,
    create_time: now,
    update_time: now,
  }));
  for (let i = 0; i < rows.length; i += 200) await knex('news').insert(rows.slice(i, i + 200));
  const res = await fetch(`${server.url}/admin/content.News/export?format=csv&quickSearch=${encodeURIComponent('Paged export')}&order=publish_time,asc&columns=id,title`, {
    headers: { server: 'true', batoken: await superToken(server), 'think-lang': 'en' },
  });
  t.is(res.status, 200);
  const lines = parseCsv(Buffer.from(await res.arrayBuffer()).toString('utf8')).slice(1);
  t.is(lines.length, 1234);
  t.is(new Set(lines.map((l) => l[0])).size, 1234, 'no row twice');
  const expected = ((await knex('news').where('title_en', 'like', 'Paged export %').orderBy('publish_time', 'asc').orderBy('id', 'desc').select('id')) as { id: number }[]).map((r) => String(r.id));
  t.deepEqual(
    lines.map((l) => l[0]),
    expected,
  );
});
