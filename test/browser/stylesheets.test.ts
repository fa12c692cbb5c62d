import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { lostClasses, wholeSheet } from './cutSheets.ts';
import { publicRoutes } from './publicRoutes.ts';

// Every class a public page or the admin login carries as served that the whole stylesheet styles is still
// styled by the cut one (cutSheets.ts).

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

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
      for (const name of lostClasses(whole, served, classes)) lost.push(`${route} .${name}`);
    }
  }
  t.true(routes.length >= 22);
  t.deepEqual([...new Set(lost)], []);
});
