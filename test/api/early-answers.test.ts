import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';

// Public pages and guests' /api/index/index are answered before Koa (cachedPages.ts, guestIndex.ts) through the
// same request steps as Koa's middleware (src/server/request/). The language cookie is one: Koa's cookies
// module takes the quotes off a quoted value, and so must an answer given before Koa.

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

const QUOTED = { cookie: 'think_lang="en"' };
const htmlLang = (html: string) => /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];

test('a page answered before Koa reads a quoted language cookie as Koa does', async (t) => {
  // The member centre is always Koa's.
  t.is(htmlLang(await (await fetch(`${server.url}/user/login`, { headers: QUOTED })).text()), 'en');
  for (const state of ['MISS', 'HIT']) {
    const res = await fetch(`${server.url}/about`, { headers: QUOTED });
    t.is(res.headers.get('x-page-cache'), state);
    t.is(htmlLang(await res.text()), 'en', state);
  }
  const switched = await fetch(`${server.url}/about?lang=en`, { headers: QUOTED });
  await switched.text();
  t.is(switched.headers.get('set-cookie'), null, 'the cookie says English already');
});

test('so does the guest index', async (t) => {
  const siteName = async (headers: Record<string, string>) => ((await (await fetch(`${server.url}/api/index/index`, { headers })).json()) as { data: { site: { siteName: string } } }).data.site.siteName;
  // The Chinese answer is kept after the first request; the quoted cookie must not be given it.
  t.is(await siteName({}), '大运河文化协会');
  t.is(await siteName({}), '大运河文化协会');
  t.is(await siteName(QUOTED), 'Grand Canal Culture Association');
  t.is(await siteName(QUOTED), 'Grand Canal Culture Association');
});
