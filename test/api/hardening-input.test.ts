import test from 'ava';
import http from 'node:http';
import { api, onPostgres, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, memberToken } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';

// Client mistakes that used to answer 500 or slip past the admin log (issue 9, items 2 and 4).
let server: TestServer;
let root: string;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD, ADMIN_LOGIN_CAPTCHA: '0' });
  root = await superToken(server);
});
test.after.always(async () => {
  await server?.stop();
});

/** `{"a":{"a":...}}` or `[[...]]` nested `levels` deep, as text (JSON.stringify itself would overflow). */
function deepJson(levels: number, kind: 'object' | 'array'): string {
  return kind === 'object' ? '{"a":'.repeat(levels) + '1' + '}'.repeat(levels) : '['.repeat(levels) + ']'.repeat(levels);
}

async function lastLogin(): Promise<{ id: number; admin_id: number; username: string; title: string; title_en: string; data: string } | undefined> {
  return server.app.knex('admin_log').where('url', 'like', '/admin/index/login%').orderBy('id', 'desc').first();
}

test.serial('a login with a field nested thousands of levels deep is refused with 400 and still logged', async (t) => {
  const before = (await lastLogin())?.id ?? 0;
  const body = `{"username":"admin","password":"wrongpass","junk":${deepJson(5000, 'object')}}`;
  const res = await api(server.url, '/admin/index/login', { body, lang: 'en' });
  t.is(res.status, 400);
  t.is(res.body.code, 0);
  t.regex(res.body.msg, /nested too deeply/);
  const zh = await api(server.url, '/admin/index/login', { body });
  t.regex(zh.body.msg, /嵌套层级过深/);
  const row = await lastLogin();
  t.truthy(row && row.id > before, 'the refused attempt has its admin-log row');
  t.deepEqual([row!.title, row!.title_en], ['登录', 'Login']);
});

test.serial('admin logins, failed and successful, are logged with the admin\'s id', async (t) => {
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>('id');
  const failed = await api(server.url, '/admin/index/login', { body: { username: 'admin', password: 'wrongpass' } });
  t.is(failed.body.code, 0);
  t.like(await lastLogin(), { admin_id: admin.id, username: 'admin' });
  const ok = await api(server.url, '/admin/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  t.is(ok.body.code, 1);
  const row = (await lastLogin())!;
  t.like(row, { admin_id: admin.id, username: 'admin' });
  t.notRegex(row.data, new RegExp(ADMIN_PASSWORD), 'the password is masked');
  const unknown = await api(server.url, '/admin/index/login', { body: { username: 'nobody_here', password: 'wrongpass' } });
  t.is(unknown.body.code, 0);
  t.like(await lastLogin(), { admin_id: 0, username: 'nobody_here' });
});

test.serial('when the admin-log write fails, the write it logs fails too and changes nothing', async (t) => {
  const { knex } = server.app;
  const count = async () => Number((await knex('news').count({ n: '*' }))[0]!.n);
  const before = await count();
  // A trigger that refuses every admin-log row, in each database's own syntax.
  const [refuse, allow] = onPostgres(server)
    ? [
        [
          "CREATE FUNCTION refuse_admin_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$",
          'CREATE TRIGGER refuse_admin_log BEFORE INSERT ON admin_log FOR EACH ROW EXECUTE FUNCTION refuse_admin_log()',
        ],
        ['DROP TRIGGER refuse_admin_log ON admin_log', 'DROP FUNCTION refuse_admin_log()'],
      ]
    : [["CREATE TRIGGER refuse_admin_log BEFORE INSERT ON admin_log BEGIN SELECT RAISE(ABORT, 'disk full'); END"], ['DROP TRIGGER refuse_admin_log']];
  for (const sql of refuse) await knex.raw(sql);
  try {
    const res = await api(server.url, '/admin/content.News/add', { headers: { batoken: root }, lang: 'en', body: { title: 'Unlogged news', category_id: 1, status: '1' } });
    t.is(res.status, 500);
    t.is(res.body.code, 0);
    t.is(await count(), before, 'no news was added');
  } finally {
    for (const sql of allow) await knex.raw(sql);
  }
  const after = await api(server.url, '/admin/content.News/add', { headers: { batoken: root }, lang: 'en', body: { title: 'Logged news', category_id: 1, status: '1' } });
  t.not(after.status, 500, 'with the log working again, the same write goes through the usual checks');
});

test('a "gzip" body that is not gzip is a 400 in the caller\'s language', async (t) => {
  for (const [lang, pattern] of [['en', /malformed/], ['zh-cn', /格式错误/]] as const) {
    const res = await fetch(`${server.url}/api/user/checkIn`, {
      method: 'POST',
      headers: { server: 'true', 'think-lang': lang, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: '{"tab":"login"}',
    });
    t.is(res.status, 400);
    const body = (await res.json()) as { code: number; msg: string };
    t.is(body.code, 0);
    t.regex(body.msg, pattern);
  }
  t.is((await api(server.url, '/api/index/index')).body.code, 1, 'the process keeps serving');
});

test('a body refused part-way closes its connection, so the next request on a kept-alive socket is answered', async (t) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (body: string) =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/user/checkIn`, { method: 'POST', agent, headers: { server: 'true', 'think-lang': 'en', 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.end(body);
    });
  try {
    const big = await send(`{"tab":"${'x'.repeat(4 * 1024 * 1024)}"}`);
    t.is(big.status, 413);
    t.is(big.connection, 'close');
    // One socket only: without the close this request would wait on the stalled connection until it timed out.
    const next = await send('{"tab":"login"}');
    t.true(next.status < 500);
  } finally {
    agent.destroy();
  }
});

test('Accept-Encoding that rules out every encoding is a 406, for the API and for pages', async (t) => {
  const apiRes = await fetch(`${server.url}/api/index/index`, { headers: { server: 'true', 'think-lang': 'en', 'accept-encoding': 'identity;q=0' } });
  t.is(apiRes.status, 406);
  t.regex(((await apiRes.json()) as { msg: string }).msg, /br, gzip or uncompressed/);
  for (const headers of [{ 'cache-control': 'no-cache' }, {}] as Array<Record<string, string>>) {
    const page = await fetch(`${server.url}/about?lang=en`, { headers: { ...headers, 'accept-encoding': 'identity;q=0' } });
    t.is(page.status, 406, 'rendered or from the cache alike');
    t.regex(page.headers.get('content-type') ?? '', /text\/html/);
    t.regex(await page.text(), /br, gzip or uncompressed/);
  }
  const zh = await fetch(`${server.url}/about`, { headers: { 'accept-encoding': '*;q=0' } });
  t.is(zh.status, 406);
  t.regex(await zh.text(), /br、gzip/);
  t.is((await fetch(`${server.url}/about`, { headers: { 'accept-encoding': 'gzip' } })).status, 200);
});

test('keys such as __proto__, constructor and toString, at any depth, are refused before a handler sees them', async (t) => {
  const { knex } = server.app;
  const count = async () => Number((await knex('news').count({ n: '*' }))[0]!.n);
  const before = await count();
  const bodies = [
    '{"title":"x","__proto__":{"polluted":1}}',
    '{"title":{"toString":1},"category_id":1}',
    '{"title":"x","extra":[{"constructor":{"prototype":{"polluted":1}}}]}',
  ];
  for (const body of bodies) {
    const res = await api(server.url, '/admin/content.News/add', { headers: { batoken: root }, lang: 'en', body });
    t.is(res.status, 400, body);
    // The JSON parser itself refuses __proto__ (as malformed); our check names the other keys.
    t.regex(res.body.msg, /not allowed: (toString|constructor)|malformed/);
  }
  t.is(await count(), before);
  const member = await createMember(server);
  const apply = await api(server.url, '/api/trail/apply', { headers: { 'ba-user-token': await memberToken(server, member.id) }, lang: 'en', body: '{"name":{"toString":"x"},"valueOf":1}' });
  t.is(apply.status, 400);
  t.is(({} as { polluted?: number }).polluted, undefined, 'Object.prototype is untouched');
});

test('arrays thousands of levels deep on del routes are a 400', async (t) => {
  const res = await api(server.url, '/admin/content.News/del', { method: 'DELETE', headers: { batoken: root }, lang: 'en', body: `{"ids":${deepJson(4000, 'array')}}` });
  t.is(res.status, 400);
  t.regex(res.body.msg, /nested too deeply/);
  const wide = await api(server.url, '/admin/content.News/del', { method: 'DELETE', headers: { batoken: root }, lang: 'en', body: { ids: Array.from({ length: 6000 }, (_, i) => i + 1) } });
  t.is(wide.status, 413);
  t.regex(wide.body.msg, /too long/);
  t.is((await api(server.url, '/api/index/index')).body.code, 1);
});
