import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import knexFactory from 'knex';
import { api, startServer, TEMPLATE_ENV, type TestServer } from '../helpers/server.ts';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { knexSettings } from '../../src/server/db.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { design, designField } from '../helpers/crudDesign.ts';
import { MAX_QUERY_LENGTH, type SearchAnswer } from '../../src/shared/search.ts';

// The site search (issue 27): published rows of every searchable resource, in the caller's language, Chinese
// words of any length and mixed queries, ranked, marked, paged; drafts, unpublished categories and scheduled
// rows never found; the index following every write through the resource engine (the recycle bin's restore
// too); hostile input answered clearly; the /search page without script. Runs on SQLite and PostgreSQL.

let server: TestServer;
let root: AdminCall;
let newsCategory: number;
let cultureCategory: number;

test.before(async () => {
  server = await startServer();
  root = asAdmin(server, await superToken(server));
  const { knex } = server.app;
  newsCategory = (await knex('news_category').where({ status: '1' }).orderBy('id').first<{ id: number }>('id')).id;
  cultureCategory = (await knex('culture_category').where({ status: '1' }).orderBy('id').first<{ id: number }>('id')).id;
});
test.after.always(async () => {
  await server?.stop();
});

const search = (q: string, lang = 'en', extra = '') => api<SearchAnswer>(server.url, `/api/search?q=${encodeURIComponent(q)}${extra}`, { lang });
const found = async (q: string, lang = 'en') => {
  const res = await search(q, lang);
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data;
};
const titles = async (q: string, lang = 'en') => (await found(q, lang)).list.map((r) => r.title);

interface NewsFields {
  title: string;
  title_en?: string;
  summary?: string;
  summary_en?: string;
  content?: string;
  content_en?: string;
  publish_time?: string;
  status?: string;
  category_id?: number;
}

/** A news item added through the admin (the resource engine), published by default; returns its id. */
async function addNews(fields: NewsFields): Promise<number> {
  const res = await root('/admin/content.News/add', { body: { category_id: newsCategory, publish_time: '2026-01-05 09:00:00', status: '1', ...fields } });
  if (res.code !== 1) throw new Error(res.msg);
  return (await server.app.knex('news').where({ title: fields.title }).first<{ id: number }>('id')).id;
}

test('Chinese words of one, two and more characters are found, and mixed Chinese and English; each in the reader’s language', async (t) => {
  const id = await addNews({
    title: '龘靐运河琉璃瓦修复记',
    title_en: 'Restoring the Zanzibarite glazed tiles',
    summary: '工匠用传统技法修复了琉璃瓦。',
    summary_en: 'Craftsmen restored the glazed tiles of Zanzibarite with old methods.',
    content: '<p>龘靐 restoration 第二阶段</p>',
  });
  for (const q of ['龘', '龘靐', '琉璃瓦', '龘靐 琉璃', '龘靐 restoration', 'RESTORATION 龘']) {
    const { list } = await found(q, 'zh-cn');
    t.deepEqual(list.map((r) => r.id), [id], q);
  }
  const [zh] = (await found('龘靐', 'zh-cn')).list;
  t.is(zh!.type, 'news');
  t.is(zh!.typeName, '新闻');
  t.is(zh!.url, `/news/info?id=${id}`);
  t.is(zh!.time, Number((await server.app.knex('news').where({ id }).first<{ publish_time: number }>('publish_time')).publish_time));
  const [en] = (await found('zanzibarite', 'en')).list;
  t.is(en!.title, 'Restoring the Zanzibarite glazed tiles');
  t.is(en!.typeName, 'News');
  t.is(en!.url, `/news/info?id=${id}&lang=en`);
  t.regex(en!.snippet, /<mark>Zanzibarite<\/mark>/, 'the word is marked as written, whatever the case of the query');
  t.is((await found('琉璃瓦', 'zh-cn')).list[0]!.snippet, '工匠用传统技法修复了<mark>琉璃瓦</mark>。 · 龘靐 restoration 第二阶段', 'rich text is read as text');
  // ?lang= speaks for the caller as think-lang does.
  const byParam = await api<SearchAnswer>(server.url, `/api/search?q=${encodeURIComponent('龘靐')}&lang=en`, { headers: { 'think-lang': '' } });
  t.is(byParam.body.data.list[0]!.title, 'Restoring the Zanzibarite glazed tiles');
  // An English reader finds the Chinese text where a row has no English.
  const chineseOnly = await addNews({ title: '鼗鼙古乐新闻' });
  t.deepEqual((await found('鼗鼙', 'en')).list.map((r) => [r.id, r.title]), [[chineseOnly, '鼗鼙古乐新闻']]);
});

test('every searchable section is found: news, culture, activities, trails, forum items, canal sections and cities', async (t) => {
  const { knex } = server.app;
  const time = Math.floor(Date.now() / 1000) - 3600;
  const common = { status: '1', weigh: 0, create_time: time, update_time: time };
  const word = '鸑鷟';
  const [culture] = await knex('culture_article').insert({ ...common, category_id: cultureCategory, title: `${word}文化`, publish_time: time }).returning('id');
  const [activity] = await knex('brand_activity').insert({ ...common, title: `${word}活动`, place: '扬州', start_time: time, end_time: time, activity_status: 'upcoming' }).returning('id');
  const canalId = (await knex('canal').where({ status: '1' }).orderBy('id').first<{ id: number }>('id')).id;
  const [trail] = await knex('trail').insert({ ...common, title: `${word}线路`, canal_id: canalId, difficulty: 'easy' }).returning('id');
  const [forum] = await knex('forum_item').insert({ ...common, title: `${word}论坛`, speaker: '李', event_date: time }).returning('id');
  const [canal] = await knex('canal').insert({ ...common, name: `${word}河段` }).returning('id');
  const [city] = await knex('canal_city').insert({ ...common, name: `${word}城`, canal_id: canalId, lat: 32, lng: 119 }).returning('id');
  // Written beside the engine, as a seed or an import would: the terminal's rebuild takes them in.
  await server.app.services.search.rebuildAll();
  const key = (r: unknown) => Number(typeof r === 'object' ? (r as { id: number }).id : r);
  const list = (await found(word, 'zh-cn')).list;
  t.deepEqual(
    list.map((r) => `${r.type} ${r.id} ${r.url}`).sort(),
    [
      `activity ${key(activity)} /brand/info?id=${key(activity)}`,
      `canal ${key(canal)} /canals/info?id=${key(canal)}`,
      `city ${key(city)} /canals/info/city?id=${key(city)}`,
      `culture ${key(culture)} /culture/info?id=${key(culture)}`,
      `forum ${key(forum)} /forum#forum-${key(forum)}`,
      `trail ${key(trail)} /trail/info?id=${key(trail)}`,
    ].sort(),
  );
});

test('drafts, rows of an unpublished category and rows scheduled for later are never found; publishing shows them at once', async (t) => {
  const draft = await addNews({ title: '鼯鼱草稿', status: '0' });
  const scheduled = await addNews({ title: '鼯鼱定时', publish_time: '2036-01-01 09:00:00' });
  const [hiddenCategory] = await server.app.knex('news_category').insert({ name: '鼯鼱隐藏栏目', status: '0', weigh: 0, create_time: 0, update_time: 0 }).returning('id');
  const categoryId = Number(typeof hiddenCategory === 'object' ? (hiddenCategory as { id: number }).id : hiddenCategory);
  const inHidden = await addNews({ title: '鼯鼱隐藏栏目的新闻', category_id: categoryId });
  const shown = await addNews({ title: '鼯鼱公开' });
  t.deepEqual((await found('鼯鼱', 'zh-cn')).list.map((r) => r.id), [shown]);
  t.is((await found('鼯鼱', 'zh-cn')).total, 1);

  t.is((await root('/admin/content.News/edit', { body: { id: draft, status: '1' } })).code, 1);
  t.is((await root('/admin/content.News/edit', { body: { id: scheduled, publish_time: '2026-02-01 09:00:00' } })).code, 1);
  t.is((await root('/admin/content.NewsCategory/edit', { body: { id: categoryId, status: '1' } })).code, 1);
  t.deepEqual((await found('鼯鼱', 'zh-cn')).list.map((r) => r.id).sort(), [draft, scheduled, inHidden, shown].sort());
  t.is((await root('/admin/content.News/edit', { body: { id: shown, status: '0' } })).code, 1);
  t.false((await found('鼯鼱', 'zh-cn')).list.some((r) => r.id === shown), 'taken back to a draft, gone at once');
  t.is((await root('/admin/content.NewsCategory/edit', { body: { id: categoryId, status: '0' } })).code, 1);
  t.deepEqual((await found('鼯鼱', 'zh-cn')).list.map((r) => r.id).sort(), [draft, scheduled].sort(), 'its category hidden again, the news in it go');
});

test('a word is found inside longer words and when it begins many words; Chinese of four characters and more in a row only', async (t) => {
  // Seventy words beginning "quorx": more than the index expands a word to, so it is looked up another way.
  const many = Array.from({ length: 70 }, (_, i) => `quorx${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ');
  const trading = await addNews({ title: '䶮䶯䶰䶱䶲䶳', title_en: 'The Vorpalwick trading house', content_en: `<p>${many}</p>`, publish_time: '2026-01-02 09:00:00' });
  const inside = await addNews({ title: '䶮䶯 其他', title_en: 'Another house', summary_en: 'Notes on zzquorxzz and Vorpalwick', publish_time: '2026-01-01 09:00:00' });
  t.deepEqual((await found('orpalwi')).list.map((r) => r.id), [trading, inside], 'inside a word, the title match first');
  t.deepEqual((await found('quorx')).list.map((r) => r.id), [trading, inside], 'beginning many words, and inside one');
  t.deepEqual((await found('quorxbc')).list.map((r) => r.id), [trading]);
  t.deepEqual((await found('vorpalwick trading')).list.map((r) => r.id), [trading]);
  t.deepEqual((await found('vorpalwickx')).list, []);
  for (const q of ['䶯䶰䶱', '䶮䶯䶰䶱', '䶰䶱䶲䶳', '䶮䶯䶰䶱䶲䶳', '䶮䶯 䶲䶳']) t.deepEqual((await found(q, 'zh-cn')).list.map((r) => r.id), [trading], q);
  t.deepEqual((await found('䶮䶯', 'zh-cn')).list.map((r) => r.id), [trading, inside]);
  for (const q of ['䶮䶰', '䶯䶮', '䶮䶯䶱', '䶮䶯其他']) t.deepEqual((await found(q, 'zh-cn')).list, [], `${q}: the characters are there, not in that row`);
});

test('the index follows the admin: an edit is found by its new words only, a delete is gone, a restore from the recycle bin is back', async (t) => {
  const id = await addNews({ title: '鼷鼩旧标题', title_en: 'Old Quillworth title' });
  t.is((await root('/admin/content.News/edit', { body: { id, title: '鼷鼩新标题', title_en: 'New Quillworth title' } })).code, 1);
  t.deepEqual(await titles('旧标题 鼷鼩', 'zh-cn'), []);
  t.deepEqual(await titles('鼷鼩新', 'zh-cn'), ['鼷鼩新标题']);
  t.deepEqual(await titles('quillworth'), ['New Quillworth title']);

  t.is((await root(`/admin/content.News/del?ids[]=${id}`, { method: 'DELETE' })).code, 1);
  t.deepEqual(await titles('鼷鼩', 'zh-cn'), []);
  t.is(await server.app.knex('search_entry').where({ resource: 'content/news', row_id: id }).first(), undefined, 'its entries are gone, not only hidden');

  const entry = await server.app.knex('security_data_recycle_log').where({ data_table: 'news' }).orderBy('id', 'desc').first<{ id: number }>('id');
  t.is((await root('/admin/security.DataRecycleLog/restore', { body: { ids: [entry.id] } })).code, 1);
  t.deepEqual(await titles('鼷鼩', 'zh-cn'), ['鼷鼩新标题'], 'restored, found again at once');
});

test('titles come first, then newer before older; pages and limits', async (t) => {
  const older = await addNews({ title: '鼹鼠在标题里 旧', publish_time: '2026-01-01 09:00:00' });
  const newer = await addNews({ title: '鼹鼠在标题里 新', publish_time: '2026-03-01 09:00:00' });
  const bodyNewest = await addNews({ title: '另一篇', summary: '正文提到鼹鼠', publish_time: '2026-06-01 09:00:00' });
  const all = await found('鼹鼠', 'zh-cn');
  t.deepEqual(all.list.map((r) => r.id), [newer, older, bodyNewest]);
  t.is(all.total, 3);
  const second = (await search('鼹鼠', 'zh-cn', '&page=2&limit=2')).body.data;
  t.deepEqual(second.list.map((r) => r.id), [bodyNewest]);
  t.is(second.total, 3);
  t.deepEqual((await search('鼹鼠', 'zh-cn', '&page=9&limit=2')).body.data.list, []);
});

test('a count stops past SEARCH_COUNT_CAP: the total says "more than", rows scheduled for later never count, the page says so in both languages', async (t) => {
  const capped = await startServer({ SEARCH_COUNT_CAP: '3' });
  try {
    const admin = asAdmin(capped, await superToken(capped));
    const add = async (title: string, publishTime: string) => {
      const res = await admin('/admin/content.News/add', { body: { category_id: newsCategory, title, title_en: `${title} otterling`, publish_time: publishTime, status: '1' } });
      if (res.code !== 1) throw new Error(res.msg);
    };
    const answer = async (lang: string) => (await api<SearchAnswer>(capped.url, `/api/search?q=${encodeURIComponent(lang === 'en' ? 'otterling' : '獭獭')}`, { lang })).body.data;
    for (const day of ['01', '02', '03']) await add(`獭獭 ${day}`, `2026-01-${day} 09:00:00`);
    await add('獭獭 定时', '2036-01-01 09:00:00');
    t.like(await answer('zh-cn'), { total: 3, capped: false }, 'as many as the cap, a scheduled row not counted: exact');
    await add('獭獭 04', '2026-01-04 09:00:00');
    const over = await answer('zh-cn');
    t.like(over, { total: 3, capped: true }, 'one more than the cap');
    t.deepEqual(over.list.map((r) => r.title), ['獭獭 04', '獭獭 03', '獭獭 02', '獭獭 01'], 'the page still lists what it holds, newest first');
    t.like(await answer('en'), { total: 3, capped: true });
    const zh = await (await fetch(`${capped.url}/search?q=${encodeURIComponent('獭獭')}`)).text();
    t.regex(zh, /“獭獭”找到超过 3 条结果/);
    const en = await (await fetch(`${capped.url}/search?q=otterling&lang=en`)).text();
    t.regex(en, /More than 3 found for “otterling”/);
  } finally {
    await capped.stop();
  }
});

test('hostile input gets a clear answer and never a server error: quotes, FTS operators, long queries, bad pages and limits', async (t) => {
  const id = await addNews({ title: 'Quote "kelpwort" AND NEAR(x) * ^', title_en: 'Quote "kelpwort" AND NEAR(x) * ^' });
  for (const q of ['"kelpwort"', 'kelpwort"', '"', '""', 'kelpwort AND', 'NEAR(x)', '*', '^', 'kelp*', '-kelpwort', 'kelpwort OR x', "'; DROP TABLE news; --", '%', '_', '\\', '(', 'NOT']) {
    const res = await search(q);
    t.is(res.status, 200, q);
    t.is(res.body.code, 1, `${q}: ${res.body.msg}`);
  }
  t.deepEqual((await found('"kelpwort" near(x)')).list.map((r) => r.id), [id], 'quotes and operators are searched for as written');
  t.deepEqual((await found('%')).list, [], 'a LIKE wildcard matches itself only');

  const long = await search('运'.repeat(MAX_QUERY_LENGTH + 1));
  t.is(long.status, 200);
  t.is(long.body.code, 0);
  t.is(long.body.msg, `That search is too long: please use at most ${MAX_QUERY_LENGTH} characters.`);
  t.is((await search('运'.repeat(MAX_QUERY_LENGTH + 1), 'zh-cn')).body.msg, `搜索内容过长：请不要超过 ${MAX_QUERY_LENGTH} 个字符。`);
  t.is((await search('运'.repeat(MAX_QUERY_LENGTH))).body.code, 1, 'the longest allowed is searched');
  for (const [extra, msg] of [
    ['&page=-3', 'The page must be a whole number from 1 to 100'],
    ['&page=abc', 'The page must be a whole number from 1 to 100'],
    ['&page=101', 'The page must be a whole number from 1 to 100'],
    ['&limit=99999', 'The number of results per page must be a whole number from 1 to 50'],
    ['&limit=0', 'The number of results per page must be a whole number from 1 to 50'],
    ['&q[]=a&q[]=b', 'The search must be text'],
  ] as const) {
    const res = await search('kelpwort', 'en', extra);
    t.is(res.status, 200, extra);
    t.is(res.body.code, 0, extra);
    t.is(res.body.msg, msg, extra);
  }
  for (const q of ['', '   ', '\u0000', '\u200b']) t.deepEqual(await found(q), { list: [], total: 0, capped: false }, JSON.stringify(q));
});

test.serial('searches are rate-limited per address, on the API and the page', async (t) => {
  const { knex } = server.app;
  t.is((await search('运河')).body.code, 1);
  t.is((await fetch(`${server.url}/search?q=x`)).status, 200);
  const keys = (await knex('rate_limit').where('key', 'like', 'GET /%search|%').select<{ key: string }[]>('key')).map((r) => r.key);
  t.is(keys.length, 2, keys.join());
  try {
    await knex('rate_limit').whereIn('key', keys).update({ count: 1_000_000 });
    const api = await search('运河');
    t.is(api.body.code, 0);
    t.truthy(api.headers.get('retry-after'));
    t.regex(api.body.msg, /^Too many requests; please try again in \d+ seconds$/);
    const page = await fetch(`${server.url}/search?q=x&lang=en`);
    t.is(page.status, 429);
    t.truthy(page.headers.get('retry-after'));
    t.regex(await page.text(), /^You have searched too often; please try again in \d+ seconds\.$/);
  } finally {
    await knex('rate_limit').whereIn('key', keys).delete();
  }
});

// Serial: it empties the news entries for a moment, which the other tests would see.
test.serial('the index is rebuilt at start when missing or built from another declaration', async (t) => {
  const { knex, services } = server.app;
  const id = await addNews({ title: '鼫鼠重建' });
  await knex('search_entry').where({ resource: 'content/news' }).delete();
  t.deepEqual(await titles('鼫鼠', 'zh-cn'), []);
  t.deepEqual(await services.search.ensure(), [], 'nothing to do while the declaration is the one built from');
  await knex('search_source').where({ resource: 'content/news' }).update({ signature: 'an older declaration' });
  t.deepEqual(await services.search.ensure(), ['content/news']);
  t.deepEqual((await found('鼫鼠', 'zh-cn')).list.map((r) => r.id), [id]);
  await knex('search_source').where({ resource: 'content/news' }).delete();
  t.deepEqual(await services.search.ensure(), ['content/news'], 'never built: built');
});

// Serial: it empties the news entries until the rebuild it starts has run.
test.serial('the rebuild a start begins runs while the server answers, and a search sent meanwhile waits for it', async (t) => {
  const { knex, services } = server.app;
  const id = await addNews({ title: '鼯鼠启动' });
  await knex('search_entry').where({ resource: 'content/news' }).delete();
  await knex('search_source').where({ resource: 'content/news' }).update({ signature: 'an older declaration' });
  // What createApp does: the check starts and the server goes on; this search comes before the rebuild ran.
  services.search.ensureAtStart();
  t.deepEqual((await services.search.search('zh-cn', '鼯鼠', 1, 10)).list.map((r) => r.id), [id]);
  t.deepEqual(await services.search.ensure(), [], 'built once, by the start');
});

// Serial: it empties the news entries until the rebuild it starts has run.
test.serial('a start\'s check begins with its first answer, or sooner with a search asked before it', async (t) => {
  const { knex, services } = server.app;
  const id = await addNews({ title: '鼷鼠首答' });
  const stale = async () => {
    await knex('search_entry').where({ resource: 'content/news' }).delete();
    await knex('search_source').where({ resource: 'content/news' }).update({ signature: 'an older declaration' });
  };
  const signature = async () => (await knex('search_source').where({ resource: 'content/news' }).first<{ signature: string }>('signature')).signature;

  await stale();
  let answer!: () => void;
  services.search.ensureAtStart(new Promise<void>((resolve) => (answer = resolve)));
  await new Promise((r) => setTimeout(r, 100));
  t.is(await signature(), 'an older declaration', 'nothing is rebuilt before the first answer');
  answer();
  await services.search.idle();
  t.not(await signature(), 'an older declaration', 'rebuilt once it went out');

  await stale();
  services.search.ensureAtStart(new Promise<void>(() => {}));
  t.deepEqual((await services.search.search('zh-cn', '鼷鼠', 1, 10)).list.map((r) => r.id), [id], 'a search begins it and finds the row');
  t.deepEqual(await services.search.ensure(), [], 'built once, for the search');
});

test('a new database\'s entries are built while pages are answered: a search waits for them, another connection\'s write waits its turn', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-new-search-'));
  const app = await createApp(loadConfig({ LOG_LEVEL: 'silent', ...TEMPLATE_ENV, DATA_DIR: dataDir }));
  // Another process writing the moment the site answers (the bench's seed does): its transaction waits for the
  // build's, in SQLite's busy timeout, and never fails.
  const writer = knexFactory(knexSettings(path.join(dataDir, 'portal.sqlite')));
  try {
    const category = await writer('news_category').first<{ id: number }>('id');
    await writer.transaction((trx) => trx('news').insert({ category_id: category.id, title: '鼹鼠新站', title_en: 'New site', status: '0', publish_time: 0 }));
    const { title } = await app.knex('news').where({ status: '1' }).orderBy('id').first<{ title: string }>('title');
    t.true((await app.services.search.search('zh-cn', title, 1, 10)).list.some((r) => r.title === title), 'a search sent at once finds the demo content');
    await app.services.search.idle();
    t.deepEqual(await app.services.search.ensure(), [], 'built once, by the start');
  } finally {
    await writer.destroy();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test.serial('a page asked for while a start rebuilds the entries is answered between its batches, not after them', async (t) => {
  const { knex, services } = server.app;
  const category = newsCategory;
  const rows = Array.from({ length: 6000 }, (_, i) => ({ category_id: category, title: `批量重建 ${i}`, title_en: `Batch rebuild ${i}`, status: '1', publish_time: 1767574800, create_time: 1767574800, update_time: 1767574800 }));
  for (let i = 0; i < rows.length; i += 500) await knex('news').insert(rows.slice(i, i + 500));
  t.teardown(() => knex('news').where('title', 'like', '批量重建 %').delete());
  await knex('search_source').where({ resource: 'content/news' }).update({ signature: 'an older declaration' });
  let rebuilt = false;
  // As createApp does: the settings every request reads are loaded, then the check starts.
  await services.settings.rows();
  services.search.ensureAtStart();
  void services.search.idle().then(() => (rebuilt = true));
  const page = await fetch(`${server.url}/about?lang=en&rebuild=${Date.now()}`);
  t.is(page.status, 200);
  t.false(rebuilt, 'the page came first');
  await services.search.idle();
  t.deepEqual(await services.search.ensure(), [], 'built once, by the start');
});

test('/search is a page without script: results with marks, the query kept in both boxes, an empty state, a message for a long query', async (t) => {
  await addNews({ title: '鼬鼠新闻页面', title_en: 'Weaselwick news', summary_en: 'About weaselwick & <friends>' });
  const zh = await (await fetch(`${server.url}/search?q=${encodeURIComponent('鼬鼠')}`)).text();
  t.notRegex(zh, /<script/i);
  t.regex(zh, /<form role="search" class="site-search" action="\/search" method="get"><label for="site-search" class="visually-hidden">搜索本站<\/label><input id="site-search" type="search" [^>]*name="q" value="鼬鼠"\/>/);
  t.regex(zh, /<input id="search-page" type="search" [^>]*name="q" value="鼬鼠"\/>/);
  t.regex(zh, /“鼬鼠”共找到 1 条结果/);
  t.regex(zh, /<a href="\/news\/info\?id=\d+">鼬鼠新闻页面<\/a>/);

  const en = await (await fetch(`${server.url}/search?q=weaselwick&lang=en&page=-3`)).text();
  t.notRegex(en, /<script/i);
  t.regex(en, /<input type="hidden" name="lang" value="en"\/>/);
  t.regex(en, /1 found for “weaselwick”/);
  t.regex(en, /About <mark>weaselwick<\/mark> &amp; &lt;friends&gt;/, 'the snippet is escaped, the word marked');
  t.regex(en, /<a href="\/news\/info\?id=\d+&amp;lang=en">Weaselwick news<\/a>/);

  const none = await (await fetch(`${server.url}/search?q=nothing-like-this-anywhere&lang=en`)).text();
  t.regex(none, /Nothing on the site matches “nothing-like-this-anywhere”\./);
  t.regex(none, /<a href="\/news\?lang=en">News<\/a>/, 'the empty state suggests the sections');
  const empty = await (await fetch(`${server.url}/search?lang=en`)).text();
  t.regex(empty, /Type a word or a name, in Chinese or English/);
  const long = await fetch(`${server.url}/search?q=${'x'.repeat(MAX_QUERY_LENGTH + 1)}&lang=en`);
  t.is(long.status, 200);
  t.regex(await long.text(), /That search is too long: please use at most 100 characters\./);

  // Every public page carries the search box, still without script.
  const home = await (await fetch(`${server.url}/news?lang=en`)).text();
  t.regex(home, /<form role="search" class="site-search" action="\/search" method="get">.*<input type="hidden" name="lang" value="en"\/>/);
  t.notRegex(home, /<script/i);
});

test.serial('a table made with the CRUD generator takes part once its definition declares search (and its publish rule): indexed, followed, its drafts hidden', async (t) => {
  const { knex, services } = server.app;
  const f = designField;
  const fields = [
    f('id', 'pk', { null: false }),
    f('title', 'string', { length: 100, null: false }),
    f('note', 'textarea'),
    f('status', 'switch', { defaultType: 'INPUT', default: 1, null: false }),
    f('create_time', 'timestamp'),
    f('update_time', 'timestamp'),
  ];
  const made = await root('/admin/crud.Crud/generate', { body: design('zoo_exhibit', fields, { comment: '展品', commentEn: 'Exhibits' }) });
  t.is(made.code, 1, made.msg);
  t.is((await root('/admin/zoo.Exhibit/add', { body: { title: '鼩鼱标本', note: 'before the declaration', status: 1 } })).code, 1);
  const stored = await knex('crud_resource').where({ name: 'zoo/exhibit' }).first<{ definition: string }>('definition');
  const definition = JSON.parse(stored.definition) as Record<string, unknown>;
  // Search finds what the publish rule lets the public see (status 1 here, the rule's defaults).
  definition.publish = {};
  definition.search = { title: 'title', body: ['note'], time: 'create_time', url: '/zoo?id={id}' };
  await knex('crud_resource').where({ name: 'zoo/exhibit' }).update({ definition: JSON.stringify(definition) });
  await knex('crud_state').where({ id: 1 }).increment('version', 1);
  await services.resources.sync(true);
  t.deepEqual(await services.search.ensure(), [], 'the registry change already built its entries');

  t.is((await root('/admin/zoo.Exhibit/add', { body: { title: '鼩鼱草稿', note: 'a draft', status: 0 } })).code, 1);
  const list = (await found('鼩鼱', 'en')).list;
  t.deepEqual(list.map((r) => [r.type, r.typeName, r.title, r.url.replace(/\d+/, 'N')]), [['zoo/exhibit', 'Exhibits', '鼩鼱标本', '/zoo?id=N&lang=en']]);
  t.is((await root('/admin/zoo.Exhibit/edit', { body: { id: list[0]!.id, title: '鼩鼱标本 新', note: 'after', status: 1 } })).code, 1);
  t.deepEqual(await titles('鼩鼱', 'zh-cn'), ['鼩鼱标本 新']);
});
