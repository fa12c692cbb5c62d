import test from 'ava';
import qs from 'qs';
import { startServer, onPostgres, type TestServer } from '../helpers/server.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';

// Admin lists at scale (issue 31 item 6), on a small table with the exact-count limit lowered to 100
// (LIST_EXACT_COUNT): totals are exact up to it and estimated above, quick search finds the same rows whichever
// way it reads them (the index's few keys, or a walk of the list when they are many), and deep pages read from
// where earlier pages were found are the pages an OFFSET gives, also after rows change. On SQLite and PostgreSQL.

const EXACT = 100;
const ROWS = 3_000;
const MARK = 'ScaleProbe';

let server: TestServer;
let admin: AdminCall;

interface NewsRow {
  id: number;
  title: string;
  title_en: string | null;
  weigh: number;
  status: string;
  publish_time: number;
}
interface List {
  list: Array<{ id: number }>;
  total: number;
  totalEstimated?: boolean;
}

const list = async (params: Record<string, unknown>) => {
  const body = await admin<List>(`/admin/content.News/index?${qs.stringify(params)}`);
  if (body.code !== 1) throw new Error(body.msg);
  return body.data;
};

/** Every news row, as the reference the answers are checked against. */
const allRows = async () => (await server.app.knex('news').select('id', 'title', 'title_en', 'weigh', 'status', 'publish_time')) as NewsRow[];

/** The default order (weigh desc, id desc). */
const byDefault = (a: NewsRow, b: NewsRow) => b.weigh - a.weigh || b.id - a.id;

test.before(async () => {
  server = await startServer({ LIST_EXACT_COUNT: String(EXACT) });
  admin = asAdmin(server, await superToken(server));
  const { knex } = server.app;
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const now = Math.floor(Date.now() / 1000);
  // Every row has the mark and 堤; one in three 闸门 and status 1; five rows 鼋; publish times tie in runs of 7.
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    category_id: category.id,
    title: `${MARK} 堤 ${i}${i % 3 === 0 ? ' 闸门' : ''}${i % 600 === 5 ? ' 鼋' : ''}`,
    title_en: `Scale probe ${i}`,
    summary: '',
    content: '',
    publish_time: now - Math.floor(i / 7) * 60,
    status: i % 3 === 0 ? '1' : '0',
    weigh: i % 5 === 0 ? 1 : 0,
    create_time: now,
    update_time: now,
  }));
  await knex.batchInsert('news', rows, 500);
  // PostgreSQL estimates from its statistics, which autovacuum would bring up to date a little later.
  if (onPostgres(server)) await knex.raw('ANALYZE news');
});
test.after.always(async () => {
  await server?.stop();
});

test.serial('totals are exact up to the limit, estimated above it, and exact again on a short or empty page', async (t) => {
  const rows = await allRows();
  const whole = await list({ limit: 10 });
  t.true(whole.totalEstimated, 'more rows than the limit: an estimate');
  if (onPostgres(server)) t.true(whole.total > EXACT);
  else t.true(Math.abs(whole.total - rows.length) <= rows.length * 0.1, `about ${rows.length}: ${whole.total}`);
  const published = rows.filter((r) => r.status === '1').length;
  const filtered = await list({ limit: 10, search: [{ field: 'status', operator: 'eq', val: '1' }] });
  t.true(filtered.totalEstimated);
  if (onPostgres(server)) t.true(filtered.total > EXACT);
  else t.true(Math.abs(filtered.total - published) <= published * 0.25, `about ${published}: ${filtered.total}`);

  const few = await list({ limit: 10, search: [{ field: 'title', operator: 'LIKE', val: '鼋' }] });
  t.is(few.total, 5, 'five rows: counted');
  t.is(few.totalEstimated, undefined, 'the flag is there only for an estimate');
  const exactly = rows.filter((r) => r.title.includes(`${MARK} 堤 1`)).length;
  const upToLimit = await list({ limit: 10, quickSearch: `${MARK} 堤 1` });
  t.true(exactly > EXACT && !!upToLimit.totalEstimated, `${exactly} rows`);
  const under = await list({ limit: 10, quickSearch: `${MARK} 堤 123` });
  t.is(under.total, rows.filter((r) => r.title.includes(`${MARK} 堤 123`)).length, 'at most the limit: exact');

  const last = Math.ceil(rows.length / 200);
  const short = await list({ limit: 200, page: last });
  t.deepEqual([short.total, short.totalEstimated], [rows.length, undefined], 'the last page, short, says how many there are');
  const past = await list({ limit: 200, page: last + 3 });
  t.deepEqual([past.list.length, past.total, past.totalEstimated], [0, rows.length, undefined], 'a page past the end counts them all');
  const full = await list({ limit: 10, page: 250 });
  t.true(full.total > 2_500, 'an estimate never says less than the rows before a full page');

  // A list remembers its total while its table stays as it was (SQLite), and not a write longer.
  const rare = { limit: 2, search: [{ field: 'title', operator: 'LIKE', val: '鼋' }] };
  t.is((await list(rare)).total, 5);
  const { knex } = server.app;
  const [one] = await knex('news').where('title', 'like', '%鼋%').limit(1);
  await knex('news').insert({ ...one, id: undefined, title: `${MARK} 鼋 again` });
  t.is((await list(rare)).total, 6, 'a row added is counted at once');
  await knex('news').where({ title: `${MARK} 鼋 again` }).delete();
  t.is((await list(rare)).total, 5, 'and a row deleted');
});

/** The SQL (and bindings) the server ran while `work` did. */
async function queriesDuring(work: () => Promise<unknown>): Promise<Array<{ sql: string; bindings: unknown[] }>> {
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  server.app.knex.on('query', listener);
  try {
    await work();
  } finally {
    server.app.knex.removeListener('query', listener);
  }
  return seen;
}

/** Rows whose id, title or English title contain `term` (case aside), in the default order. */
const containing = (rows: NewsRow[], term: string) =>
  rows.filter((r) => [String(r.id), r.title, r.title_en ?? ''].some((v) => v.toLowerCase().includes(term.toLowerCase()))).sort(byDefault);

test.serial('quick search finds the same rows from the index as by reading every row, few or many, long terms and short', async (t) => {
  const rows = await allRows();
  // Many: every probe row (the index's keys are not read); few: a number, one character in five rows.
  for (const term of [MARK.toLowerCase(), '堤', '闸门', 'probe 2', '1234', '鼋', 'zq', '2%9']) {
    const expected = containing(rows, term);
    const first = await list({ quickSearch: term, limit: 10 });
    t.deepEqual(first.list.map((r) => r.id), expected.slice(0, 10).map((r) => r.id));
    if (expected.length <= EXACT) t.is(first.total, expected.length, `"${term}": counted`);
    else t.true(first.totalEstimated && first.total > EXACT, `"${term}": estimated`);
    const found: number[] = [];
    let answer: List;
    let page = 1;
    do {
      answer = await list({ quickSearch: term, limit: 200, page: page++ });
      found.push(...answer.list.map((r) => r.id));
    } while (answer.list.length === 200);
    t.deepEqual(found, expected.map((r) => r.id), `"${term}": every page, in order`);
    t.is(answer.total, expected.length, `"${term}": the last page knows the total`);
  }
  // FTS5 reads a query up to a NUL character: such a term is not looked up there, and finds what a LIKE finds
  // (PostgreSQL refuses the character, as the caller's mistake).
  const nul = await admin<List>(`/admin/content.News/index?${qs.stringify({ quickSearch: `${MARK}\u0000`, limit: 10 })}`);
  if (onPostgres(server)) t.deepEqual([nul.code, nul.msg], [0, 'A value in the request is of the wrong kind or out of range']);
  else t.deepEqual([nul.code, nul.data.list], [1, []]);
});

test.serial('quick search reads an index: the trigram table of a few rows\' keys on SQLite, pg_trgm indexes on PostgreSQL', async (t) => {
  const { knex } = server.app;
  if (onPostgres(server)) {
    const names = ((await knex.raw(`SELECT indexname FROM pg_indexes WHERE tablename = 'news'`)) as { rows: Array<{ indexname: string }> }).rows.map((r) => r.indexname);
    for (const column of ['id', 'title', 'title_en']) t.true(names.includes(`quicksearch_news_${column}`), column);
    return;
  }
  const rare = await queriesDuring(() => list({ quickSearch: '鼋', limit: 10 }));
  const readsKeysFound = (queries: Array<{ sql: string }>) => queries.some((q) => q.sql.includes('select `news`.*') && q.sql.includes('json_each'));
  t.true(rare.some((q) => q.sql.includes('quicksearch_news_terms')) && readsKeysFound(rare), 'one character: the rows the index names');
  const long = await queriesDuring(() => list({ quickSearch: 'Probe 12', limit: 10 }));
  t.true(long.some((q) => q.sql.includes('MATCH')) && readsKeysFound(long), 'a phrase: the rows the index names');
  // An order no test asked before: a list remembers its total while its table stays as it was.
  const many = await queriesDuring(() => list({ quickSearch: '堤', limit: 10, order: 'publish_time,desc' }));
  t.true(many.some((q) => q.sql.includes('CROSS JOIN')), 'many rows: counted from the index\'s keys');
  t.false(many.some((q) => q.sql.includes('select `news`.*') && q.sql.includes('quicksearch_')), 'and the page found by walking the list');
});

test.serial('lists opened at the same time count their total once between them on SQLite, where lists are remembered', async (t) => {
  // An order no other test asks for: nothing is known of this list yet.
  const params = { limit: 10, order: 'id,desc' };
  const opened = 8;
  let answers: List[] = [];
  const queries = await queriesDuring(async () => (answers = await Promise.all(Array.from({ length: opened }, () => list(params)))));
  const counts = queries.filter((q) => /as [`"]upTo[`"]/.test(q.sql));
  // PostgreSQL has no table versions to remember a list by: each counts.
  t.is(counts.length, onPostgres(server) ? opened : 1);
  t.true(answers.every((a) => a.total === answers[0]!.total && a.totalEstimated === true && a.list.length === 10));
});

test.serial('deep pages read from pages found before are the pages of an OFFSET, in every order, after writes too', async (t) => {
  const { knex } = server.app;
  const check = async (label: string, params: Record<string, unknown>, expected: () => Promise<number[]>) => {
    let reference = await expected();
    const pages = Math.ceil(reference.length / 10);
    const middle = Math.floor(pages / 2);
    // A jump to the end, steps back and forth around it, a jump to the middle and beside it, then further.
    const visits = [pages, pages - 1, pages - 2, pages, middle, middle + 1, middle - 1, 150, 101];
    for (const [i, page] of visits.entries()) {
      let answer: List | undefined;
      const queries = await queriesDuring(async () => (answer = await list({ ...params, limit: 10, page })));
      t.deepEqual(answer!.list.map((r) => r.id), reference.slice((page - 1) * 10, page * 10), `${label}: page ${page} of ${pages}`);
      // SQLite: a page beside one found before (1,000 rows in or more: a deep one) starts from there, skipping at most a page.
      const skipped = Math.max(0, ...queries.flatMap((q) => (/ offset \?/.test(q.sql) ? [Number(q.bindings[q.bindings.length - 1])] : [])));
      const besideDeep = visits.slice(0, i).some((seen) => seen > 100 && Math.abs(seen - page) <= 1);
      if (!onPostgres(server) && besideDeep) t.true(skipped <= 10, `${label}: page ${page} skipped ${skipped} rows`);
    }
    // Rows added before the remembered pages and removed from among them move every later row.
    const [first] = reference;
    await knex('news').whereIn('id', reference.slice(1200, 1203)).delete();
    await knex('news').insert({ ...(await knex('news').where({ id: first }).first()), id: undefined, title: `${MARK} added` });
    reference = await expected();
    for (const page of [Math.floor(pages / 2), 150, 101]) {
      const answer = await list({ ...params, limit: 10, page });
      t.deepEqual(answer.list.map((r) => r.id), reference.slice((page - 1) * 10, page * 10), `${label}, after writes: page ${page}`);
    }
  };
  const ids = async (query: ReturnType<typeof knex>) => ((await query.select('id')) as Array<{ id: number }>).map((r) => r.id);
  await check('default order', {}, () => ids(knex('news').orderBy([{ column: 'weigh', order: 'desc' }, { column: 'id', order: 'desc' }])));
  await check('publish time, ties', { order: 'publish_time,asc' }, () => ids(knex('news').orderBy([{ column: 'publish_time', order: 'asc' }, { column: 'id', order: 'desc' }])));
  await check('drafts by id', { order: 'id,asc', search: [{ field: 'status', operator: 'eq', val: '0' }] }, () => ids(knex('news').where({ status: '0' }).orderBy('id', 'asc')));
});
