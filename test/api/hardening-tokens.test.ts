import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, expire } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';

// Refresh-token rotation, query-string tokens, revocation on disable (issue 9, item 5).
let server: TestServer;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD, ADMIN_LOGIN_CAPTCHA: '0', USER_LOGIN_CAPTCHA: '0', RATE_LIMIT_FACTOR: '0' });
});
test.after.always(async () => {
  await server?.stop();
});

interface Tokens {
  token: string;
  refresh_token: string;
}

async function memberLogin(username: string, password: string): Promise<Tokens> {
  const res = await api<{ userInfo: Tokens }>(server.url, '/api/user/checkIn', { body: { tab: 'login', username, password, keep: true } });
  return res.body.data.userInfo;
}

const refresh = (refreshToken: string, access: string) =>
  api<{ type: string; token: string; refresh_token: string }>(server.url, '/api/common/refreshToken', { body: { refreshToken }, headers: { 'ba-user-token': access }, lang: 'en' });
const overview = (token: string) => api(server.url, '/api/account/overview', { headers: { 'ba-user-token': token } });

test('a refresh returns a new refresh token; the old one is spent, and replaying it ends the whole login', async (t) => {
  const m = await createMember(server);
  const first = await memberLogin(m.username, m.password);
  await expire(server, first.token);
  const second = await refresh(first.refresh_token, first.token);
  t.is(second.body.code, 1);
  t.is(second.body.data.type, 'user-refresh');
  t.regex(second.body.data.refresh_token, /^[0-9a-f-]{36}$/);
  t.not(second.body.data.refresh_token, first.refresh_token);
  t.is((await overview(second.body.data.token)).body.code, 1);

  // The next refresh works with the new refresh token...
  await expire(server, second.body.data.token);
  const third = await refresh(second.body.data.refresh_token, second.body.data.token);
  t.is(third.body.code, 1);
  const alive = third.body.data.token;
  t.is((await overview(alive)).body.code, 1);

  // ...and someone replaying a spent one (a stolen copy) ends every token of the login.
  const replay = await refresh(first.refresh_token, first.token);
  t.is(replay.body.code, 0);
  t.regex(replay.body.msg, /expired/);
  t.is((await overview(alive)).body.code, 303, 'the current access token is revoked too');
  t.is((await refresh(third.body.data.refresh_token, alive)).body.code, 0, 'and the current refresh token');

  // Another login of the same member is another family: untouched.
  const other = await memberLogin(m.username, m.password);
  t.is((await overview(other.token)).body.code, 1);
});

test('a refresh token keeps the lifetime of its login, however often it is rotated', async (t) => {
  const m = await createMember(server);
  const first = await memberLogin(m.username, m.password);
  const { knex, services } = server.app;
  const expiry = async (token: string) => (await knex('token').where({ token: services.tokens.hash(token) }).first<{ expire_time: number }>('expire_time')).expire_time;
  const before = await expiry(first.refresh_token);
  const next = await refresh(first.refresh_token, first.token);
  t.is(await expiry(next.body.data.refresh_token), before);
});

test('logout ends the login\'s whole family, spent refresh tokens included', async (t) => {
  const m = await createMember(server);
  const first = await memberLogin(m.username, m.password);
  const second = await refresh(first.refresh_token, first.token);
  await api(server.url, '/api/user/logout', { body: { refreshToken: second.body.data.refresh_token }, headers: { 'ba-user-token': second.body.data.token } });
  const { knex } = server.app;
  const family = await knex('token').where({ user_id: m.id }).whereIn('type', ['user', 'user-refresh']).count({ n: '*' });
  t.is(Number(family[0]!.n), 0);
});

test('a token in the query string counts only on routes that declare it (<img> URLs)', async (t) => {
  const token = await superToken(server);
  const viaQuery = await api(server.url, `/admin/index/index?batoken=${token}`, { lang: 'en' });
  t.is(viaQuery.body.code, 303, 'an ordinary admin route ignores ?batoken=');
  const viaBody = await api(server.url, '/admin/index/index', { method: 'POST', body: { batoken: token } });
  t.not(viaBody.body.code, 1, 'nor takes it from the body');
  const icon = await fetch(`${server.url}/admin/ajax/buildSuffixSvg?suffix=pdf&batoken=${token}&server=1`);
  t.is(icon.status, 200);
  t.is(icon.headers.get('content-type'), 'image/svg+xml');
  t.regex(await icon.text(), /PDF/);
  const noToken = await fetch(`${server.url}/admin/ajax/buildSuffixSvg?suffix=pdf&server=1`);
  t.is(((await noToken.json()) as { code: number }).code, 303);
});

test('disabling a member or an admin revokes their tokens: enabling them again brings no session back', async (t) => {
  const root = await superToken(server);
  const admin = (path: string, body: unknown) => api(server.url, path, { headers: { batoken: root }, body, lang: 'en' });

  const m = await createMember(server);
  const session = await memberLogin(m.username, m.password);
  t.is((await admin('/admin/user.User/edit', { id: m.id, status: 'disable' })).body.code, 1);
  t.is((await admin('/admin/user.User/edit', { id: m.id, status: 'enable' })).body.code, 1);
  t.is((await overview(session.token)).body.code, 303);
  t.is((await refresh(session.refresh_token, session.token)).body.code, 0);

  const { knex } = server.app;
  const [row] = await knex('admin').insert({ username: 'to_disable', nickname: 'D', password: (await knex('admin').where({ username: 'admin' }).first()).password, status: '1' }).returning('id');
  const id = (row as { id: number }).id;
  const login = await api<{ userInfo: Tokens }>(server.url, '/admin/index/login', { body: { username: 'to_disable', password: ADMIN_PASSWORD, keep: true } });
  const adminToken = login.body.data.userInfo.token;
  t.is((await admin('/admin/auth.Admin/edit', { id, status: '0' })).body.code, 1);
  t.is((await admin('/admin/auth.Admin/edit', { id, status: '1' })).body.code, 1);
  t.is((await api(server.url, '/admin/index/index', { headers: { batoken: adminToken } })).body.code, 303);
});
