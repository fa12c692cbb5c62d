import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';
import { addNews as addThroughAdmin, categoryId as firstCategory, seconds, sleep, wallClock } from '../helpers/news.ts';
import { PREVIEW_TTL } from '../../src/server/services/previews.ts';
import news from '../../src/resources/content/news.ts';

// Scheduled publishing (issue 28, item 1): a published row whose publish time is still to come is hidden from
// every public read until that second, then shown everywhere, cached pages included, without a request; staff
// preview drafts and scheduled rows through signed, expiring links that are never cached or indexed.

let server: TestServer;
let admin: AdminCall;
test.before(async () => {
  server = await startServer();
  admin = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

async function get(path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const categoryId = () => firstCategory(server);
const addNews = (title: string, fields: Record<string, unknown>) => addThroughAdmin(server, admin, title, fields);

/** Every public place a news item shows: lists, home pages, its own page, the feed and the sitemap. */
async function publicSightings(id: number, title: string): Promise<string[]> {
  const seen: string[] = [];
  for (const path of ['/news', '/', '/index2', '/news/rss.xml', '/news/rss.xml?lang=en', '/sitemap.xml']) {
    const { html } = await get(path);
    if (html.includes(title) || html.includes(`/news/info?id=${id}<`) || html.includes(`/news/info?id=${id}&`)) seen.push(path);
  }
  const detail = await get(`/news/info?id=${id}`);
  if (detail.status !== 404) seen.push(`/news/info (${detail.status})`);
  return seen;
}

test.serial('a row scheduled for later is nowhere public until its second, then everywhere, cached pages dropped without a request', async (t) => {
  const title = `定时发布的新闻${Date.now()}`;
  // Room for the add, seven public reads and two cached pages before the second, on a loaded machine too: with
  // 8 s, the PostgreSQL pass beside the browser tests (load 13) read the pages after it.
  const at = seconds() + 20;
  const id = await addNews(title, { publish_time: wallClock(at) });
  t.is(Number((await server.app.knex('news').where({ id }).first<{ publish_time: number }>('publish_time')).publish_time), at, 'stored in the site time zone');
  t.deepEqual(await publicSightings(id, title), [], 'hidden before its time');
  t.is(server.app.services.schedule.nextTime, at, 'the timer is set for it');

  // Cached copies of the pages that will show it, made before its time.
  for (const path of ['/news', '/']) {
    await get(path);
    t.is((await get(path)).headers.get('x-page-cache'), 'HIT', `${path} is cached`);
  }
  const { pageCache } = server.app.services;
  const cached = pageCache.size;
  t.true(cached >= 2);
  // Its second comes: the timer drops the pages of its sections, with no request in between.
  while (seconds() < at) await sleep(100);
  const deadline = Date.now() + 2000;
  while (pageCache.size >= cached && Date.now() < deadline) await sleep(20);
  t.true(pageCache.size < cached, 'the cached pages were dropped at the publish time');
  const list = await get('/news');
  t.true(list.html.includes(title), 'the list shows it');
  t.deepEqual((await publicSightings(id, title)).sort(), ['/', '/index2', '/news', '/news/info (200)', '/news/rss.xml', '/news/rss.xml?lang=en', '/sitemap.xml'].sort());
});

test.serial('moving a published row into the future takes it down at once; drafts and unpublished categories stay hidden', async (t) => {
  const title = `改为定时的新闻${Date.now()}`;
  const id = await addNews(title, { publish_time: wallClock(seconds() - 60) });
  t.is((await get(`/news/info?id=${id}`)).status, 200);
  t.true((await get('/news')).html.includes(title));
  const later = seconds() + 3600;
  t.is((await admin('/admin/content.News/edit', { body: { id, publish_time: wallClock(later) } })).code, 1);
  t.is((await get(`/news/info?id=${id}`)).status, 404);
  t.false((await get('/news')).html.includes(title));
  t.is(server.app.services.schedule.nextTime, later, 'the timer follows the edit');
  // Back to now, then its category is withdrawn: an article is public only with its category.
  t.is((await admin('/admin/content.News/edit', { body: { id, publish_time: wallClock(seconds() - 1) } })).code, 1);
  t.is((await get(`/news/info?id=${id}`)).status, 200);
  const category = await categoryId();
  const other = await server.app.knex('news_category').insert({ name: `临时栏目${Date.now()}`, name_en: 'Temporary', status: '1', weigh: 0 }).returning('id');
  const otherId = Number(typeof other[0] === 'object' ? (other[0] as { id: number }).id : other[0]);
  t.is((await admin('/admin/content.News/edit', { body: { id, category_id: otherId } })).code, 1);
  t.is((await admin('/admin/content.NewsCategory/edit', { body: { id: otherId, status: '0' } })).code, 1);
  t.is((await get(`/news/info?id=${id}`)).status, 404, 'its category is a draft');
  t.false((await get('/news/rss.xml')).html.includes(title));
  t.false((await get('/sitemap.xml')).html.includes(`/news/info?id=${id}<`));
  t.is((await admin('/admin/content.News/edit', { body: { id, category_id: category, status: '0' } })).code, 1);
  t.is((await get(`/news/info?id=${id}`)).status, 404, 'a draft');
});

test.serial('preview links: signed, expiring, bound to one row and its page, never cached or indexed', async (t) => {
  const title = `预览的新闻${Date.now()}`;
  const id = await addNews(title, { publish_time: wallClock(seconds() + 86400) });
  const answer = await admin<{ url: string; expires: number }>(`/admin/content.News/preview?id=${id}`);
  t.is(answer.code, 1, answer.msg);
  const { url, expires } = answer.data;
  t.regex(url, new RegExp(`^/news/info\\?id=${id}&preview=[\\w-]+\\.[\\w-]+$`));
  t.true(Math.abs(expires - (seconds() + PREVIEW_TTL)) <= 5);
  for (let i = 0; i < 2; i++) {
    const page = await get(url);
    t.is(page.status, 200);
    t.true(page.html.includes(`<h1`) && page.html.includes(title), 'the real public page with the row');
    t.true(page.html.includes('<meta name="robots" content="noindex, nofollow"/>'));
    t.true(page.html.includes('data-preview-notice'));
    t.false(page.html.includes('rel="canonical"'));
    t.is(page.headers.get('x-robots-tag'), 'noindex, nofollow');
    t.is(page.headers.get('referrer-policy'), 'no-referrer');
    t.is(page.headers.get('x-page-cache'), null, 'never from the cache');
  }
  t.is((await get(url + '&lang=en')).status, 200, 'in English too');
  t.true((await get(url + '&lang=en')).html.includes(`${title} EN`));
  // Still nowhere public, and the preview put nothing in the cache for others.
  t.is((await get(`/news/info?id=${id}`)).status, 404);
  t.false((await get('/news')).html.includes(title));

  const token = new URL(url, server.url).searchParams.get('preview')!;
  const [payload, mac] = token.split('.') as [string, string];
  const other = await addNews(`${title}另一条`, { status: '0', publish_time: wallClock(seconds()) });
  const refused = [
    `/news/info?id=${other}&preview=${token}`,
    `/culture/info?id=${id}&preview=${token}`,
    `/news/info?id=${id}&preview=${payload}.${mac.slice(0, -2)}AA`,
    `/news/info?id=${id}&preview=${Buffer.from(`content/news\n${id}\n${seconds() + 999999}`).toString('base64url')}.${mac}`,
    `/news/info?id=${id}&preview=`,
  ];
  for (const path of refused) {
    const page = await get(path);
    t.is(page.status, 404, path);
    t.is(page.headers.get('x-robots-tag'), 'noindex, nofollow', `${path}: a preview request is never indexed`);
  }
  const expired = server.app.services.previews.link(news, id, seconds() - PREVIEW_TTL - 1)!;
  t.is((await get(expired.url)).status, 404, 'an expired link');
  // A draft has a preview too.
  const draftLink = await admin<{ url: string }>(`/admin/content.News/preview?id=${other}`);
  t.is(draftLink.code, 1);
  t.is((await get(draftLink.data.url)).status, 200);
});

test.serial('a preview needs the edit rule and the row within reach; resources without a public page have none', async (t) => {
  const id = await addNews(`无权预览${Date.now()}`, { status: '0', publish_time: wallClock(seconds()) });
  const viewer = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content', 'content/news', 'content/news/index']))]);
  const asViewer = asAdmin(server, viewer.token);
  t.is((await asViewer(`/admin/content.News/preview?id=${id}`)).code, 401, 'the list rule alone is not enough');
  const editor = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content', 'content/news', 'content/news/index', 'content/news/edit']))]);
  const asEditor = asAdmin(server, editor.token);
  const ok = await asEditor<{ url: string }>(`/admin/content.News/preview?id=${id}`);
  t.is(ok.code, 1, ok.msg);
  t.not((await asEditor('/admin/content.News/preview?id=99999999')).code, 1, 'no such row');
  t.not((await asEditor('/admin/content.News/preview')).code, 1, 'no id');
  const routes = server.app.registry.all().map((r) => r.path);
  t.true(routes.includes('/admin/content.Culture/preview'));
  t.false(routes.includes('/admin/content.Forum/preview'), 'the forum has no page per item');
  t.false(routes.includes('/admin/auth.Admin/preview'));
});
