/**
 * Options of BuildAdmin's server that its client, and clients served from elsewhere, rely on (issue
 * "Contract"): cross-origin calls (reference member 1.2, admin 0), single sign-on (member 2.2, admin 1.1),
 * rule conditions and multi-name checks (admin 1.4), the top-bar navigation of the site config (spec
 * section 3) and the image captcha (member 4.4 and 5.3). Serial:
 * several tests change the settings they read.
 */
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { ADMIN_PASSWORD, createMember, imageCaptchaCode, solvedCaptcha } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken } from '../helpers/admins.ts';
import { api, type TestServer, startServer } from '../helpers/server.ts';

let server: TestServer;
let superAdmin: string;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  superAdmin = await superToken(server);
});
test.after.always(async () => {
  await server?.stop();
});

type Row = Record<string, unknown>;

async function setConfig(values: Record<string, unknown>, token = superAdmin): Promise<void> {
  const res = await asAdmin(server, token)('/admin/routine.Config/edit', { body: values });
  if (res.code !== 1) throw new Error(`config edit refused: ${res.msg}`);
}

function preflight(path: string, origin: string): Promise<Response> {
  return fetch(server.url + path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'think-lang,server,batoken,ba-user-token,content-type' },
  });
}

test.serial('the security tab of System config holds the three items, off and local by default', async (t) => {
  const res = await asAdmin(server, superAdmin)<{ list: Record<string, { list: Row[] }>; configGroup: Record<string, string> }>('/admin/routine.Config/index');
  t.is(res.code, 1, res.msg);
  t.is(res.data.configGroup.security, 'Security');
  const items = Object.fromEntries(res.data.list.security!.list.map((row) => [row.name, row]));
  t.deepEqual(Object.keys(items).sort(), ['admin_sso', 'cors_request_domain', 'user_sso']);
  t.is(items.cors_request_domain!.value, 'localhost,127.0.0.1');
  t.is(items.admin_sso!.value, false);
  t.is(items.user_sso!.value, false);
  t.is(items.admin_sso!.title, 'Admin single sign-on');
});

test.serial('CORS: a preflight to the API is answered 204 with the reference headers, the admin API too', async (t) => {
  for (const path of ['/api/user/checkIn', '/admin/index/login']) {
    const res = await preflight(path, 'http://localhost:5173');
    t.is(res.status, 204, path);
    t.is(await res.text(), '');
    t.is(res.headers.get('access-control-allow-origin'), 'http://localhost:5173', path);
    t.is(res.headers.get('access-control-allow-credentials'), 'true');
    t.is(res.headers.get('access-control-max-age'), '1800');
    t.is(res.headers.get('access-control-allow-methods'), 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    for (const header of ['think-lang', 'server', 'batoken', 'ba-token', 'ba_token', 'ba-user-token', 'ba_user_token', 'authorization', 'content-type', 'x-requested-with', 'x-csrf-token', 'if-none-match']) {
      t.true(allowed.includes(header), `${path} allows ${header}`);
    }
    t.regex(res.headers.get('vary') ?? '', /Origin/);
  }
});

test.serial('CORS: an origin outside the list gets no Allow-Origin, on the preflight and on the call', async (t) => {
  const pre = await preflight('/api/user/checkIn', 'https://evil.example');
  t.is(pre.status, 204);
  t.is(pre.headers.get('access-control-allow-origin'), null);
  const call = await fetch(`${server.url}/api/index/index`, { headers: { origin: 'https://evil.example', server: 'true' } });
  t.is(call.status, 200);
  t.is(call.headers.get('access-control-allow-origin'), null);
  // The answer itself is what it always is; only the browser withholds it from the other site.
  t.is(((await call.json()) as { code: number }).code, 1);
});

test.serial('CORS: an allowed origin reads the answers, the guest index (otherwise answered before Koa) included', async (t) => {
  for (const path of ['/api/index/index', '/api/user/checkIn']) {
    const res = await fetch(server.url + path, { headers: { origin: 'http://127.0.0.1:8080', server: 'true' } });
    t.is(res.status, 200, path);
    t.is(res.headers.get('access-control-allow-origin'), 'http://127.0.0.1:8080', path);
    t.is(res.headers.get('access-control-allow-credentials'), 'true', path);
  }
  // Refusals carry it too, so the client can read why.
  const refused = await fetch(`${server.url}/admin/index/index`, { headers: { origin: 'http://localhost:3000', server: 'true' } });
  t.is(((await refused.json()) as { code: number }).code, 303);
  t.is(refused.headers.get('access-control-allow-origin'), 'http://localhost:3000');
});

test.serial('CORS: origins come from cors_request_domain (host names, origins or *), the site\'s own host always', async (t) => {
  await setConfig({ cors_request_domain: 'app.example.org, https://admin.example.net' });
  const allowed = async (origin: string) => (await preflight('/api/index/index', origin)).headers.get('access-control-allow-origin') === origin;
  t.true(await allowed('https://app.example.org'));
  t.true(await allowed('http://app.example.org:8443'), 'a host name allows any scheme and port');
  t.true(await allowed('https://admin.example.net'));
  t.false(await allowed('http://admin.example.net'), 'an origin allows only itself');
  t.false(await allowed('http://localhost:5173'), 'the defaults are gone');
  t.true(await allowed('http://127.0.0.1:5173'), "the site's own host (127.0.0.1 here)");
  t.false(await allowed('https://app.example.org.evil.example'));
  t.false(await allowed('null'));
  await setConfig({ cors_request_domain: '*' });
  t.true(await allowed('https://anyone.example'));
  await setConfig({ cors_request_domain: 'localhost,127.0.0.1' });
  t.false(await allowed('https://anyone.example'));
});

async function adminLogin(keep: boolean): Promise<{ token: string; refresh: string }> {
  const res = await api<{ userInfo: Row }>(server.url, '/admin/Index/login', { body: { username: 'admin', password: ADMIN_PASSWORD, keep, ...(await solvedCaptcha(server)) } });
  if (res.body.code !== 1) throw new Error(`admin login refused: ${res.body.msg}`);
  return { token: String(res.body.data.userInfo.token), refresh: String(res.body.data.userInfo.refresh_token) };
}

async function memberLogin(username: string, password: string): Promise<{ token: string; refresh: string }> {
  const res = await api<{ userInfo: Row }>(server.url, '/api/user/checkIn', { body: { tab: 'login', username, password, keep: true, ...(await solvedCaptcha(server)) } });
  if (res.body.code !== 1) throw new Error(`member login refused: ${res.body.msg}`);
  return { token: String(res.body.data.userInfo.token), refresh: String(res.body.data.userInfo.refresh_token) };
}

const adminIndex = async (token: string) => (await api(server.url, '/admin/index/index', { headers: { batoken: token } })).body.code;
const memberIndex = async (token: string) => (await api(server.url, '/api/index/index?requiredLogin=1', { headers: { 'ba-user-token': token } })).body.code;
const refresh = async (refreshToken: string) => (await api(server.url, '/api/common/refreshToken', { body: { refreshToken } })).body.code;

test.serial('single sign-on off (the default): a second login leaves the first one working', async (t) => {
  const first = await adminLogin(true);
  const second = await adminLogin(false);
  t.is(await adminIndex(first.token), 1);
  t.is(await adminIndex(second.token), 1);
  const member = await createMember(server);
  const a = await memberLogin(member.username, member.password);
  const b = await memberLogin(member.username, member.password);
  t.is(await memberIndex(a.token), 1);
  t.is(await memberIndex(b.token), 1);
});

test.serial('admin_sso: a password login ends the admin\'s other sessions, refresh tokens included, and no one else\'s', async (t) => {
  const member = await createMember(server);
  const memberSession = await memberLogin(member.username, member.password);
  const other = await createAdmin(server, await createGroup(server, '*').then((g) => [g]));
  await setConfig({ admin_sso: true });
  const first = await adminLogin(true);
  const second = await adminLogin(true);
  t.is(await adminIndex(first.token), 303, 'the earlier access token is gone (need login)');
  t.is(await refresh(first.refresh), 0, 'the earlier refresh token is gone');
  t.is(await adminIndex(second.token), 1);
  t.is(await adminIndex(other.token), 1, "another admin's session is untouched");
  t.is(await memberIndex(memberSession.token), 1, 'member sessions are untouched');
  t.is(await adminIndex(superAdmin), 303, "this file's own token for the same admin ended too");
  superAdmin = second.token;
  await setConfig({ admin_sso: false });
  const third = await adminLogin(false);
  t.is(await adminIndex(second.token), 1, 'off again: logins add up');
  t.is(await adminIndex(third.token), 1);
});

test.serial("user_sso: a member's password login ends their other sessions only", async (t) => {
  const member = await createMember(server);
  const bystander = await createMember(server);
  const theirs = await memberLogin(bystander.username, bystander.password);
  const admin = await adminLogin(false);
  await setConfig({ user_sso: true });
  const first = await memberLogin(member.username, member.password);
  const second = await memberLogin(member.username, member.password);
  t.is(await memberIndex(first.token), 303);
  t.is(await refresh(first.refresh), 0);
  t.is(await memberIndex(second.token), 1);
  t.is(await memberIndex(theirs.token), 1, "another member's session is untouched");
  t.is(await adminIndex(admin.token), 1, 'admin sessions are untouched');
  await setConfig({ user_sso: false });
});

test.serial('rule conditions: a rule named `<route>?k=v` passes only requests whose parameters say so', async (t) => {
  const a = await createMember(server);
  const b = await createMember(server);
  // Added the way an admin adds one, through the rule screen; the name's case does not matter.
  const added = await asAdmin(server, superAdmin)('/admin/auth.Rule/add', { body: { type: 'button', pid: 0, title: `Edit member ${a.id}`, name: `User/User/Edit?ID=${a.id}`, status: '1' } });
  t.is(added.code, 1, added.msg);
  const rule = await server.app.knex('admin_rule').where({ name: `User/User/Edit?ID=${a.id}` }).first<{ id: number }>('id');
  const admin = await createAdmin(server, [await createGroup(server, [rule.id])]);
  const call = asAdmin(server, admin.token);
  t.is((await call(`/admin/user.User/edit?id=${a.id}`)).code, 1, 'the request meets the condition');
  t.is((await call(`/admin/user.User/edit?id=${b.id}`)).code, 401, 'another id does not');
  t.is((await call('/admin/user.User/edit')).code, 401, 'nor does no id');
  // The body counts as much as the query: a POST naming the member meets it as well.
  const saved = await call('/admin/user.User/edit', { body: { id: a.id, nickname: 'Renamed by a conditional rule' } });
  t.is(saved.code, 1, saved.msg);
  t.is((await call('/admin/user.User/edit', { body: { id: b.id, nickname: 'Not mine' } })).code, 401);
  t.is((await server.app.knex('user').where({ id: b.id }).first<{ nickname: string }>('nickname')).nickname, b.username);
});

test.serial('multi-name checks: a route naming several rules passes with any of them, or with all of them for `and`', async (t) => {
  // Two routes that name the same two rules, as a module's route may (reference admin-api 1.4).
  server.app.registry.add(
    { methods: ['GET'], path: '/admin/probe.Rules/anyOf', auth: 'adminRule', rule: 'user/user/index, user/group/index', handler: () => ({ passed: 'any' }) },
    { methods: ['GET'], path: '/admin/probe.Rules/allOf', auth: 'adminRule', rule: 'user/user/index,user/group/index', ruleRelation: 'and', handler: () => ({ passed: 'all' }) },
  );
  const one = asAdmin(server, (await createAdmin(server, [await createGroup(server, await ruleIds(server, ['user/user/index']))])).token);
  const both = asAdmin(server, (await createAdmin(server, [await createGroup(server, await ruleIds(server, ['user/user/index', 'user/group/index']))])).token);
  const neither = asAdmin(server, (await createAdmin(server, [await createGroup(server, await ruleIds(server, ['user/rule/index']))])).token);
  t.is((await one('/admin/probe.Rules/anyOf')).code, 1);
  t.is((await one('/admin/probe.Rules/allOf')).code, 401);
  t.is((await both('/admin/probe.Rules/anyOf')).code, 1);
  t.is((await both('/admin/probe.Rules/allOf')).code, 1);
  t.is((await neither('/admin/probe.Rules/anyOf')).code, 401);
  t.is((await asAdmin(server, superAdmin)('/admin/probe.Rules/allOf')).code, 1, 'a super admin passes everything');
});

test.serial('headNav: the top bar entries BuildAdmin\'s client makes of the nav rules, for guests and members', async (t) => {
  const call = asAdmin(server, superAdmin);
  const add = (body: Row) => call('/admin/user.Rule/add', { body: { status: '1', extend: 'none', ...body } });
  t.is((await add({ type: 'nav', pid: 0, title: '运河地图', name: 'canalMap', path: 'canal', menu_type: 'tab', component: '/src/views/frontend/canal.vue', no_login_valid: 1, weigh: 5 })).code, 1);
  t.is((await add({ type: 'nav', pid: 0, title: '协会网站', name: 'association', menu_type: 'link', url: 'https://canal.example.org', no_login_valid: 1, weigh: 4 })).code, 1);
  // Not entries: a tab without a view, a route, and a nav for members only (absent for guests).
  t.is((await add({ type: 'nav', pid: 0, title: '无视图', name: 'noView', path: 'nothing', menu_type: 'tab', component: '', no_login_valid: 1 })).code, 1);
  t.is((await add({ type: 'route', pid: 0, title: '路由', name: 'someRoute', path: 'route', menu_type: 'tab', component: '/src/views/frontend/route.vue', no_login_valid: 1 })).code, 1);

  const [mapId, linkId] = await Promise.all(['canalMap', 'association'].map((name) => server.app.knex('user_rule').where({ name }).first<{ id: number }>('id').then((r) => r.id)));
  const entries = [
    { path: '/canal', name: 'canalMap', component: '/src/views/frontend/canal.vue', meta: { id: mapId, title: '运河地图', icon: '', menu_type: 'tab', type: 'nav' }, children: [] },
    { path: 'https://canal.example.org', name: 'association', component: '', meta: { id: linkId, title: '协会网站', icon: '', menu_type: 'link', type: 'nav' }, children: [] },
  ];
  const guest = await api<{ site: { headNav: Row[] } }>(server.url, '/api/index/index');
  t.deepEqual(guest.body.data.site.headNav, entries);
  // A member gets the nav rules of their group (the default group has them all).
  const member = await createMember(server);
  const token = await server.app.services.tokens.issue('user', member.id);
  const signedIn = await api<{ site: { headNav: Row[] } }>(server.url, '/api/index/index', { headers: { 'ba-user-token': token } });
  t.deepEqual(signedIn.body.data.site.headNav, entries);
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

test.serial('the image captcha: a 176 x 55 PNG for a client id, the same picture until it expires, the code stored as a hash only', async (t) => {
  const id = randomUUID();
  const res = await fetch(`${server.url}/api/common/captcha?server=1&id=${id}`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/png');
  t.is(res.headers.get('cache-control'), 'no-store');
  t.is(res.headers.get('cross-origin-resource-policy'), 'cross-origin', "an <img> of a client on another origin may show it");
  const first = new Uint8Array(await res.arrayBuffer());
  t.deepEqual([...first.slice(1, 4)], [0x50, 0x4e, 0x47]);
  t.deepEqual(pngSize(first), { width: 176, height: 55 });
  const again = new Uint8Array(await (await fetch(`${server.url}/api/common/captcha?id=${id}`)).arrayBuffer());
  t.deepEqual(again, first, 'the same id redraws the same code (reference: a web view may load an image twice)');
  const other = new Uint8Array(await (await fetch(`${server.url}/api/common/captcha?id=${randomUUID()}`)).arrayBuffer());
  t.notDeepEqual(other, first);

  const code = await imageCaptchaCode(server, id);
  t.regex(code, /^[1-9]{4}$/);
  const rows = await server.app.knex('captcha').select<{ key: string; code: string; captcha: string | null }[]>('key', 'code', 'captcha');
  t.false(rows.some((row) => row.key.includes(id) || row.code === code || row.captcha === code), 'neither the id nor the code is stored as such');

  for (const bad of ['', 'a b', 'x'.repeat(65), '../etc']) {
    const refused = await api(server.url, `/api/common/captcha?id=${encodeURIComponent(bad)}`);
    t.is(refused.body.code, 0, JSON.stringify(bad));
  }
});

test.serial("the image captcha's check: a member login answers it once; a wrong or reused code, or one past its time, fails", async (t) => {
  const member = await createMember(server);
  const login = (captchaId: string, captcha: string) =>
    api<{ userInfo: Row }>(server.url, '/api/user/checkIn', { body: { tab: 'login', username: member.username, password: member.password, keep: false, captchaId, captcha }, lang: 'en' });

  const id = randomUUID();
  await fetch(`${server.url}/api/common/captcha?id=${id}`);
  const code = await imageCaptchaCode(server, id);
  const ok = await login(id, ` ${code} `);
  t.is(ok.body.code, 1, ok.body.msg);
  t.truthy(ok.body.data.userInfo.token);
  const replay = await login(id, code);
  t.is(replay.body.code, 0);
  t.is(replay.body.msg, 'The captcha check failed; please try again');

  // Wrong answers: five kill it, and the right one fails after that (checked on the service: each failed
  // login would also count against the address's tries at the account).
  const { imageCaptcha } = server.app.services;
  const guessed = randomUUID();
  await fetch(`${server.url}/api/common/captcha?id=${guessed}`);
  const right = await imageCaptchaCode(server, guessed);
  const wrong = right === '1111' ? '2222' : '1111';
  for (let i = 0; i < 4; i++) t.false(await imageCaptcha.verify(guessed, wrong));
  t.true(await imageCaptcha.verify(guessed, right), 'four misses leave it alive');
  const spent = randomUUID();
  await fetch(`${server.url}/api/common/captcha?id=${spent}`);
  const spentCode = await imageCaptchaCode(server, spent);
  for (let i = 0; i < 5; i++) t.false(await imageCaptcha.verify(spent, spentCode === '1111' ? '2222' : '1111'));
  t.false(await imageCaptcha.verify(spent, spentCode), 'the fifth miss deleted it');

  const old = randomUUID();
  await fetch(`${server.url}/api/common/captcha?id=${old}`);
  const oldCode = await imageCaptchaCode(server, old);
  await server.app.knex('captcha').update({ expire_time: Math.floor(Date.now() / 1000) - 1 });
  t.false(await imageCaptcha.verify(old, oldCode), 'expired');
  for (const [badId, badCode] of [[undefined, code], [id, undefined], [id, ''], [42, code], [id, 1234]] as const) t.false(await imageCaptcha.verify(badId, badCode));

  // Without captchaInfo or a code the login still needs its captcha.
  const none = await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: member.username, password: member.password }, lang: 'en' });
  t.is(none.body.code, 0);
});
