import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { NONCE_PLACEHOLDER, PageCache } from '../../src/server/pageCache.ts';
import { withCachedPages, type IslandFreePages } from '../../src/server/cachedPages.ts';
import { OriginPolicy } from '../../src/server/origin.ts';
import { contentSecurityPolicy } from '../../src/server/middleware/security.ts';
import { TEST_SERVER_OPTIONS } from '../helpers/httpServer.ts';

const lines: Array<Record<string, unknown>> = [];
const log = pino(
  { level: 'info', base: undefined },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);

// With PUBLIC_URL every request shares one origin, whatever port the test server got.
const ORIGIN = 'https://canal.example.org';
const origins = new OriginPolicy({ publicUrl: ORIGIN, allowedHosts: [], trustProxy: false });
const cache = new PageCache();
cache.set(cache.key(ORIGIN, 'zh-cn', '/news', ''), '/news', '<html lang="zh-CN">新闻</html>');
cache.set(cache.key(ORIGIN, 'en', '/news', ''), '/news', '<html lang="en">News</html>');
cache.set(cache.key(ORIGIN, 'zh-cn', '/manage/x', ''), '/manage/x', 'an admin path must never come from here');

/** What the renderer was asked for, in order. */
const renders: string[] = [];
// The renderer's stand-in renders one page without islands, fails on another, and leaves the rest to Koa.
const pages: IslandFreePages = {
  async islandFree(url, lang, origin) {
    renders.push(url);
    if (url.startsWith('/broken')) throw new Error('the database is gone');
    return url.startsWith('/about') ? `<html lang="${lang}">${origin} ${url} #${renders.length}</html>` : null;
  },
};

function serve(adminBase: string): Promise<{ url: string; server: http.Server }> {
  // What Koa would do is not under test here: the stand-in only says that the request reached it.
  const koa: http.RequestListener = (_req, res) => res.end('koa');
  const server = http.createServer(TEST_SERVER_OPTIONS, withCachedPages(cache, { adminBase, log, trustProxy: false, origins, ipBan: { blocksNow: () => false }, csp: contentSecurityPolicy() }, pages, koa)).listen(0, '127.0.0.1');
  return new Promise((resolve) => server.once('listening', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })));
}

let base: { url: string; server: http.Server };
let moved: { url: string; server: http.Server };
test.before(async () => {
  base = await serve('/admin');
  moved = await serve('/manage');
});
test.after.always(() => {
  base?.server.close();
  moved?.server.close();
});

test('a hit is answered with the page, the security headers, a fresh nonce and a request id', async (t) => {
  const [a, b] = await Promise.all([fetch(`${base.url}/news`), fetch(`${base.url}/news`)]);
  t.is(a.status, 200);
  t.is(await a.text(), '<html lang="zh-CN">新闻</html>');
  t.is(a.headers.get('x-page-cache'), 'HIT');
  t.is(a.headers.get('content-type'), 'text/html; charset=utf-8');
  t.is(a.headers.get('x-frame-options'), 'SAMEORIGIN');
  t.is(a.headers.get('x-content-type-options'), 'nosniff');
  t.regex(a.headers.get('content-security-policy') ?? '', /^default-src 'self';script-src 'self' 'nonce-[\w+/=]+';style-src/);
  t.not(a.headers.get('content-security-policy'), b.headers.get('content-security-policy'));
  t.regex(a.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  const own = await fetch(`${base.url}/news`, { headers: { 'x-request-id': 'proxy-42' } });
  t.is(own.headers.get('x-request-id'), 'proxy-42');
  await own.text();
});

test('the language comes from the header, the cookie or Accept-Language, as in the app', async (t) => {
  const page = async (headers: Record<string, string>) => (await fetch(`${base.url}/news`, { headers })).text();
  t.is(await page({ 'think-lang': 'en' }), '<html lang="en">News</html>');
  t.is(await page({ cookie: 'a=1; think_lang=en' }), '<html lang="en">News</html>');
  t.is(await page({ 'accept-language': 'en-GB,en;q=0.9' }), '<html lang="en">News</html>');
  t.is(await page({ 'accept-language': 'fr' }), '<html lang="zh-CN">新闻</html>');
  t.is(await page({ cookie: 'think_lang=en' }), await (await fetch(`${base.url}/news?lang=en`, { headers: { cookie: 'think_lang=en' } })).text());
});

test('HEAD gets the head of a hit without its body', async (t) => {
  const res = await fetch(`${base.url}/news`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
  t.is(res.headers.get('x-page-cache'), 'HIT');
  t.is(res.headers.get('content-length'), String(Buffer.byteLength('<html lang="zh-CN">新闻</html>')));
  t.is(await res.text(), '');
});

test('everything else goes on to the app', async (t) => {
  const body = async (url: string, init: RequestInit = {}) => (await fetch(url, init)).text();
  t.is(await body(`${base.url}/news?page=2`), 'koa', 'a miss');
  t.is(await body(`${base.url}/news`, { method: 'POST' }), 'koa');
  t.is(await body(`${base.url}/news?server=1`), 'koa');
  t.is(await body(`${moved.url}/manage/x`), 'koa', 'admin pages under a moved base are never cached pages');
});

test('a miss on a page without islands is rendered, answered and stored before the app', async (t) => {
  const first = await fetch(`${base.url}/about?lang=en`);
  t.is(first.status, 200);
  t.is(first.headers.get('x-page-cache'), 'MISS');
  t.is(first.headers.get('x-frame-options'), 'SAMEORIGIN', 'with the security headers of any answer');
  t.regex(first.headers.get('content-security-policy') ?? '', /'nonce-[\w+/=]+'/);
  t.is(first.headers.get('set-cookie'), 'think_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
  const html = await first.text();
  t.regex(html, new RegExp(`^<html lang="en">${ORIGIN} /about\\?lang=en #\\d+</html>$`), 'rendered in the language and for the origin asked');
  const again = await fetch(`${base.url}/about?lang=en`);
  t.is(again.headers.get('x-page-cache'), 'HIT');
  t.is(await again.text(), html, 'the next visitor gets the stored page');
});

test('a hard reload is answered from the cache: no visitor can make every request a render', async (t) => {
  const newsRenders = () => renders.filter((url) => url === '/news').length;
  const before = newsRenders();
  const reloads: Array<Record<string, string>> = [{ 'cache-control': 'no-cache' }, { pragma: 'no-cache' }, { 'cache-control': 'no-cache, no-store, max-age=0' }];
  for (const headers of reloads) {
    const res = await fetch(`${base.url}/news`, { headers });
    t.is(res.headers.get('x-page-cache'), 'HIT');
    t.is(await res.text(), '<html lang="zh-CN">新闻</html>');
  }
  t.is(newsRenders(), before, 'nothing was rendered');
});

test('with the page cache off (PAGE_CACHE=off) every request renders and nothing is kept', async (t) => {
  const off = new PageCache(undefined, false);
  const key = off.key(ORIGIN, 'en', '/about', '');
  const entry = off.set(key, '/about', '<html>a</html>');
  t.is(entry.html, '<html>a</html>', 'the page rendered is still answered');
  t.is(off.get(key), undefined);
  t.is(off.size, 0);
});

test('a page the renderer leaves, or fails on, goes on to the app; so does one refused in every encoding', async (t) => {
  t.is(await (await fetch(`${base.url}/broken`)).text(), 'koa');
  await new Promise((r) => setTimeout(r, 50));
  t.true(lines.some((l) => l.msg === 'answering a public page before Koa failed'));
  t.is(await (await fetch(`${base.url}/about?refused=1`, { headers: { 'accept-encoding': 'identity;q=0' } })).text(), 'koa', 'the app answers 406');
  t.false(renders.includes('/about?refused=1'), 'without a render first');
  t.is(await (await fetch(`${base.url}/news?page=3`)).text(), 'koa');
  t.true(renders.includes('/news?page=3'), 'the renderer was asked, and left the page to the app');
});

test('a language switch by link is answered and remembered in the cookie', async (t) => {
  const switched = await fetch(`${base.url}/news?lang=en`);
  t.is(await switched.text(), '<html lang="en">News</html>');
  t.is(switched.headers.get('set-cookie'), 'think_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
  const kept = await fetch(`${base.url}/news?lang=en`, { headers: { cookie: 'think_lang=en' } });
  t.is(await kept.text(), '<html lang="en">News</html>');
  t.is(kept.headers.get('set-cookie'), null);
});

test('hits are written to the access log like any request', async (t) => {
  await (await fetch(`${base.url}/news?x=1`)).text();
  await (await fetch(`${base.url}/news`, { headers: { 'x-request-id': 'logged-1' } })).text();
  await new Promise((r) => setTimeout(r, 50));
  t.like(lines.find((l) => l.reqId === 'logged-1'), { method: 'GET', url: '/news', status: 200, msg: 'request' });
  t.false(
    lines.some((l) => l.url === '/news?x=1'),
    'a request handed to the app is logged there, not here',
  );
});

test("a page is answered with UTF-8 bytes: without a nonce the same bytes each time, with one this request's nonce in them", (t) => {
  const own = new PageCache();
  const plain = own.set(own.key(ORIGIN, 'zh-cn', '/about', ''), '/about', '<html lang="zh-CN">协会概况</html>', own.begin());
  const first = own.answer(plain, 'identity', 'n1', 'HIT', {}).body;
  t.true(Buffer.isBuffer(first));
  t.deepEqual(first, Buffer.from('<html lang="zh-CN">协会概况</html>'));
  t.is(own.answer(plain, 'identity', 'n2', 'HIT', {}).body, first, 'the same bytes, not encoded again');
  const withNonce = own.set(own.key(ORIGIN, 'zh-cn', '/canal', ''), '/canal', `<style nonce="${NONCE_PLACEHOLDER}">运{}</style><script nonce="${NONCE_PLACEHOLDER}"></script>`, own.begin());
  t.deepEqual(own.answer(withNonce, 'identity', 'n3', 'HIT', {}).body, Buffer.from('<style nonce="n3">运{}</style><script nonce="n3"></script>'));
  t.deepEqual(own.answer(withNonce, 'identity', 'n4', 'HIT', {}).body, Buffer.from('<style nonce="n4">运{}</style><script nonce="n4"></script>'));
  t.is(gunzipSync(own.answer(withNonce, 'gzip', 'n5', 'HIT', {}).body).toString(), '<style nonce="n5">运{}</style><script nonce="n5"></script>');
});

test("a page's key names its query's pairs in code-unit order, the language left out, however the query was written", (t) => {
  /** The key as URLSearchParams writes it: what every query's key was before plain ones were written directly. */
  const written = (query: string) => {
    const params = [...new URLSearchParams(query)].filter(([k]) => k !== 'lang').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `${ORIGIN} en /news?${new URLSearchParams(params).toString()}`;
  };
  for (const query of ['id=5', 'page=2&category=1', 'lang=en&id=5', 'b=2&a=1&a=0', 'q=a%20b', 'q=a+b&lang=en', 'q=%E8%BF%90', 'a', 'a=1&', 'a=~', 'x=1&lang=en&x=0']) {
    t.is(cache.key(ORIGIN, 'en', '/news', query), written(query), query);
  }
  t.is(cache.key(ORIGIN, 'en', '/news', 'page=2&category=1'), cache.key(ORIGIN, 'en', '/news', 'lang=en&category=1&page=2'), 'one page, one key');
});
