import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, expire, memberToken } from '../helpers/accounts.ts';
import { routeRuleName } from '../../src/api/types.ts';
import type { UserInfo } from '../../src/shared/account.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

async function member() {
  const m = await createMember(server);
  return { ...m, token: await memberToken(server, m.id) };
}

test('every member-only endpoint answers 303 to a guest and 409 to an expired token', async (t) => {
  const routes = server.app.registry.all().filter((r) => r.auth === 'user' || r.auth === 'userRule');
  const paths = new Set(routes.map((r) => r.path));
  for (const p of ['overview', 'profile', 'verification', 'changeBind', 'changePassword', 'balance', 'integral', 'message']) {
    t.true(paths.has(`/api/account/${p}`), `${p} is a member-only route`);
  }
  const m = await member();
  await expire(server, m.token);
  for (const route of routes) {
    for (const method of route.methods) {
      const guest = await api(server.url, route.path, { method, ...(method === 'GET' ? {} : { body: {} }) });
      t.is(guest.body.code, 303, `${method} ${route.path} as guest`);
      t.deepEqual(guest.body.data, { type: 'need login' });
      const stale = await api(server.url, route.path, { method, headers: { 'ba-user-token': m.token }, ...(method === 'GET' ? {} : { body: {} }) });
      t.is(stale.body.code, 409, `${method} ${route.path} with an expired token`);
    }
  }
});

test('a member whose group lacks the rule gets 401 on rule-guarded endpoints', async (t) => {
  const { knex } = server.app;
  const [g] = await knex('user_group').insert({ name: 'readers', rules: '', status: '1' }).returning('id');
  const m = await createMember(server, { group_id: (g as { id: number }).id });
  const token = await memberToken(server, m.id);
  const guarded = server.app.registry.all().filter((r) => r.auth === 'userRule');
  for (const route of guarded) {
    const res = await api(server.url, route.path, { method: route.methods[0], headers: { 'ba-user-token': token }, ...(route.methods[0] === 'GET' ? {} : { body: {} }) });
    t.is(res.body.code, 401, `${routeRuleName(route)} without the rule`);
  }
  const rule = await knex('user_rule').where({ name: 'account/overview' }).first();
  await knex('user_group').where({ id: (g as { id: number }).id }).update({ rules: String(rule.id) });
  t.is((await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': token } })).body.code, 1, 'granted once the group has the rule');
});

test('profile: read, update (always the own row), validation', async (t) => {
  const m = await member();
  const other = await createMember(server);
  const h = { 'ba-user-token': m.token };
  const read = await api<{ userInfo: UserInfo; accountVerificationType: string[] }>(server.url, '/api/account/profile', { headers: h });
  t.is(read.body.data.userInfo.username, m.username);
  const save = await api<{ userInfo: UserInfo }>(server.url, '/api/account/profile', {
    headers: h,
    lang: 'en',
    body: { id: other.id, username: m.username, nickname: '运河_walker', gender: 2, birthday: '1990-05-01', motto: 'Along the water' },
  });
  t.is(save.body.code, 1);
  t.is(save.body.msg, 'Profile updated');
  t.is(save.body.data.userInfo.nickname, '运河_walker');
  t.is(save.body.data.userInfo.birthday, '1990-05-01');
  const untouched = await server.app.knex('user').where({ id: other.id }).first();
  t.is(untouched.nickname, other.username, 'a posted id never redirects the update');
  const bad = async (body: Record<string, unknown>) => (await api(server.url, '/api/account/profile', { headers: h, lang: 'en', body: { username: m.username, nickname: 'ok', ...body } })).body;
  t.regex((await bad({ nickname: '<script>' })).msg, /nickname may contain/);
  t.regex((await bad({ username: other.username })).msg, /already taken/);
  t.regex((await bad({ username: '9lives' })).msg, /account name/);
  t.regex((await bad({ birthday: '1990-13-45' })).msg, /valid date/);
  t.regex((await bad({ avatar: 'https://evil.example/x.png' })).msg, /avatar/i);
  t.is((await bad({ avatar: '/static/images/avatar.png' })).code, 1, 'the default avatar is accepted and stored as empty');
});

test('changing the password revokes every token of the member', async (t) => {
  const m = await member();
  const second = await memberToken(server, m.id);
  const refresh = await server.app.services.tokens.issue('user-refresh', m.id);
  const wrong = await api(server.url, '/api/account/changePassword', { headers: { 'ba-user-token': m.token }, lang: 'en', body: { oldPassword: 'nope', newPassword: 'newsecret1' } });
  t.regex(wrong.body.msg, /old password is wrong/);
  const weak = await api(server.url, '/api/account/changePassword', { headers: { 'ba-user-token': m.token }, lang: 'en', body: { oldPassword: m.password, newPassword: 'a<b>c"d' } });
  t.is(weak.body.code, 0);
  const ok = await api(server.url, '/api/account/changePassword', { headers: { 'ba-user-token': m.token }, lang: 'en', body: { oldPassword: m.password, newPassword: 'newsecret1' } });
  t.is(ok.body.code, 1);
  t.regex(ok.body.msg, /log in again/);
  for (const token of [m.token, second]) {
    t.is((await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': token } })).body.code, 303);
  }
  t.is((await server.app.services.tokens.find(refresh)), null, 'refresh tokens are revoked too');
});

test('balance and integral list the member ledger newest first with yuan strings; overview sums 7 days', async (t) => {
  const m = await member();
  const { knex } = server.app;
  const now = Math.floor(Date.now() / 1000);
  await knex('user_money_log').insert([
    { user_id: m.id, money: 1250, before: 0, after: 1250, memo: 'Volunteer allowance', create_time: now - 3 * 86400 },
    { user_id: m.id, money: -250, before: 1250, after: 1000, memo: 'Canal map', create_time: now },
  ]);
  await knex('user_score_log').insert([
    { user_id: m.id, score: 10, before: 0, after: 10, memo: 'Walk', create_time: now },
    { user_id: m.id, score: 5, before: 10, after: 15, memo: 'Forum', create_time: now },
  ]);
  const h = { 'ba-user-token': m.token };
  const balance = await api<{ list: Array<{ money: string; before: string; after: string; memo: string }>; total: number }>(server.url, '/api/account/balance', { headers: h });
  t.is(balance.body.data.total, 2);
  t.deepEqual(balance.body.data.list.map((r) => [r.money, r.before, r.after]), [['-2.50', '12.50', '10.00'], ['12.50', '0.00', '12.50']]);
  const paged = await api<{ list: unknown[]; total: number }>(server.url, '/api/account/balance?page=2&limit=1', { headers: h });
  t.is(paged.body.data.list.length, 1);
  t.is(paged.body.data.total, 2);
  const integral = await api<{ list: Array<{ score: number }>; total: number }>(server.url, '/api/account/integral', { headers: h });
  t.deepEqual(integral.body.data.list.map((r) => r.score), [5, 10]);
  const overview = await api<{ days: string[]; score: number[]; money: string[] }>(server.url, '/api/account/overview', { headers: h });
  t.is(overview.body.data.days.length, 7);
  t.is(overview.body.data.score.at(-1), 15);
  t.is(overview.body.data.money.at(-1), '-2.50');
  t.is(overview.body.data.money[3], '12.50');
  t.regex(overview.body.data.days.at(-1)!, /^\d{4}-\d{2}-\d{2}$/);
});

test('messages: paged, unread count, reading one marks it read, only own messages', async (t) => {
  const m = await member();
  const other = await member();
  const { knex } = server.app;
  const now = Math.floor(Date.now() / 1000);
  await knex('user_message').insert([
    { user_id: m.id, title: 'Welcome', content: 'Welcome to the association', create_time: now - 10 },
    { user_id: m.id, title: 'Trail approved', content: 'Your trail is listed', create_time: now },
    { user_id: other.id, title: 'Private', content: 'not yours', create_time: now },
  ]);
  const h = { 'ba-user-token': m.token };
  const list = await api<{ list: Array<{ id: number; title: string; read_time: number | null }>; total: number; unread: number }>(server.url, '/api/account/message', { headers: h });
  t.is(list.body.data.total, 2);
  t.is(list.body.data.unread, 2);
  t.is(list.body.data.list[0]!.title, 'Trail approved');
  const read = await api<{ row: { read_time: number }; unread: number }>(server.url, `/api/account/message?id=${list.body.data.list[0]!.id}`, { headers: h });
  t.truthy(read.body.data.row.read_time);
  t.is(read.body.data.unread, 1);
  const foreign = await knex('user_message').where({ user_id: other.id }).first();
  t.is((await api(server.url, `/api/account/message?id=${foreign.id}`, { headers: h })).body.code, 0);
  const all = await api<{ unread: number }>(server.url, '/api/account/message', { headers: h, body: {} });
  t.is(all.body.data.unread, 0);
});
