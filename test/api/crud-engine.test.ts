import test from 'ava';
import qs from 'qs';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { isPostgresKnex } from '../../src/server/dialect.ts';
import { listTables } from '../../src/server/dbTables.ts';

// The generic CRUD engine through the content/news resource (/admin/content.News/...): every search[]
// operator, quick search, paging, the order whitelist, select lookups, validation, rich-text sanitising,
// sortable and batch delete. The tests add their own rows, marked in the title, next to the demo news, and
// run in order: the last ones change those rows.

let server: TestServer;
let token = '';
let categoryId = 0;
const MARK = 'EngineTest';

type Row = Record<string, unknown> & { id: number };
interface List {
  list: Row[];
  total: number;
  remark: string;
}

const call = <T = unknown>(p: string, init: { method?: string; body?: unknown; lang?: string } = {}) =>
  api<T>(server.url, p, { lang: 'en', ...init, headers: { batoken: token } });

/** GET index with qs-encoded parameters (`search[0][field]=...`, as the admin client sends them). */
const list = (params: Record<string, unknown>, resource = 'content.News') =>
  call<List>(`/admin/${resource}/index?${qs.stringify(params)}`);

/** Our marked rows only: the condition under test AND the title mark. */
async function ids(...search: Record<string, unknown>[]): Promise<number[]> {
  const res = await list({ limit: 100, order: 'id,asc', search: [{ field: 'title', operator: 'LIKE', val: MARK }, ...search] });
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data.list.map((r) => r.id);
}

interface Seeded {
  id: number;
  title: string;
  weigh: number;
  status: string;
  publish: string;
}
const rows: Seeded[] = [];
const SEED = [
  { title: `${MARK} one 100% pure`, weigh: 10, status: '1', publish: '2026-01-05 09:00:00' },
  { title: `${MARK} two 100x pure`, weigh: 20, status: '0', publish: '2026-01-20 18:30:00' },
  { title: `${MARK} three a_b`, weigh: 30, status: '1', publish: '2026-02-10 12:00:00' },
  { title: `${MARK} four axb`, weigh: 40, status: '0', publish: '2026-03-01 00:00:00' },
  { title: `${MARK} five`, weigh: 50, status: '1', publish: '2026-03-15 08:00:00' },
];

test.before(async () => {
  server = await startServer();
  const knex = server.app.knex;
  const admin = await knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  token = await server.app.services.tokens.issue('admin', admin.id);
  categoryId = (await knex('news_category').orderBy('id').first<{ id: number }>()).id;
  for (const r of SEED) {
    const res = await call('/admin/content.News/add', { body: { category_id: categoryId, title: r.title, publish_time: r.publish, weigh: r.weigh, status: r.status } });
    if (res.body.code !== 1) throw new Error(res.body.msg);
    const row = await knex('news').where({ title: r.title }).first<{ id: number }>();
    rows.push({ ...r, id: row.id });
  }
  // One row with an English summary, the rest NULL there (the form would store '').
  await knex('news').whereIn('id', rows.map((r) => r.id)).update({ summary_en: null });
  await knex('news').where({ id: rows[4]!.id }).update({ summary_en: 'English summary' });
});
test.after.always(async () => {
  await server?.stop();
});

const idsOf = (...n: number[]) => n.map((i) => rows[i]!.id);

test.serial('eq and ne compare as strings', async (t) => {
  t.deepEqual(await ids({ field: 'status', operator: 'eq', val: '0' }), idsOf(1, 3));
  t.deepEqual(await ids({ field: 'status', operator: '=', val: '1' }), idsOf(0, 2, 4));
  t.deepEqual(await ids({ field: 'status', operator: 'ne', val: '1' }), idsOf(1, 3));
  t.deepEqual(await ids({ field: 'status', operator: '<>', val: '0' }), idsOf(0, 2, 4));
});

test.serial('gt, egt, lt and elt compare as integers', async (t) => {
  t.deepEqual(await ids({ field: 'weigh', operator: 'gt', val: '30' }), idsOf(3, 4));
  t.deepEqual(await ids({ field: 'weigh', operator: 'egt', val: '30' }), idsOf(2, 3, 4));
  t.deepEqual(await ids({ field: 'weigh', operator: 'lt', val: '30abc' }), idsOf(0, 1));
  t.deepEqual(await ids({ field: 'weigh', operator: 'elt', val: 30 }), idsOf(0, 1, 2));
  t.deepEqual(await ids({ field: 'weigh', operator: '>=', val: '50' }), idsOf(4));
});

test.serial('LIKE and NOT LIKE; IN and NOT IN with an array or a comma list', async (t) => {
  t.deepEqual(await ids({ field: 'title', operator: 'LIKE', val: 'pure' }), idsOf(0, 1));
  t.deepEqual(await ids({ field: 'title', operator: 'NOT LIKE', val: 'pure' }), idsOf(2, 3, 4));
  t.deepEqual(await ids({ field: 'id', operator: 'IN', val: idsOf(1, 3) }), idsOf(1, 3));
  t.deepEqual(await ids({ field: 'id', operator: 'IN', val: idsOf(0, 4).join(',') }), idsOf(0, 4));
  t.deepEqual(await ids({ field: 'id', operator: 'NOT IN', val: idsOf(0, 1, 2) }), idsOf(3, 4));
  t.deepEqual(await ids({ field: 'category.name', operator: 'LIKE', val: (await server.app.knex('news_category').where({ id: categoryId }).first<{ name: string }>()).name }), idsOf(0, 1, 2, 3, 4), 'a joined relation field');
});

test.serial('RANGE and NOT RANGE, with open ends', async (t) => {
  t.deepEqual(await ids({ field: 'weigh', operator: 'RANGE', val: '20,40' }), idsOf(1, 2, 3));
  t.deepEqual(await ids({ field: 'weigh', operator: 'RANGE', val: '30,' }), idsOf(2, 3, 4));
  t.deepEqual(await ids({ field: 'weigh', operator: 'RANGE', val: ',20' }), idsOf(0, 1));
  t.deepEqual(await ids({ field: 'weigh', operator: 'NOT RANGE', val: '20,40' }), idsOf(0, 4));
  t.deepEqual(await ids({ field: 'weigh', operator: 'NOT RANGE', val: '30,' }), idsOf(0, 1));
  t.deepEqual(await ids({ field: 'weigh', operator: 'NOT RANGE', val: ',20' }), idsOf(2, 3, 4));
  t.deepEqual(await ids({ field: 'weigh', operator: 'RANGE', val: ['20', '30'] }), idsOf(1, 2), 'an array value');
  t.deepEqual(await ids({ field: 'weigh', operator: 'RANGE', val: ',' }), idsOf(0, 1, 2, 3, 4), 'no bound: skipped');
});

test.serial('NULL and NOT NULL ignore the value', async (t) => {
  t.deepEqual(await ids({ field: 'summary_en', operator: 'NULL', val: '' }), idsOf(0, 1, 2, 3));
  t.deepEqual(await ids({ field: 'summary_en', operator: 'NOT NULL', val: 'whatever' }), idsOf(4));
});

test.serial('date-times: RANGE between two local times, others equal to one; half a range is skipped', async (t) => {
  const range = (val: unknown) => ids({ field: 'publish_time', operator: 'RANGE', val, render: 'datetime' });
  t.deepEqual(await range(['2026-01-01 00:00:00', '2026-01-31 23:59:59']), idsOf(0, 1));
  t.deepEqual(await range('2026-01-15 00:00:00,2026-03-01 00:00:00'), idsOf(1, 2, 3), 'both ends included');
  t.deepEqual(await range(['2026-02-01 00:00:00', '']), idsOf(0, 1, 2, 3, 4));
  t.deepEqual(await ids({ field: 'publish_time', operator: 'NOT RANGE', val: ['2026-01-01 00:00:00', '2026-02-28 23:59:59'], render: 'datetime' }), idsOf(3, 4));
  t.deepEqual(await ids({ field: 'publish_time', operator: 'eq', val: '2026-02-10 12:00:00', render: 'datetime' }), idsOf(2));
  const stored = await server.app.knex('news').where({ id: rows[2]!.id }).first<{ publish_time: number }>();
  t.is(Number(stored.publish_time), Date.UTC(2026, 1, 10, 4, 0, 0) / 1000, 'forms send China wall-clock time (UTC+8)');
  // create_time is a timestamp too: render=datetime works on any such column.
  const now = Math.floor(Date.now() / 1000);
  t.is((await ids({ field: 'create_time', operator: 'RANGE', val: [now - 3600, now + 3600], render: 'datetime' })).length, 5);
});

test.serial('FIND_IN_SET on a comma-list column (trail gallery): whole items only, every item of an array', async (t) => {
  const knex = server.app.knex;
  const trails = await knex('trail').orderBy('id').limit(3).select<{ id: number }[]>('id');
  t.is(trails.length, 3, 'demo trails exist');
  const [a, b, c] = trails.map((r) => r.id) as [number, number, number];
  await knex('trail').where({ id: a }).update({ gallery: '/storage/g/1.png,/storage/g/2.png' });
  await knex('trail').where({ id: b }).update({ gallery: '/storage/g/11.png' });
  await knex('trail').where({ id: c }).update({ gallery: '/storage/g/2.png' });
  const find = async (val: unknown) => {
    const res = await list({ limit: 100, order: 'id,asc', search: [{ field: 'gallery', operator: 'FIND_IN_SET', val }] }, 'content.Trail');
    t.is(res.body.code, 1, res.body.msg);
    return res.body.data.list.map((r) => r.id);
  };
  t.deepEqual(await find('/storage/g/1.png'), [a], '1.png does not match 11.png');
  t.deepEqual(await find('/storage/g/2.png'), [a, c]);
  t.deepEqual(await find(['/storage/g/1.png', '/storage/g/2.png']), [a]);
});

test.serial('incomplete entries and unknown operators are skipped; unknown fields are refused', async (t) => {
  t.is((await ids({ field: 'status', operator: 'eq' })).length, 5, 'no val');
  t.is((await ids({ field: 'status', operator: 'sounds like', val: '1' })).length, 5);
  t.is((await ids({ operator: 'eq', val: '1' })).length, 5, 'no field');
  const res = await list({ search: [{ field: 'password', operator: 'eq', val: '1' }] });
  t.is(res.body.code, 0);
  t.is(res.body.msg, 'Unknown field: password');
  const sneaky = await list({ search: [{ field: 'category.secret', operator: 'eq', val: '1' }] });
  t.is(sneaky.body.code, 0, 'only the label and key of a relation');
});

test.serial('quickSearch matches id or title; % and _ are literal', async (t) => {
  const quick = async (q: string) => (await list({ quickSearch: q, limit: 100, order: 'id,asc' })).body.data.list.map((r) => r.id);
  t.deepEqual(await quick(`${MARK} one 100%`), idsOf(0));
  t.deepEqual(await quick('100%'), idsOf(0), '% is not a wildcard');
  t.deepEqual(await quick('a_b'), idsOf(2), '_ is not a wildcard');
  t.true((await quick(String(rows[3]!.id))).includes(rows[3]!.id), 'the id is searched too');
  await server.app.knex('news').where({ id: rows[1]!.id }).update({ title_en: 'Grain barges at Huai\'an' });
  t.deepEqual(await quick('barges at Huai'), idsOf(1), 'a localized field is searched in English too');
  t.deepEqual(await quick('BARGES AT huai'), idsOf(1), 'whatever the case');
  t.deepEqual(await quick('_b'), idsOf(2), 'a term too short for the index is still found');
});

test.serial('on SQLite, quick search asks an index kept in step with the table by every write', async (t) => {
  const knex = server.app.knex;
  if (isPostgresKnex(knex)) return t.pass('PostgreSQL searches with ILIKE');
  const quick = async (q: string) => (await list({ quickSearch: q, limit: 100, order: 'id,asc' })).body.data.list.map((r) => r.id);
  const indexed = async (term: string) => ((await knex.raw(`SELECT rowid AS id FROM quicksearch_news WHERE quicksearch_news MATCH ?`, [`"${term}"`])) as Array<{ id: number }>).map((r) => r.id);
  t.deepEqual(await indexed(`${MARK} three`), idsOf(2), 'rows written before are in the index');
  await knex('news').where({ id: rows[2]!.id }).update({ title: `${MARK} three renamed` });
  t.deepEqual(await indexed('three renamed'), idsOf(2), 'an update is indexed');
  t.deepEqual(await quick('three renamed'), idsOf(2));
  await knex('news').where({ id: rows[2]!.id }).update({ title: rows[2]!.title });
  const [{ id: added }] = (await knex('news').insert({ ...(await knex('news').where({ id: rows[0]!.id }).first()), id: undefined, title: 'Quick index probe 甲乙丙' }).returning('id')) as Array<{ id: number }>;
  t.deepEqual(await quick('index probe 甲乙'), [added], 'an insert is indexed, in any script');
  await knex('news').where({ id: added }).delete();
  t.deepEqual(await indexed('index probe'), [], 'a delete leaves the index');
  t.deepEqual(await quick('index probe'), []);
  const [{ n }] = (await knex.raw(`SELECT count(*) AS n FROM quicksearch_news`)) as Array<{ n: number }>;
  t.is(n, Number((await knex('news').count({ n: '*' }))[0]!.n), 'one entry per row');
  t.false((await listTables(knex)).some((name) => name.startsWith('quicksearch_')), 'admin table tools do not list the index');
});

test.serial('paging: limit and page, with the total of all matches', async (t) => {
  const page = async (n: number) => list({ limit: 2, page: n, order: 'weigh,asc', search: [{ field: 'title', operator: 'LIKE', val: MARK }] });
  const [p1, p2, p3] = [await page(1), await page(2), await page(3)];
  t.is(p1.body.data.total, 5);
  t.deepEqual(p1.body.data.list.map((r) => r.id), idsOf(0, 1));
  t.deepEqual(p2.body.data.list.map((r) => r.id), idsOf(2, 3));
  t.deepEqual(p3.body.data.list.map((r) => r.id), idsOf(4));
  // Filtered and ordered by a joined relation's column, the pages still split the same rows in order.
  const stored = await server.app.knex('news_category').where({ id: categoryId }).first<{ name: string; name_en: string }>();
  const category = stored.name;
  const byRelation = async (n: number) =>
    list({ limit: 2, page: n, order: 'category.name,asc', search: [{ field: 'title', operator: 'LIKE', val: MARK }, { field: 'category.name', operator: 'eq', val: category }] });
  const relationPages = [await byRelation(1), await byRelation(2), await byRelation(3)];
  t.is(relationPages[0]!.body.data.total, 5);
  t.deepEqual(relationPages.flatMap((p) => p.body.data.list.map((r) => r.id)), idsOf(4, 3, 2, 1, 0), 'the key breaks ties, newest first');
  t.is((relationPages[2]!.body.data.list[0]!.category as { name: string }).name, stored.name_en || category, 'the rows of a page carry their relation label, in the caller\'s language');
  const all = await list({});
  t.is(all.body.data.list.length, 10, 'default limit 10');
  t.is(all.body.data.total, Number((await server.app.knex('news').count({ n: '*' }))[0]!.n));
});

test.serial('order: whitelisted fields and directions only', async (t) => {
  const ordered = async (order: string) => list({ order, limit: 100, search: [{ field: 'title', operator: 'LIKE', val: MARK }] });
  t.deepEqual((await ordered('weigh,desc')).body.data.list.map((r) => r.id), idsOf(4, 3, 2, 1, 0));
  t.deepEqual((await ordered('publish_time,asc')).body.data.list.map((r) => r.id), idsOf(0, 1, 2, 3, 4));
  t.is((await ordered('category.name,asc')).body.code, 1, 'a relation label');
  for (const order of ['password,asc', 'weigh,sideways', 'weigh; drop table news,asc', '(select 1),asc']) {
    const res = await ordered(order);
    t.is(res.body.code, 0, order);
    t.regex(res.body.msg, /Unsupported sort order/);
  }
  t.truthy(await server.app.knex('news').first(), 'the table is still there');
});

test.serial('select lookups: initKey/initValue return exactly the current values; rows carry their relation label', async (t) => {
  const res = await list({ select: true, initKey: 'id', initValue: idsOf(1, 3), initOperator: 'in', uuid: 'x', limit: 1 });
  t.is(res.body.code, 1, res.body.msg);
  t.deepEqual(res.body.data.list.map((r) => r.id).sort((a, b) => a - b), idsOf(1, 3), 'the limit is raised so every value comes back');
  const category = res.body.data.list[0]!.category as { name: string; name_en: string };
  t.truthy(category.name);
  t.truthy(category.name_en, 'a localized label brings its English column');
  const byTitle = await list({ select: true, initKey: 'title', initValue: rows[2]!.title });
  t.deepEqual(byTitle.body.data.list.map((r) => r.id), idsOf(2));
  t.is((await list({ select: true, initKey: 'salt', initValue: '1' })).body.code, 0);
  const categories = await call<List>(`/admin/content.NewsCategory/index?${qs.stringify({ select: true, quickSearch: '', initValue: [categoryId] })}`);
  t.deepEqual(categories.body.data.list.map((r) => r.id), [categoryId]);
});

test.serial('add and edit validate: required, too long, bad date, unknown record', async (t) => {
  const base = { category_id: categoryId, title: `${MARK} extra`, publish_time: '2026-04-01 10:00:00' };
  const tries: [Record<string, unknown>, string][] = [
    [{ ...base, title: '' }, 'required'],
    [{ ...base, category_id: '' }, 'required'],
    [{ ...base, title: 'x'.repeat(201) }, 'The text is too long'],
    [{ ...base, publish_time: 'next Tuesday' }, 'Please enter a valid date'],
    [{ ...base, publish_time: '' }, 'required'],
    [{ ...base, weigh: '1.5' }, 'Please enter a whole number'],
    [{ ...base, cover: 'javascript:alert(1)' }, 'Please enter a valid URL'],
  ];
  for (const [body, msg] of tries) {
    const res = await call('/admin/content.News/add', { body });
    t.is(res.body.code, 0, JSON.stringify(body));
    t.is(res.body.msg, msg, JSON.stringify(body));
  }
  t.is((await call('/admin/content.News/add', { body: { ...base, title: '' }, lang: 'zh-cn' })).body.msg, '必填项');
  const edit = await call('/admin/content.News/edit', { body: { id: rows[0]!.id, title: 'x'.repeat(201) } });
  t.is(edit.body.msg, 'The text is too long');
  t.is((await call('/admin/content.News/edit', { body: { id: 987654, title: 'x' } })).body.msg, 'Record not found');
  t.is((await call('/admin/content.News/edit?id=987654')).body.msg, 'Record not found');
  const read = await call<{ row: Row }>(`/admin/content.News/edit?id=${rows[0]!.id}`);
  t.is(read.body.data.row.title, rows[0]!.title);
  t.is((await call('/admin/content.News/add')).body.code, 0, 'a GET on add is not an add');
});

test.serial('editor HTML is sanitised on save', async (t) => {
  const html = '<p onclick="steal()">Canal <b>news</b></p><script>alert(1)</script><img src="https://example.org/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
  const res = await call('/admin/content.News/edit', { body: { id: rows[4]!.id, content: html, content_en: html } });
  t.is(res.body.code, 1, res.body.msg);
  const row = await server.app.knex('news').where({ id: rows[4]!.id }).first<{ content: string; content_en: string }>();
  for (const stored of [row.content, row.content_en]) {
    t.false(/<script|onerror|onclick|javascript:/i.test(stored), stored);
    t.regex(stored, /<p>Canal <b>news<\/b><\/p>/);
    t.regex(stored, /<img src="https:\/\/example.org\/a.png" \/>/);
  }
});

test.serial('sortable swaps two weights; equal ones are refused, or reordered with auto_sort_eq_weight', async (t) => {
  const knex = server.app.knex;
  const [a, b] = [rows[0]!, rows[1]!];
  const res = await call('/admin/content.News/sortable', { body: { id: a.id, targetId: b.id } });
  t.is(res.body.code, 1, res.body.msg);
  const weigh = async (id: number) => Number((await knex('news').where({ id }).first<{ weigh: number }>()).weigh);
  t.is(await weigh(a.id), 20);
  t.is(await weigh(b.id), 10);
  await knex('news').where({ id: b.id }).update({ weigh: 20 });
  const equal = await call('/admin/content.News/sortable', { body: { id: a.id, targetId: b.id } });
  t.is(equal.body.code, 0);
  t.is(equal.body.msg, 'Invalid collation because the weights of the two targets are equal');
  t.is((await call('/admin/content.News/sortable', { body: { id: a.id, targetId: 987654 } })).body.msg, 'Record not found');

  // auto_sort_eq_weight on (reference 2.2): every row's weight becomes its key, then the two swap.
  t.is((await call('/admin/routine.Config/edit', { body: { auto_sort_eq_weight: '1' } })).body.code, 1);
  const sorted = await call('/admin/content.News/sortable', { body: { id: a.id, targetId: b.id } });
  t.is(sorted.body.code, 1, sorted.body.msg);
  t.is(await weigh(a.id), b.id);
  t.is(await weigh(b.id), a.id);
  const others = await knex('news').whereNotIn('id', [a.id, b.id]).select<{ id: number; weigh: number }[]>('id', 'weigh');
  t.true(others.every((r) => Number(r.weigh) === Number(r.id)), 'the others carry their key as weight');
  t.is((await call('/admin/routine.Config/edit', { body: { auto_sort_eq_weight: '0' } })).body.code, 1);
});

test.serial('del removes several rows at once and copies them to the recycle bin', async (t) => {
  const knex = server.app.knex;
  const gone = idsOf(2, 3);
  const res = await call(`/admin/content.News/del?${qs.stringify({ ids: [...gone, 987654] })}`, { method: 'DELETE' });
  t.is(res.body.code, 1, res.body.msg);
  t.is(res.body.msg, '2 records deleted');
  t.is((await knex('news').whereIn('id', gone)).length, 0);
  const copies = await knex('security_data_recycle_log').where({ data_table: 'news' }).select<{ data: string }[]>('data');
  t.deepEqual(copies.map((c) => (JSON.parse(c.data) as Row).id).sort((x, y) => x - y), gone);
  t.is((await call('/admin/content.News/del', { method: 'DELETE' })).body.msg, 'Parameter error');
});
