import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { renderPage } from 'vike/server';
import { startServer, type TestServer } from '../helpers/server.ts';
import { registeredVikeBuild } from '../../src/server/vikeBuild.ts';
import { StaticPages } from '../../src/server/staticPages.ts';
import { LANGS, type Lang } from '../../src/shared/i18n/langs.ts';
import type { PortalPageContext } from '../../src/shared/pageContext.ts';
import type { FragmentCache } from '../../src/server/fragments.ts';
import { CountingFragments, CountingTemplates } from '../helpers/fragments.ts';

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
const templates = new CountingTemplates();
test.before(async () => {
  server = await startServer();
  // The first page loads the build Vike renders with.
  await (await fetch(`${server.url}/about`)).text();
  const build = registeredVikeBuild();
  if (!build) throw new Error('no page build registered');
  pages = new StaticPages(build, templates);
});
test.after.always(async () => {
  await server?.stop();
});

/** Without fragments, the header and footer render inline: what the stamped ones must equal. */
async function portalContext(lang: Lang, urlOriginal: string, apiEncryptKey = '', fragments?: FragmentCache): Promise<PortalPageContext> {
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
    fragments,
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
  // One cache for every page, as a server has: a part's first render and its reuse by later pages are compared.
  const fragments = new CountingFragments();
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
      const stamped = await portalContext(lang, url, '', fragments);
      t.is((await pages.render(url, stamped))?.body, expected.body, `${url} (${lang}) with the stamped header and footer`);
      t.is((await vikeAnswer(url, stamped)).body, expected.body, `${url} (${lang}) by Vike with the stamped header and footer`);
      compared++;
    }
  }
  t.true(compared > urls.length, `${compared} pages compared`);
  // Every page has a stamped head, header and footer, most have cards: most parts were reused, not rendered again.
  t.true(fragments.renders < compared / 2, `${fragments.renders} parts rendered for ${compared} pages`);
  // Keys: a head's shape as JSON, `header …`, `footer …`, `article <kind of card> …`, `nav <pages, filters or crumbs> …`.
  const kinds = new Set([...fragments.keys].map((key) => (key.startsWith('{') ? 'head' : key.split(' ', /^(article|nav) /.test(key) ? 2 : 1).join(' '))));
  const parts = ['head', 'header', 'footer', 'article article', 'article activity', 'article trail', 'article canal', 'article city', 'nav pages', 'nav filters', 'nav crumbs'];
  for (const kind of parts) t.true(kinds.has(kind), `${kind} stamped`);
  // The article pages, whose views are their models' (shared/pageModel.ts), are filled in from a template of
  // their shape: compared above with Vike's answer, their links' detail pages, numbers and languages many times.
  const modelled = ['/news', '/news/info', '/culture', '/culture/info'];
  for (const page of modelled) t.true((templates.answered.get(page) ?? 0) >= 8, `${page}: ${templates.answered.get(page)} answers from templates`);
  t.deepEqual([...templates.declined], [], 'no body left to React');
  const answers = [...templates.answered.values()].reduce((sum, n) => sum + n, 0);
  t.true(templates.renders < answers, `${templates.renders} renders for ${answers} answers`);
});

test('pages with islands and the error pages stamp the header and footer they render inline', async (t) => {
  const fragments = new CountingFragments();
  const urls = ['/canal', '/user/login', `/user/login?next=${encodeURIComponent(`/x?a="'<>&`)}`, '/404', '/401', '/search?q=%E8%BF%90%E6%B2%B3'];
  for (const round of [1, 2]) {
    for (const lang of LANGS) {
      for (const url of urls) {
        const inline = await vikeAnswer(url, await portalContext(lang, url));
        const stamped = await vikeAnswer(url, await portalContext(lang, url, '', fragments));
        t.is(stamped.body, inline.body, `${url} (${lang}), round ${round}`);
        t.regex(stamped.body, /<header class="site-header">[\s\S]+<\/header>[\s\S]+<footer class="site-footer">/, url);
      }
    }
    // The second round renders no part: each was kept from the first.
    if (round === 1) fragments.renders = 0;
  }
  t.is(fragments.renders, 0);
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
