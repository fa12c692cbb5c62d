import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { renderPage } from 'vike/server';
import { startServer, type TestServer } from '../helpers/server.ts';
import { registeredVikeBuild } from '../../src/server/vikeBuild.ts';
import { StaticPages } from '../../src/server/staticPages.ts';
import { LANGS, type Lang } from '../../src/shared/i18n/langs.ts';
import type { PortalPageContext } from '../../src/shared/pageContext.ts';

// Pages without islands are rendered by src/server/staticPages.ts instead of Vike: the answer must be Vike's,
// to the byte, for every such page, in both languages, for any query a visitor may send.

const STATIC_DIR = path.resolve(import.meta.dirname, '../../src/pages/(site)/(static)');

/** The routes of the page folders without islands, as Vike's filesystem routing names them. */
function staticRoutes(): string[] {
  return fs
    .readdirSync(STATIC_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === '+Page.tsx')
    .map((file) => {
      const route = `/${path.dirname(file).split(path.sep).join('/')}`;
      return route === '/index' ? '/' : route;
    })
    .sort();
}

let server: TestServer;
let pages: StaticPages;
test.before(async () => {
  server = await startServer();
  // The first page loads the build Vike renders with.
  await (await fetch(`${server.url}/about`)).text();
  const build = registeredVikeBuild();
  if (!build) throw new Error('no page build registered');
  pages = new StaticPages(build);
});
test.after.always(async () => {
  await server?.stop();
});

async function portalContext(lang: Lang, urlOriginal: string, apiEncryptKey = ''): Promise<PortalPageContext> {
  const { services } = server.app;
  return {
    lang,
    site: await services.settings.site(lang, server.url.replace(/^http:/, '')),
    adminBase: services.config.adminBase,
    apiEncryptKey,
    origin: server.url,
    requestPath: urlOriginal.split('?')[0]!,
    content: services.content,
    preview: false,
    search: services.search,
  };
}

async function vikeAnswer(urlOriginal: string, portal: PortalPageContext) {
  const { httpResponse } = await renderPage({ urlOriginal, headersOriginal: {}, cspNonce: 'n0nce', ...portal });
  if (!httpResponse) throw new Error(`Vike has no answer for ${urlOriginal}`);
  return { statusCode: httpResponse.statusCode, body: httpResponse.body, headers: httpResponse.headers.filter(([name]) => name.toLowerCase() !== 'content-security-policy') };
}

test('every page folder without islands is served by the static renderer', async (t) => {
  t.deepEqual((await pages.routes()).sort(), staticRoutes());
});

test('the static renderer answers every page without islands as Vike does, to the byte, in both languages', async (t) => {
  // Detail pages are reached through the links of the other pages, as a visitor reaches them.
  const listed = new Set<string>();
  let frontier = staticRoutes();
  while (frontier.length > 0) {
    const found: string[] = [];
    for (const url of frontier) {
      const html = await (await fetch(server.url + url)).text();
      for (const [, href] of html.matchAll(/href="(\/[a-z/]*\?id=\d+)"/g)) if (!listed.has(href!)) found.push(href!);
    }
    for (const url of found) listed.add(url);
    frontier = [...new Set(found)];
  }
  const details = staticRoutes().filter((route) => /\/(info|city)$/.test(route));
  for (const route of details) t.true([...listed].some((url) => url.startsWith(`${route}?`)), `a link to ${route}`);
  const odd = ['?page=2', '?page=abc&category=1', `?q=${encodeURIComponent(`"'<>&`)}&lang=en`, '?page=1&page=3'];
  // Links to pages with islands (an activity's, with its sign-up box) are Vike's alone.
  const urls = [...staticRoutes().flatMap((route) => [route, ...odd.map((query) => route + query)]), ...[...listed].filter((url) => staticRoutes().includes(url.split('?')[0]!))];
  let compared = 0;
  for (const lang of LANGS) {
    for (const url of urls) {
      const portal = await portalContext(lang, url);
      const expected = await vikeAnswer(url, portal);
      const answer = await pages.render(url, portal);
      if (expected.statusCode !== 200) {
        t.is(answer, null, `${url} (${lang}) is left to Vike: it answers ${expected.statusCode}`);
        continue;
      }
      t.truthy(answer, `${url} (${lang})`);
      t.is(answer?.body, expected.body, `${url} (${lang})`);
      t.deepEqual(answer?.headers, expected.headers, `${url} (${lang})`);
      compared++;
    }
  }
  t.true(compared > urls.length, `${compared} pages compared`);
});

test('attributes of <html> are escaped as Vike escapes them', async (t) => {
  const portal = await portalContext('en', '/about', 'k&"<>');
  const answer = await pages.render('/about', portal);
  t.regex(answer?.body ?? '', /<html data-admin-base="\/admin" data-api-key="k&amp;&quot;<>" lang="en">/);
  t.is(answer?.body, (await vikeAnswer('/about', portal)).body);
});

test('a missing item, a path with a trailing slash and an island page are left to Vike', async (t) => {
  for (const url of ['/news/info?id=99999999', '/news/info', '/news/', '/canal', '/user/login', '/admin', '/nowhere']) {
    t.is(await pages.render(url, await portalContext('zh-cn', url)), null, url);
  }
  const missing = await fetch(`${server.url}/news/info?id=99999999`);
  t.is(missing.status, 404);
  t.regex(await missing.text(), /<title>[^<]+<\/title>/);
});
