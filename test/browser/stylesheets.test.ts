import path from 'node:path';
import test from 'ava';
import * as sass from 'sass';
import { SASS_OPTIONS } from '../../scripts/sassOptions.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { publicRoutes } from './publicRoutes.ts';

// The public and admin-login stylesheets are cut at build time to the classes their sources name
// (scripts/purgeCss.ts). A source the scan misses loses its rules silently: every class a served page
// carries that the whole stylesheet styles must still be styled by the cut one.

const ROOT = path.resolve(import.meta.dirname, '../..');
let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

/** The stylesheet as written, before the cut. */
function wholeSheet(file: string): string {
  return sass.compile(path.join(ROOT, file), { loadPaths: [path.join(ROOT, 'node_modules')], ...SASS_OPTIONS, silenceDeprecations: [...SASS_OPTIONS.silenceDeprecations], logger: sass.Logger.silent }).css;
}

const styles = (css: string, name: string) => new RegExp(`\\.${name.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`).test(css);

async function classesAndSheet(route: string): Promise<{ classes: Set<string>; served: string }> {
  const html = await (await fetch(server.url + route)).text();
  const classes = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));
  const hrefs = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g), ...html.matchAll(/<link[^>]+href="([^"]+\.css)"[^>]+rel="stylesheet"/g)].map((m) => m[1]!);
  const served = (await Promise.all([...new Set(hrefs)].map(async (href) => (await fetch(server.url + href)).text()))).join('\n');
  return { classes, served };
}

test('every class a public page or the admin login carries keeps its rules in the cut stylesheet', async (t) => {
  const site = wholeSheet('src/styles/site.scss');
  const login = wholeSheet('src/styles/admin-login.scss');
  const routes = [...(await publicRoutes(server.url)), '/admin/login'];
  const lost: string[] = [];
  for (const lang of ['zh-cn', 'en']) {
    for (const route of routes) {
      const { classes, served } = await classesAndSheet(`${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
      t.true(served.length > 0, `${route}: a stylesheet is served`);
      const whole = route.startsWith('/admin') ? login : site;
      for (const name of classes) if (styles(whole, name) && !styles(served, name)) lost.push(`${route} .${name}`);
    }
  }
  t.true(routes.length >= 22);
  t.deepEqual([...new Set(lost)], []);
});
