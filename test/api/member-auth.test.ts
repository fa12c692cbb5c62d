import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, expire, memberToken, solvedCaptcha } from '../helpers/accounts.ts';
import type { UserInfo } from '../../src/shared/account.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

async function login(username: string, password: string, extra: Record<string, unknown> = {}, lang = 'en') {
  return api<{ userInfo: UserInfo; routePath: string }>(server.url, '/api/user/checkIn', {
    body: { tab: 'login', username, password, ...(await solvedCaptcha(server)), ...extra },
    lang,
  });
}

test('GET checkIn tells the login page what it needs', async (t) => {
  const res = await api<{ userLoginCaptchaSwitch: boolean; accountVerificationType: string[] }>(server.url, '/api/user/checkIn');
  t.is(res.body.code, 1);
  t.true(res.body.data.userLoginCaptchaSwitch);
  // Mail has no SMTP account configured yet; SMS has only the development log driver, which reaches no phone.
  t.deepEqual(res.body.data.accountVerificationType, []);
});

test('login by username, e-mail or mobile with a solved captcha', async (t) => {
  const m = await createMember(server, { email: 'walker@example.org', mobile: '13800138001' });
  for (const account of [m.username, 'walker@example.org', '13800138001']) {
    const res = await login(account, m.password);
    t.is(res.body.code, 1, account);
    t.is(res.body.data.userInfo.username, m.username);
    t.regex(res.body.data.userInfo.token, /^[0-9a-f-]{36}$/);
    t.is(res.body.data.userInfo.refresh_token, '', 'no refresh token without keep');
    t.is(res.body.data.userInfo.money, '0.00');
    t.is(res.body.data.routePath, '/user');
  }
  const kept = await login(m.username, m.password, { keep: 1 });
  t.regex(kept.body.data.userInfo.refresh_token, /^[0-9a-f-]{36}$/);
});

test('login failures: captcha, unknown account, wrong password, disabled, validation', async (t) => {
  const m = await createMember(server);
  const noCaptcha = await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: m.username, password: m.password }, lang: 'en' });
  t.is(noCaptcha.body.code, 0);
  t.regex(noCaptcha.body.msg, /captcha check failed/);
  const captcha = await solvedCaptcha(server);
  t.is((await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: m.username, password: m.password, ...captcha } })).body.code, 1);
  const replay = await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: m.username, password: m.password, ...captcha }, lang: 'en' });
  t.regex(replay.body.msg, /captcha check failed/, 'a captcha is consumed by its first business use');
  t.regex((await login('nobody_here', 'secret123')).body.msg, /Incorrect account or password/);
  t.regex((await login(m.username, 'wrong-password')).body.msg, /Incorrect account or password/);
  t.regex((await login(m.username, 'ab')).body.msg, /6 to 32/);
  t.regex((await login(m.username, m.password, {}, 'zh-cn')).body.msg, /登录成功/);
  const disabled = await createMember(server, { status: 'disable' });
  t.regex((await login(disabled.username, 'wrong-password')).body.msg, /Incorrect account or password/, 'disabled shows only to the password');
  t.regex((await login(disabled.username, disabled.password)).body.msg, /disabled/);
  t.regex((await api(server.url, '/api/user/checkIn', { body: { tab: 'hack' }, lang: 'en' })).body.msg, /Unknown operation/);
});

test('a logged-in member gets 303 "logged in" from checkIn', async (t) => {
  const m = await createMember(server);
  const token = await memberToken(server, m.id);
  const res = await api(server.url, '/api/user/checkIn', { headers: { 'ba-user-token': token } });
  t.is(res.body.code, 303);
  t.deepEqual(res.body.data, { type: 'logged in' });
});

test('expired token → 409 → refresh → retry succeeds; refresh rules', async (t) => {
  const m = await createMember(server);
  const { userInfo } = (await login(m.username, m.password, { keep: true })).body.data;
  await expire(server, userInfo.token);
  const expired = await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': userInfo.token } });
  t.is(expired.body.code, 409);
  const refreshed = await api<{ type: string; token: string; refresh_token: string }>(server.url, '/api/common/refreshToken', {
    body: { refreshToken: userInfo.refresh_token },
    headers: { 'ba-user-token': userInfo.token },
  });
  t.is(refreshed.body.code, 1);
  t.is(refreshed.body.data.type, 'user-refresh');
  const retry = await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': refreshed.body.data.token } });
  t.is(retry.body.code, 1);
  t.is((await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': userInfo.token } })).body.code, 303, 'the old access token is gone');

  // The refresh token rotated: the next one is in the answer (hardening-tokens tests the rotation itself).
  const next = refreshed.body.data.refresh_token;
  const other = await createMember(server);
  const otherToken = await memberToken(server, other.id);
  const foreign = await api(server.url, '/api/common/refreshToken', { body: { refreshToken: next }, headers: { 'ba-user-token': otherToken }, lang: 'en' });
  t.is(foreign.body.code, 0, "another member's access token is refused");
  t.regex(foreign.body.msg, /Invalid token/);
  const notRefresh = await api(server.url, '/api/common/refreshToken', { body: { refreshToken: otherToken }, headers: { 'ba-user-token': otherToken }, lang: 'en' });
  t.regex(notRefresh.body.msg, /login has expired/, 'an access token is not a refresh token');
  const missing = await api(server.url, '/api/common/refreshToken', { body: { refreshToken: next }, lang: 'en' });
  t.regex(missing.body.msg, /Invalid token/);
});

test('logout revokes the access and refresh tokens', async (t) => {
  const m = await createMember(server);
  const { userInfo } = (await login(m.username, m.password, { keep: true })).body.data;
  const out = await api(server.url, '/api/user/logout', { body: { refreshToken: userInfo.refresh_token }, headers: { 'ba-user-token': userInfo.token } });
  t.is(out.body.code, 1);
  t.is((await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': userInfo.token } })).body.code, 303);
  const refresh = await api(server.url, '/api/common/refreshToken', { body: { refreshToken: userInfo.refresh_token }, headers: { 'ba-user-token': userInfo.token } });
  t.is(refresh.body.code, 0);
});

// Serial: it switches a site-wide setting that the other tests rely on.
test.serial('member centre closed: checkIn refuses', async (t) => {
  const { knex, services } = server.app;
  await knex('config').where({ name: 'open_member_center' }).update({ value: '0' });
  services.settings.invalidate();
  try {
    const res = await api(server.url, '/api/user/checkIn', { lang: 'en' });
    t.is(res.body.code, 0);
    t.regex(res.body.msg, /closed/);
  } finally {
    await knex('config').where({ name: 'open_member_center' }).update({ value: '1' });
    services.settings.invalidate();
  }
});

test('index/index for a member carries userInfo and the member menus; requiredLogin guards guests', async (t) => {
  const m = await createMember(server);
  const token = await memberToken(server, m.id);
  const res = await api<{ userInfo: UserInfo; menus: Array<{ name: string; children: Array<{ name: string }> }> }>(server.url, '/api/index/index', { headers: { 'ba-user-token': token } });
  t.is(res.body.data.userInfo.username, m.username);
  t.is(res.body.data.userInfo.token, token, 'the token sent comes back (the client merges userInfo into its store)');
  t.is(res.body.data.userInfo.refresh_token, '');
  t.deepEqual(res.body.data.menus.map((n) => n.name), ['account']);
  t.deepEqual(
    res.body.data.menus[0]!.children.map((n) => n.name),
    ['account/overview', 'account/profile', 'account/changePassword', 'account/integral', 'account/balance', 'account/message', 'account/activity', 'account/trailApplication'],
  );
  const guest = await api(server.url, '/api/index/index?requiredLogin=1');
  t.is(guest.body.code, 303);
  await expire(server, token);
  t.is((await api(server.url, '/api/index/index?requiredLogin=1', { headers: { 'ba-user-token': token } })).body.code, 409);
  t.is((await api(server.url, '/api/index/index', { headers: { 'ba-user-token': token } })).body.code, 1, 'without requiredLogin an expired token is just a guest');
});
