import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { addNews, categoryId as firstCategory, seconds, sleep, wallClock } from '../helpers/news.ts';

// A public list's total is counted once and kept until the caches are dropped (services/keptReads.ts): by a
// write through the admin, by a scheduled publishing time, by "clear the caches". Rendered pages never show a
// total older than the last such event, with the page cache off too.

let server: TestServer;
let admin: AdminCall;
test.before(async () => {
  server = await startServer({ PAGE_CACHE: 'off' });
  admin = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

const total = async (category: number | null = null) => (await server.app.services.content.newsList('zh-cn', { page: 1, category })).list.total;
const categoryId = () => firstCategory(server);
/** Adds a news item published a minute ago unless `fields` say otherwise. */
const add = (title: string, fields: Record<string, unknown> = {}) => addNews(server, admin, title, { publish_time: wallClock(seconds() - 60), ...fields });

test.serial('a total is kept between renders and counted again after a write, a scheduled time or a cache clear', async (t) => {
  const before = await total();
  const inCategory = await total(await categoryId());
  t.true(before > 0);

  // A row written past the service (as no code of the portal does) is not counted: the total was kept.
  const category = await categoryId();
  const now = seconds();
  await server.app.knex('news').insert({ category_id: category, title: `绕过后台的新闻${now}`, title_en: 'Bypassing', summary: '', content: '', status: '1', publish_time: now - 60, weigh: 0, create_time: now, update_time: now });
  t.is(await total(), before, 'kept');

  // A write through the admin drops the totals: both rows are counted, and the category's list too.
  await add(`后台新增的新闻${now}`);
  t.is(await total(), before + 2);
  t.is(await total(category), inCategory + 2);

  // A row scheduled a few seconds ahead joins the total at its second, with no write in between.
  const at = seconds() + 4;
  await add(`定时的新闻${now}`, { publish_time: wallClock(at) });
  t.is(await total(), before + 2, 'not yet public');
  const deadline = Date.now() + 30_000;
  while ((await total()) === before + 2 && Date.now() < deadline) await sleep(100);
  t.is(await total(), before + 3, 'counted once its time came');
  t.true(seconds() >= at);

  // "Clear the caches" (the admin's button, the terminal) drops them as well.
  await server.app.knex('news').insert({ category_id: category, title: `又一条绕过后台的新闻${now}`, title_en: 'Bypassing again', summary: '', content: '', status: '1', publish_time: now - 60, weigh: 0, create_time: now, update_time: now });
  t.is(await total(), before + 3);
  await server.app.services.caches.clearAll();
  t.is(await total(), before + 4);
});

test.serial("an article's related links are kept like a total and follow a write through the admin", async (t) => {
  const { content } = server.app.services;
  const category = await categoryId();
  const [, second] = (await content.newsList('zh-cn', { page: 1, category })).list.items;
  const related = async () => (await content.news('zh-cn', second!.id))!.related.map((link) => link.title.text);
  const before = await related();
  const now = seconds();
  // Past the service (as no code of the portal writes): the links were kept, so it does not show.
  await server.app.knex('news').insert({ category_id: category, title: `绕过后台的相关新闻${now}`, title_en: 'Bypassing', summary: '', content: '', status: '1', publish_time: now - 60, weigh: 99, create_time: now, update_time: now });
  t.deepEqual(await related(), before, 'kept');
  // Through the admin: the links are read again, pinned articles first (weigh), the one written past it too.
  await add(`后台新增的相关新闻${now}`, { weigh: 100 });
  const after = await related();
  t.is(after[0], `后台新增的相关新闻${now}`);
  t.is(after[1], `绕过后台的相关新闻${now}`);
  t.is(after.length, 3);
});

test.serial('the rendered list follows the total: a new last page appears after enough writes', async (t) => {
  const pages = async () => Math.max(...[...(await (await fetch(`${server.url}/news`)).text()).matchAll(/[?&]page=(\d+)/g)].map((m) => Number(m[1])), 1);
  const shown = await pages();
  const size = (await server.app.services.content.newsList('zh-cn', { page: 1, category: null })).list.pageSize;
  const room = shown * size - (await total());
  for (let i = 0; i <= room; i++) await add(`填满一页的新闻${Date.now()}-${i}`);
  t.is(await pages(), shown + 1);
});

test.serial('a list shows its categories as read after the last drop: a rename through the admin shows at once', async (t) => {
  const names = async () => (await server.app.services.content.newsList('zh-cn', { page: 1, category: null })).categories.map((c) => c.name.text);
  const category = await categoryId();
  const [{ name }] = await server.app.knex('news_category').where({ id: category }).select<{ name: string }[]>('name');
  await names();

  // Renamed past the services (as no code of the portal does): the list keeps the name it read.
  await server.app.knex('news_category').where({ id: category }).update({ name: `${name}（绕过后台）` });
  t.true((await names()).includes(name), 'kept');

  // Renamed through the admin: the write drops the kept categories, and the page shows the new name.
  const renamed = `${name}（后台改名）`;
  t.is((await admin('/admin/content.NewsCategory/edit', { body: { id: category, name: renamed } })).code, 1);
  t.true((await names()).includes(renamed));
  t.true((await (await fetch(`${server.url}/news`)).text()).includes(renamed));
  t.is((await admin('/admin/content.NewsCategory/edit', { body: { id: category, name } })).code, 1);
  t.true((await names()).includes(name), 'and back');
});
