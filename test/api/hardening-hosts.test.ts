import test from 'ava';
import http from 'node:http';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';

// Page-cache poisoning through Host and X-Forwarded-* (issue 9, item 1).

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with any Host header (fetch does not let a caller choose it). */
function request(server: TestServer, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Every absolute link a page head carries: canonical, hreflang alternates, og:url and og:image. */
function absoluteLinks(html: string): string[] {
  return [...html.matchAll(/<(?:link|meta)[^>]+(?:href|content)="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!);
}

test('without PUBLIC_URL a foreign Host is refused with 421 and never reaches the cache', async (t) => {
  const server = await startServer();
  try {
    const own = new URL(server.url).host;
    const evil = await request(server, '/culture?page=1', { host: 'evil.example', 'accept-language': 'en' });
    t.is(evil.status, 421);
    t.regex(evil.body, /not served under the address evil\.example/);
    t.notRegex(evil.body, /<link[^>]+canonical/);
    const zh = await request(server, '/culture?page=1', { host: 'evil.example' });
    t.regex(zh.body, /本站不以地址 evil\.example 提供服务/);
    const apiAnswer = await request(server, '/api/index/index', { host: 'evil.example', server: 'true', 'think-lang': 'en' });
    t.is(apiAnswer.status, 421);
    t.is(JSON.parse(apiAnswer.body).code, 0);
    t.is((await request(server, '/sitemap.xml', { host: 'evil.example' })).status, 421);

    const visitor = await request(server, '/culture?page=1', { host: own });
    t.is(visitor.status, 200);
    const links = absoluteLinks(visitor.body);
    t.true(links.length >= 4, 'canonical, hreflang and Open Graph links are there');
    t.true(links.every((l) => l.startsWith(`http://${own}/`)), links.join(' '));
    const hit = await request(server, '/culture?page=1', { host: own });
    t.is(hit.headers['x-page-cache'], 'HIT');
    t.false(hit.body.includes('evil.example'));
    for (const odd of ['127.0.0.1:99999', 'localhost@evil.example', 'localhost/x', '"><script>', 'evil.example:80']) {
      t.is((await request(server, '/culture', { host: odd })).status, 421, `Host: ${odd}`);
    }
  } finally {
    await server.stop();
  }
});

test('each allowed host gets links to itself, from its own cache entry', async (t) => {
  const server = await startServer({ ALLOWED_HOSTS: 'canal.example.org,.canal.example.net' });
  try {
    for (const host of ['canal.example.org', 'www.canal.example.net', 'canal.example.net:8443']) {
      const page = await request(server, '/about', { host });
      t.is(page.status, 200, host);
      t.true(absoluteLinks(page.body).every((l) => l.startsWith(`http://${host}/`)), host);
      t.is((await request(server, '/about', { host })).headers['x-page-cache'], 'HIT');
    }
    t.is((await request(server, '/about', { host: '127.0.0.1' })).status, 421, 'the list replaces the loopback default');
    t.is((await request(server, '/about', { host: 'evilcanal.example.net' })).status, 421, 'a suffix match needs the dot');
  } finally {
    await server.stop();
  }
});

test('with PUBLIC_URL every host is served and every link is PUBLIC_URL', async (t) => {
  const server = await startServer({ PUBLIC_URL: 'https://canal.example.org' });
  try {
    const page = await request(server, '/news', { host: 'evil.example' });
    t.is(page.status, 200);
    const links = absoluteLinks(page.body);
    t.true(links.length > 0 && links.every((l) => l.startsWith('https://canal.example.org/')), links.join(' '));
  } finally {
    await server.stop();
  }
});

test('with TRUST_PROXY, X-Forwarded-Host and -Proto follow the same rules, and the client is the last X-Forwarded-For', async (t) => {
  const server = await startServer({ TRUST_PROXY: '1', ALLOWED_HOSTS: 'canal.example.org', ADMIN_PASSWORD, ADMIN_LOGIN_CAPTCHA: '0' });
  try {
    const base = { host: 'internal:8000' };
    t.is((await request(server, '/brand', { ...base, 'x-forwarded-host': 'evil.example' })).status, 421);
    t.is((await request(server, '/brand', { ...base, 'x-forwarded-host': 'canal.example.org', 'x-forwarded-proto': 'javascript' })).status, 421);
    const page = await request(server, '/brand', { ...base, 'x-forwarded-host': 'canal.example.org, evil.example', 'x-forwarded-proto': 'https' });
    t.is(page.status, 200);
    t.true(absoluteLinks(page.body).every((l) => l.startsWith('https://canal.example.org/')));
    const login = await request(
      server,
      '/admin/index/login',
      { ...base, 'x-forwarded-host': 'canal.example.org', 'x-forwarded-for': '6.6.6.6, 10.0.0.7', server: 'true', 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    );
    t.is(JSON.parse(login.body).code, 1);
    const row = await server.app.knex('admin_log').orderBy('id', 'desc').first<{ ip: string }>('ip');
    t.is(row.ip, '10.0.0.7', 'the address our proxy saw, not the one the client wrote');
  } finally {
    await server.stop();
  }
});
