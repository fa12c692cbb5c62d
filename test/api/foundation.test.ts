import test from 'ava';
import http from 'node:http';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { superToken } from '../helpers/admins.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { headers });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

test('home page: Chinese by default, titled route - site name, no script', async (t) => {
  const { status, html, headers } = await page('/');
  t.is(status, 200);
  t.regex(html, /<html[^>]* lang="zh-CN">/);
  t.regex(html, /<title>首页 - 大运河文化协会<\/title>/);
  t.false(/<script/i.test(html));
  t.false(/备案号|ICP/.test(html), 'no placeholder record number: the footer hides an empty one');
  t.regex(headers.get('content-security-policy') ?? '', /script-src 'self' 'nonce-/);
});

// Serial: ava runs it before the others, which expect the empty default back.
test.serial('the footer shows the record number once staff enter one', async (t) => {
  const token = await superToken(server);
  const saved = await api(server.url, '/admin/routine.Config/edit', { body: { record_number: '苏ICP备12345678号' }, headers: { batoken: token } });
  t.is(saved.body.code, 1);
  t.regex((await page('/about')).html, /备案号(<!-- -->)?:(<!-- -->)? <a href="https:\/\/beian\.miit\.gov\.cn\/"[^>]*>苏ICP备12345678号<\/a>/);
  const cleared = await api(server.url, '/admin/routine.Config/edit', { body: { record_number: '' }, headers: { batoken: token } });
  t.is(cleared.body.code, 1, cleared.body.msg);
  t.false((await page('/about')).html.includes('苏ICP备'));
});

test('language: ?lang= beats header, cookie and Accept-Language', async (t) => {
  t.regex((await page('/?lang=en')).html, /<title>Home - Grand Canal Culture Association<\/title>/);
  t.regex((await page('/', { 'accept-language': 'en-US,en;q=0.9' })).html, /<html[^>]* lang="en">/);
  t.regex((await page('/', { 'accept-language': 'fr-FR, en;q=0.5' })).html, /<html[^>]* lang="en">/, 'first supported tag wins');
  t.regex((await page('/', { cookie: 'think_lang=en' })).html, /<html[^>]* lang="en">/);
  t.regex((await page('/', { 'think-lang': 'en', 'accept-language': 'zh-CN' })).html, /<html[^>]* lang="en">/);
  t.regex((await page('/?lang=zh-cn', { cookie: 'think_lang=en' })).html, /<html[^>]* lang="zh-CN">/);
  const switched = await page('/about?lang=en');
  t.regex(switched.headers.get('set-cookie') ?? '', /think_lang=en/, 'an explicit switch is remembered');
});

test('pages carry canonical and hreflang links in both languages', async (t) => {
  const { html } = await page('/about?lang=en');
  t.regex(html, /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/about\?lang=en"/);
  t.regex(html, /hrefLang="zh-CN" href="[^"]+\/about\?lang=zh-cn"/);
  t.regex(html, /hrefLang="x-default" href="[^"]+\/about"/);
  t.regex(html, /<title>About us - Grand Canal Culture Association<\/title>/);
  t.regex(html, /World Heritage List/);
});

test('every kind of page sets the toolbar colour once; only the pages of the sections carry a canonical URL', async (t) => {
  const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
  for (const path of ['/news', '/news/info?id=1', '/user/login', '/404', '/admin/login']) {
    t.is(count((await page(path)).html, /<meta name="theme-color" content="#0f4c5c"\/>/), 1, path);
  }
  t.is(count((await page('/news')).html, /<link rel="canonical"/), 1);
  t.is(count((await page('/news/info?id=1')).html, /type="application\/rss\+xml"/), 1, 'news pages point feed readers to the feed');
  t.is(count((await page('/about')).html, /type="application\/rss\+xml"/), 0);
  for (const path of ['/user/login', '/404', '/admin/login']) t.is(count((await page(path)).html, /<link rel="canonical"/), 0, path);
});

test('about page in Chinese', async (t) => {
  const { status, html } = await page('/about');
  t.is(status, 200);
  t.regex(html, /<title>协会概况 - 大运河文化协会<\/title>/);
  t.regex(html, /2014年6月22日/);
});

test('an unknown path ends in 404 with the 404 page and its island', async (t) => {
  const { status, html, headers } = await page('/no/such/page?lang=en');
  t.is(status, 404);
  t.regex(html, /<title>Page not found - Grand Canal Culture Association<\/title>/);
  t.regex(html, /data-island="BackCountdown"/);
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];
  t.truthy(nonce);
  t.regex(html, new RegExp(`<script[^>]+nonce="${nonce!.replace(/[+/=]/g, '\\$&')}"`), 'scripts carry this response\'s nonce');
  t.is((await page('/404')).status, 404);
});

test('/401 explains the missing permission and answers HTTP 401', async (t) => {
  const { status, html } = await page('/401');
  t.is(status, 401);
  t.regex(html, /联系网站管理员/);
  t.false(/<script/i.test(html));
});

test('GET /api/index/index answers the guest init data', async (t) => {
  const { status, body } = await api<{ site: { siteName: string; upload: { maxSize: number } }; openMemberCenter: boolean; userInfo: unknown[] }>(
    server.url,
    '/api/index/index',
  );
  t.is(status, 200);
  t.is(body.code, 1);
  t.is(body.data.site.siteName, '大运河文化协会');
  t.is(body.data.site.upload.maxSize, 10 * 1024 * 1024);
  t.true(body.data.openMemberCenter);
  t.deepEqual(body.data.userInfo, []);
  t.true(Math.abs(body.time - Date.now() / 1000) < 60);
  const en = await api<{ site: { siteName: string } }>(server.url, '/api/index/index', { lang: 'en' });
  t.is(en.body.data.site.siteName, 'Grand Canal Culture Association');
});

test('malformed JSON gets 400 with code 0 and a clear message, and the process keeps serving', async (t) => {
  const bad = await api(server.url, '/api/index/index', { body: '{"broken": ', lang: 'en' });
  t.is(bad.status, 400);
  t.is(bad.body.code, 0);
  t.regex(bad.body.msg, /malformed/);
  const zh = await api(server.url, '/api/index/index', { body: '{oops' });
  t.regex(zh.body.msg, /格式错误/);
  const after = await api(server.url, '/api/index/index');
  t.is(after.body.code, 1);
});

test('unknown API paths answer 404 in the envelope; controller segments are case-insensitive', async (t) => {
  const res = await api(server.url, '/api/nothing/here', { lang: 'en' });
  t.is(res.status, 404);
  t.is(res.body.code, 0);
  t.is(res.body.msg, 'There is no API endpoint at /api/nothing/here', 'the path asked for, in the language asked for');
  t.is((await api(server.url, '/api/Index/Index')).body.code, 1);
  t.is((await api(server.url, '/api/index/index.html')).body.code, 1);
});

test('static files: ETag revalidation and immutable hashed assets', async (t) => {
  const icon = await fetch(`${server.url}/favicon.svg`);
  t.is(icon.status, 200);
  const etag = icon.headers.get('etag');
  t.truthy(etag);
  t.regex(icon.headers.get('cache-control') ?? '', /must-revalidate/);
  // fetch() turns conditional requests into no-cache ones (Fetch spec), so revalidate as a browser cache does.
  const status = await new Promise<number>((resolve, reject) => {
    http.get(`${server.url}/favicon.svg`, { headers: { 'if-none-match': etag! } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
  t.is(status, 304);
  const html = await (await fetch(`${server.url}/`)).text();
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  t.truthy(css, 'the page links its stylesheet');
  const asset = await fetch(server.url + css!);
  t.is(asset.status, 200);
  t.regex(asset.headers.get('cache-control') ?? '', /immutable/);
  t.is((await fetch(`${server.url}/assets/../package.json`)).status, 404, 'no escape from the asset folder');
});

test('responses are compressed when the client accepts it', async (t) => {
  const res = await fetch(`${server.url}/about`, { headers: { 'accept-encoding': 'br' } });
  t.is(res.headers.get('content-encoding'), 'br');
  const gz = await fetch(`${server.url}/about`, { headers: { 'accept-encoding': 'gzip' } });
  t.is(gz.headers.get('content-encoding'), 'gzip');
});

test('every response carries a request id', async (t) => {
  const res = await fetch(`${server.url}/api/index/index`, { headers: { 'x-request-id': 'trace-123' } });
  t.is(res.headers.get('x-request-id'), 'trace-123');
  const fresh = await fetch(`${server.url}/`);
  t.regex(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
});

test('a page served in English because of Accept-Language says so: canonical, hreflang and Vary', async (t) => {
  // Twice: the first answer is rendered, the second comes from the page cache, and both must say the same.
  for (const round of ['rendered', 'cached']) {
    const { html, headers } = await page('/news', { 'accept-language': 'en-US,en;q=0.9' });
    t.regex(html, /<html[^>]* lang="en">/, round);
    t.regex(html, /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/news\?lang=en"/, `${round}: the canonical is the English page`);
    t.regex(html, /hrefLang="en" href="[^"]+\/news\?lang=en"/, round);
    t.regex(html, /hrefLang="zh-CN" href="[^"]+\/news\?lang=zh-cn"/, round);
    t.regex(html, /hrefLang="x-default" href="[^"]+\/news"/, round);
    const vary = (headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
    t.true(vary.includes('accept-language') && vary.includes('cookie'), `${round}: Vary says the answer depends on the language asked (${vary.join(', ')})`);
  }
  // The same URL without the header is the Chinese page, with its own canonical.
  const zh = await page('/news');
  t.regex(zh.html, /<html[^>]* lang="zh-CN">/);
  t.regex(zh.html, /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/news"/);
});
