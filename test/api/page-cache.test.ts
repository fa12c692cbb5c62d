import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';

let server: TestServer;
let adminToken: string;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD, ADMIN_LOGIN_CAPTCHA: '0' });
  const login = await api<{ userInfo: { token: string } }>(server.url, '/admin/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  adminToken = login.body.data.userInfo.token;
});
test.after.always(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

test.serial('public pages are cached per path and language; a hard reload is answered from the cache', async (t) => {
  const first = await get('/news?page=1&lang=en');
  t.is(first.headers.get('x-page-cache'), 'MISS');
  const again = await get('/news?lang=en&page=1');
  t.is(again.headers.get('x-page-cache'), 'HIT', 'query order does not matter');
  t.is(await again.text(), await first.text());
  t.is((await get('/news?page=1')).headers.get('x-page-cache'), 'MISS', 'Chinese is another entry');
  t.is((await get('/news?lang=en&page=1', { 'cache-control': 'no-cache' })).headers.get('x-page-cache'), 'HIT', 'the cache is never stale: every change drops its pages');
  t.is((await get('/user/login')).headers.get('x-page-cache'), null, 'the member centre is never cached');
  t.is((await get('/news/info?id=999999')).headers.get('x-page-cache'), null, 'a 404 is not cached');
});

test.serial('a hit carries the same headers as the rendered answer it was stored from', async (t) => {
  const names = (res: Response) => [...res.headers.keys()].filter((n) => n !== 'set-cookie').sort();
  const rendered = await get('/culture', { 'accept-encoding': 'gzip' });
  const hit = await get('/culture', { 'accept-encoding': 'gzip' });
  t.is(rendered.headers.get('x-page-cache'), 'MISS');
  t.is(hit.headers.get('x-page-cache'), 'HIT');
  t.deepEqual(names(hit), names(rendered));
  for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'x-frame-options', 'strict-transport-security', 'referrer-policy']) {
    t.is(hit.headers.get(name), rendered.headers.get(name), name);
  }
  t.is(await hit.text(), await rendered.text());
});

test.serial('a page just rendered and its hits are the same bytes, each with its length, when not compressed', async (t) => {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await get('/members', { 'accept-encoding': 'identity' }));
  t.deepEqual(answers.map((res) => res.headers.get('x-page-cache')), ['MISS', 'HIT', 'HIT']);
  const bodies = await Promise.all(answers.map(async (res) => Buffer.from(await res.arrayBuffer())));
  t.regex(bodies[0]!.toString(), /组织成员/);
  for (const [i, res] of answers.entries()) {
    t.is(res.headers.get('content-length'), String(bodies[i]!.length));
    t.true(bodies[i]!.equals(bodies[0]!));
  }
});

test.serial('cached pages are compressed once and served with the right encoding', async (t) => {
  await get('/about');
  const br = await get('/about', { 'accept-encoding': 'br' });
  t.is(br.headers.get('x-page-cache'), 'HIT');
  t.is(br.headers.get('content-encoding'), 'br');
  t.regex(await br.text(), /<html[^>]* lang="zh-CN">/, 'fetch decodes it back to the page');
  const plain = await get('/about', { 'accept-encoding': 'identity' });
  t.is(plain.headers.get('content-encoding'), null);
});

test.serial('an island page from the cache carries this response\'s own nonce', async (t) => {
  await get('/canal');
  const hits = await Promise.all([get('/canal'), get('/canal')]);
  const nonces = [];
  for (const res of hits) {
    t.is(res.headers.get('x-page-cache'), 'HIT');
    const header = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    const html = await res.text();
    t.truthy(header);
    t.true(html.includes(`nonce="${header}"`), 'the script nonce matches the CSP header');
    t.false(html.includes('CSP-NONCE-PLACEHOLDER'));
    nonces.push(header);
  }
  t.not(nonces[0], nonces[1]);
});

test.serial('an admin edit of news drops the news pages, not the others; a config change drops everything', async (t) => {
  await get('/news');
  await get('/members');
  t.is((await get('/news')).headers.get('x-page-cache'), 'HIT');
  const news = await server.app.knex('news').where({ status: '1' }).first();
  const edit = await api(server.url, '/admin/content.News/edit', { headers: { batoken: adminToken }, body: { id: news.id, title: `${news.title}（更新）` } });
  t.is(edit.body.code, 1, edit.body.msg);
  const after = await get('/news');
  t.is(after.headers.get('x-page-cache'), 'MISS');
  t.regex(await after.text(), /（更新）/);
  t.is((await get('/members')).headers.get('x-page-cache'), 'HIT');

  await get('/brand');
  const activity = await server.app.knex('brand_activity').where({ status: '1' }).first();
  const renamed = await api(server.url, '/admin/content.Activity/edit', { headers: { batoken: adminToken }, body: { id: activity.id, title: `${activity.title}（改期）` } });
  t.is(renamed.body.code, 1, renamed.body.msg);
  const brand = await get('/brand');
  t.is(brand.headers.get('x-page-cache'), 'MISS', 'an activity edit refreshes the activity pages');
  t.regex(await brand.text(), /（改期）/);

  const config = await api(server.url, '/admin/routine.Config/edit', { headers: { batoken: adminToken }, body: { site_name: '京杭大运河文化协会' } });
  t.is(config.body.code, 1, config.body.msg);
  const members = await get('/members');
  t.is(members.headers.get('x-page-cache'), 'MISS');
  t.regex(await members.text(), /京杭大运河文化协会/);
});

test('PAGE_CACHE=off renders every request and keeps nothing', async (t) => {
  const uncached = await startServer({ PAGE_CACHE: 'off' });
  t.teardown(() => uncached.stop());
  for (let i = 0; i < 2; i += 1) {
    const res = await fetch(`${uncached.url}/news?lang=en`);
    t.is(res.status, 200);
    t.is(res.headers.get('x-page-cache'), 'MISS');
    t.regex(await res.text(), /<h1>News<\/h1>/);
  }
  t.is(uncached.app.services.pageCache.size, 0);
});
