import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, expire, solvedCaptcha } from '../helpers/accounts.ts';
import type { AdminLoginInfo, MenuNode } from '../../src/shared/account.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
});
test.after.always(async () => {
  await server?.stop();
});

async function login(password = ADMIN_PASSWORD, extra: Record<string, unknown> = {}) {
  return api<{ userInfo: AdminLoginInfo }>(server.url, '/admin/index/login', {
    body: { username: 'admin', password, ...(await solvedCaptcha(server)), ...extra },
    lang: 'en',
  });
}

// Serial: ava runs it before the others, whose logins would move the times it sets.
test.serial('"last login" is the login before this one, in the site time zone, and stays put across reloads', async (t) => {
  // 23:30 UTC on 23 November: already the 24th in Shanghai.
  const before = Date.UTC(2025, 10, 23, 23, 30, 0) / 1000;
  const admin = () => server.app.knex('admin').where({ username: 'admin' });
  await admin().update({ last_login_time: before, prev_login_time: null });
  const first = (await login()).body.data.userInfo;
  t.is(first.last_login_time, '2025-11-24 07:30:00');
  // Every request of the session moves last_login_time on ("last seen"); the last login shown stays.
  const index = async () => (await api<{ adminInfo: { last_login_time: string } }>(server.url, '/admin/index/index', { headers: { batoken: first.token } })).body.data.adminInfo.last_login_time;
  t.is(await index(), '2025-11-24 07:30:00');
  t.is(await index(), '2025-11-24 07:30:00');
  await admin().update({ last_login_time: before + 3600 });
  t.is((await login()).body.data.userInfo.last_login_time, '2025-11-24 08:30:00', 'the next login shows the one before it');
});

test('GET login says whether a captcha is needed', async (t) => {
  const res = await api<{ captcha: boolean }>(server.url, '/admin/index/login');
  t.deepEqual(res.body.data, { captcha: true });
});

test('the seeded admin logs in with ADMIN_PASSWORD and sees the whole menu', async (t) => {
  const res = await login(ADMIN_PASSWORD, { keep: true });
  t.is(res.body.code, 1);
  t.is(res.body.msg, 'Logged in');
  const info = res.body.data.userInfo;
  t.is(info.username, 'admin');
  t.regex(info.token, /^[0-9a-f-]{36}$/);
  t.regex(info.refresh_token, /^[0-9a-f-]{36}$/);
  t.regex(info.last_login_time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'the login before this one');
  const index = await api<{ adminInfo: { super: boolean; username: string }; menus: MenuNode[]; siteConfig: { siteName: string } }>(server.url, '/admin/index/index', { headers: { batoken: info.token } });
  t.is(index.body.code, 1);
  t.true(index.body.data.adminInfo.super);
  t.deepEqual(index.body.data.menus.map((m) => m.name), ['dashboard', 'content', 'auth', 'user', 'pay', 'routine', 'security', 'crud/crud', 'wechat', 'sms']);
  t.is(index.body.data.siteConfig.siteName, '大运河文化协会');
  const auth = index.body.data.menus.find((m) => m.name === 'auth')!;
  t.deepEqual(auth.children!.map((m) => m.name), ['auth/group', 'auth/admin', 'auth/rule', 'auth/adminLog', 'auth/department', 'auth/job']);
  t.is(auth.children![0]!.keepalive, 'auth/group');
});

test('admin login failures: captcha, unknown and wrong alike, validation, disabled', async (t) => {
  const bad = await api(server.url, '/admin/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD }, lang: 'en' });
  t.regex(bad.body.msg, /captcha check failed/);
  t.regex((await api(server.url, '/admin/index/login', { body: { username: 'nobody', password: 'secret123', ...(await solvedCaptcha(server)) }, lang: 'en' })).body.msg, /Incorrect account or password/);
  t.regex((await api(server.url, '/admin/index/login', { body: { username: 'ad', password: 'secret123' }, lang: 'en' })).body.msg, /3 to 30/);
  const { knex } = server.app;
  await knex('admin').insert({ username: 'disabled_admin', nickname: 'D', password: (await knex('admin').where({ username: 'admin' }).first()).password, status: '0' });
  const wrong = await api(server.url, '/admin/index/login', { body: { username: 'disabled_admin', password: 'wrongpass', ...(await solvedCaptcha(server)) }, lang: 'en' });
  t.regex(wrong.body.msg, /Incorrect account or password/);
  const disabled = await api(server.url, '/admin/index/login', { body: { username: 'disabled_admin', password: ADMIN_PASSWORD, ...(await solvedCaptcha(server)) }, lang: 'en' });
  t.regex(disabled.body.msg, /disabled/);
});

test('admin token refresh, 303/409 on index, logout', async (t) => {
  const { userInfo } = (await login(ADMIN_PASSWORD, { keep: 1 })).body.data;
  t.is((await api(server.url, '/admin/index/index')).body.code, 303);
  await expire(server, userInfo.token);
  t.is((await api(server.url, '/admin/index/index', { headers: { batoken: userInfo.token } })).body.code, 409);
  const refreshed = await api<{ type: string; token: string }>(server.url, '/api/common/refreshToken', { body: { refreshToken: userInfo.refresh_token }, headers: { batoken: userInfo.token } });
  t.is(refreshed.body.data.type, 'admin-refresh');
  const h = { batoken: refreshed.body.data.token };
  t.is((await api(server.url, '/admin/index/index', { headers: h })).body.code, 1);
  t.is((await api(server.url, '/admin/index/login', { headers: h })).body.code, 303, 'already logged in');
  t.is((await api(server.url, '/admin/index/logout', { headers: h, body: { refreshToken: userInfo.refresh_token } })).body.code, 1);
  t.is((await api(server.url, '/admin/index/index', { headers: h })).body.code, 303);
  t.is((await server.app.services.tokens.find(userInfo.refresh_token)), null);
});

test('a member token is not an admin token', async (t) => {
  const token = await server.app.services.tokens.issue('user', 1);
  t.is((await api(server.url, '/admin/index/index', { headers: { batoken: token } })).body.code, 303);
});

test('an admin without menus is told so', async (t) => {
  const { knex, services } = server.app;
  const [g] = await knex('admin_group').insert({ pid: 0, name: 'empty', rules: '', status: '1' }).returning('id');
  const [a] = await knex('admin').insert({ username: 'nomenu', nickname: 'N', password: 'x', status: '1' }).returning('id');
  await knex('admin_group_access').insert({ uid: (a as { id: number }).id, group_id: (g as { id: number }).id });
  const token = await services.tokens.issue('admin', (a as { id: number }).id);
  const res = await api(server.url, '/admin/index/index', { headers: { batoken: token }, lang: 'en' });
  t.is(res.body.code, 0);
  t.regex(res.body.msg, /no admin menus/);
});
