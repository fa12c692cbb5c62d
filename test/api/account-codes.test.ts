import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, memberToken, solvedCaptcha } from '../helpers/accounts.ts';
import type { UserInfo } from '../../src/shared/account.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

const code = (destination: string, event: string) => server.app.services.codes.create(destination, event);

async function register(body: Record<string, unknown>) {
  return api<{ userInfo: UserInfo }>(server.url, '/api/user/checkIn', { body: { tab: 'register', ...body }, lang: 'en' });
}

test('register by e-mail code, then log in with the new account', async (t) => {
  const c = await code('new.walker@example.org', 'user_register');
  const res = await register({ username: 'newwalker', password: 'secret123', registerType: 'email', email: 'new.walker@example.org', captcha: c.toLowerCase() });
  t.is(res.body.code, 1);
  t.is(res.body.data.userInfo.username, 'newwalker');
  t.is(res.body.data.userInfo.email, 'new.walker@example.org');
  t.truthy(res.body.data.userInfo.token);
  const login = await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: 'newwalker', password: 'secret123', ...(await solvedCaptcha(server)) } });
  t.is(login.body.code, 1);
  const replay = await register({ username: 'another1', password: 'secret123', registerType: 'email', email: 'new.walker@example.org', captcha: c });
  t.regex(replay.body.msg, /already in use/, 'the address is taken now');
});

// Serial, which ava runs before the concurrent tests: it expires every stored code, the other tests' too.
test.serial('register by mobile code; wrong, expired and overused codes are refused', async (t) => {
  const wrong = await register({ username: 'mobile1', password: 'secret123', registerType: 'mobile', mobile: '13900139001', captcha: 'ZZZZ' });
  t.regex(wrong.body.msg, /verification code is wrong or has expired/);

  const c = await code('13900139002', 'user_register');
  await server.app.knex('captcha').update({ expire_time: Math.floor(Date.now() / 1000) - 1 });
  const expired = await register({ username: 'mobile2', password: 'secret123', registerType: 'mobile', mobile: '13900139002', captcha: c });
  t.regex(expired.body.msg, /verification code is wrong or has expired/, 'an expired code fails');

  const c3 = await code('13900139003', 'user_register');
  for (let i = 0; i < 5; i++) {
    t.is((await register({ username: 'mobile3', password: 'secret123', registerType: 'mobile', mobile: '13900139003', captcha: 'XXXX' })).body.code, 0);
  }
  const fifthGone = await register({ username: 'mobile3', password: 'secret123', registerType: 'mobile', mobile: '13900139003', captcha: c3 });
  t.regex(fifthGone.body.msg, /verification code is wrong or has expired/, 'after five wrong tries the right code no longer works');

  const c4 = await code('13900139004', 'user_register');
  const ok = await register({ username: 'mobile4', password: 'secret123', registerType: 'mobile', mobile: '13900139004', captcha: c4 });
  t.is(ok.body.code, 1);
  t.is(ok.body.data.userInfo.mobile, '13900139004');
});

test('registration validation', async (t) => {
  t.regex((await register({ username: '1bad', password: 'secret123', registerType: 'email', email: 'a@b.cn', captcha: 'AAAA' })).body.msg, /account name/);
  t.regex((await register({ username: 'goodname', password: 'a&b', registerType: 'email', email: 'a@b.cn', captcha: 'AAAA' })).body.msg, /6 to 32/);
  t.regex((await register({ username: 'goodname', password: 'secret123', registerType: 'email', email: 'not-an-email', captcha: 'AAAA' })).body.msg, /e-mail/);
  t.regex((await register({ username: 'goodname', password: 'secret123', registerType: 'fax', captcha: 'AAAA' })).body.msg, /Unknown verification method/);
  t.regex((await register({ username: 'goodname', password: 'secret123', registerType: 'mobile', mobile: '12345', captcha: 'AAAA' })).body.msg, /mobile/);
  const existing = await createMember(server);
  t.regex((await register({ username: existing.username, password: 'secret123', registerType: 'email', email: 'x@y.cn', captcha: 'AAAA' })).body.msg, /already taken/);
});

test('retrieve password: code to the account, new password works, old sessions and the lock are cleared', async (t) => {
  const m = await createMember(server, { email: 'forgetful@example.org' });
  const oldToken = await memberToken(server, m.id);
  // Three failures from this address start its back-off, held for a minute here.
  for (let i = 0; i < 3; i++) await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: m.username, password: 'wrong-password', ...(await solvedCaptcha(server)) } });
  await server.app.knex('login_attempt').where({ account: `id:${m.id}` }).update({ next_attempt_time: Math.floor(Date.now() / 1000) + 60 });
  const unknown = await api(server.url, '/api/account/retrievePassword', { body: { type: 'email', account: 'nobody@example.org', captcha: 'AAAA', password: 'brandnew1' }, lang: 'en' });
  t.is(unknown.body.msg, 'There is no such account');
  const c = await code('forgetful@example.org', 'user_retrieve_pwd');
  const res = await api(server.url, '/api/account/retrievePassword', { body: { type: 'email', account: 'forgetful@example.org', captcha: c, password: 'brandnew1' }, lang: 'en' });
  t.is(res.body.code, 1);
  t.is((await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': oldToken } })).body.code, 303, 'sessions revoked');
  const login = await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: m.username, password: 'brandnew1', ...(await solvedCaptcha(server)) } });
  t.is(login.body.code, 1, 'the back-off was cleared with the reset');
});

test('verification then changeBind of the e-mail; the password path when nothing is bound yet', async (t) => {
  const m = await createMember(server, { email: 'old@example.org' });
  const h = { 'ba-user-token': await memberToken(server, m.id) };
  const noToken = await api(server.url, '/api/account/changeBind', { headers: h, lang: 'en', body: { type: 'email', email: 'new@example.org', captcha: 'AAAA' } });
  t.regex(noToken.body.msg, /verify your account first/);
  const v = await api<{ type: string; accountVerificationToken: string }>(server.url, '/api/account/verification', { headers: h, body: { type: 'email', captcha: await code('old@example.org', 'user_email_verify') } });
  t.is(v.body.code, 1, v.body.msg);
  t.is(v.body.data.type, 'email');
  const bind = await api<{ userInfo: UserInfo }>(server.url, '/api/account/changeBind', {
    headers: h,
    lang: 'en',
    body: { type: 'email', email: 'new@example.org', captcha: await code('new@example.org', 'user_change_email'), accountVerificationToken: v.body.data.accountVerificationToken },
  });
  t.is(bind.body.code, 1, bind.body.msg);
  t.is(bind.body.data.userInfo.email, 'new@example.org');
  const reuse = await api(server.url, '/api/account/changeBind', {
    headers: h,
    lang: 'en',
    body: { type: 'email', email: 'third@example.org', captcha: await code('third@example.org', 'user_change_email'), accountVerificationToken: v.body.data.accountVerificationToken },
  });
  t.regex(reuse.body.msg, /verify your account first/, 'the pass token is single use');

  const wrongType = await api(server.url, '/api/account/verification', { headers: h, lang: 'en', body: { type: 'pigeon', captcha: 'AAAA' } });
  t.regex(wrongType.body.msg, /Unknown verification method/);

  const bad = await api(server.url, '/api/account/changeBind', { headers: h, lang: 'en', body: { type: 'mobile', mobile: '13700137000', captcha: 'AAAA', password: 'wrong-one' } });
  t.regex(bad.body.msg, /Incorrect password/);
  const viaPassword = await api<{ userInfo: UserInfo }>(server.url, '/api/account/changeBind', {
    headers: h,
    body: { type: 'mobile', mobile: '13700137000', captcha: await code('13700137000', 'user_change_mobile'), password: m.password },
  });
  t.is(viaPassword.body.code, 1, viaPassword.body.msg);
  t.is(viaPassword.body.data.userInfo.mobile, '13700137000');
  const other = await createMember(server, { email: 'taken@example.org' });
  t.truthy(other);
  const v2 = await api<{ accountVerificationToken: string }>(server.url, '/api/account/verification', { headers: h, body: { type: 'email', captcha: await code('new@example.org', 'user_email_verify') } });
  const taken = await api(server.url, '/api/account/changeBind', {
    headers: h,
    lang: 'en',
    body: { type: 'email', email: 'taken@example.org', captcha: await code('taken@example.org', 'user_change_email'), accountVerificationToken: v2.body.data.accountVerificationToken },
  });
  t.regex(taken.body.msg, /already in use/);
});
