import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { solvedCaptcha } from '../helpers/accounts.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';

// routine/adminInfo: always the caller's own profile (reference ⚠ 2), never its hashes, and a new password
// ends the caller's other sessions.

let server: TestServer;

interface Admin {
  id: number;
  token: string;
}

test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

let counter = 0;
/** An admin in the level-1 group (which holds routine/adminInfo), with a fresh token. */
async function makeAdmin(password = 'first-pass-1'): Promise<Admin & { username: string }> {
  const knex = server.app.knex;
  const username = `info${++counter}`;
  const [row] = await knex('admin').insert({ username, nickname: username, email: `${username}@canal.example.org`, password: await hashPassword(password), status: '1' }).returning('id');
  const id = (row as { id: number }).id;
  const group = await knex('admin_group').where({ name: '一级管理员' }).first<{ id: number }>();
  await knex('admin_group_access').insert({ uid: id, group_id: group.id });
  return { id, username, token: await server.app.services.tokens.issue('admin', id) };
}

const as = <T = unknown>(admin: Admin, p: string, body?: unknown) => api<T>(server.url, p, { body, lang: 'en', headers: { batoken: admin.token } });

async function login(username: string, password: string) {
  return api<{ userInfo: { token: string } }>(server.url, '/admin/index/login', { body: { username, password, ...(await solvedCaptcha(server)) }, lang: 'en' });
}

test('index shows the caller, without password or salt', async (t) => {
  const me = await makeAdmin();
  const res = await as<{ info: Record<string, unknown> }>(me, '/admin/routine.AdminInfo/index');
  t.is(res.body.code, 1, res.body.msg);
  t.like(res.body.data.info, { id: me.id, username: me.username, email: `${me.username}@canal.example.org`, avatar: '/static/images/avatar.png' });
  t.false('password' in res.body.data.info);
  t.false('salt' in res.body.data.info);
  t.false(JSON.stringify(res.body).includes('scrypt$'));
});

test('edit saves the caller only, even when another admin id is posted; username and status are not writable', async (t) => {
  const me = await makeAdmin();
  const other = await makeAdmin();
  const knex = server.app.knex;
  const otherBefore = await knex('admin').where({ id: other.id }).first();
  const res = await as(me, '/admin/routine.AdminInfo/edit', {
    id: other.id,
    username: 'hijacked',
    status: '0',
    nickname: 'New Name',
    email: 'new.name@canal.example.org',
    mobile: '13800138000',
    motto: 'Along the canal',
    login_failure: 9,
    last_login_ip: '6.6.6.6',
  });
  t.is(res.body.code, 1, res.body.msg);
  t.deepEqual(await knex('admin').where({ id: other.id }).first(), otherBefore, 'the other admin is untouched');
  const mine = await knex('admin').where({ id: me.id }).first<Record<string, unknown>>();
  t.like(mine, { username: me.username, status: '1', nickname: 'New Name', email: 'new.name@canal.example.org', mobile: '13800138000', motto: 'Along the canal', login_failure: 0 });
  t.not(mine.last_login_ip, '6.6.6.6');
});

test('edit validates: nickname required, e-mail and mobile format and uniqueness, password rule', async (t) => {
  const me = await makeAdmin();
  const other = await makeAdmin();
  const tries: [Record<string, unknown>, string][] = [
    [{ nickname: '' }, 'Please enter a nickname'],
    [{ nickname: 'A', email: 'nope' }, 'Please enter a valid e-mail address'],
    [{ nickname: 'A', mobile: '12345' }, 'Please enter a valid mobile number'],
    [{ nickname: 'A', email: `${other.username}@canal.example.org` }, 'This e-mail address is already in use'],
    [{ nickname: 'A', password: 'a<b' }, `The password must be 6 to 32 characters and cannot contain & < > " '`],
  ];
  await as(other, '/admin/routine.AdminInfo/edit', { nickname: 'Other', mobile: '13900139000' });
  tries.push([{ nickname: 'A', mobile: '13900139000' }, 'This mobile number is already in use']);
  for (const [body, msg] of tries) {
    const res = await as(me, '/admin/routine.AdminInfo/edit', body);
    t.is(res.body.code, 0, JSON.stringify(body));
    t.is(res.body.msg, msg, JSON.stringify(body));
  }
  t.is((await as(me, '/admin/routine.AdminInfo/edit', { nickname: 'Blank contacts', email: '', mobile: '' })).body.code, 1, 'e-mail and mobile may be empty');
});

test('a non-empty avatar saves only the avatar', async (t) => {
  const me = await makeAdmin();
  const res = await as(me, '/admin/routine.AdminInfo/edit', { id: me.id, avatar: '/storage/avatar/20261121/me.png', nickname: 'ignored' });
  t.is(res.body.code, 1);
  t.is(res.body.msg, 'Avatar updated');
  const row = await server.app.knex('admin').where({ id: me.id }).first<{ avatar: string; nickname: string }>();
  t.is(row.avatar, '/storage/avatar/20261121/me.png');
  t.is(row.nickname, me.username);
  t.is((await as(me, '/admin/routine.AdminInfo/edit', { avatar: 'javascript:alert(1)' })).body.code, 0);
});

test('a new password needs the current one; then the old one stops working, other sessions end, this one stays', async (t) => {
  const me = await makeAdmin('first-pass-1');
  const elsewhere = await login(me.username, 'first-pass-1');
  t.is(elsewhere.body.code, 1, elsewhere.body.msg);
  const missing = await as(me, '/admin/routine.AdminInfo/edit', { nickname: 'Changer', password: 'second-pass-2' });
  t.is(missing.body.msg, 'Please enter your old password');
  const wrong = await as(me, '/admin/routine.AdminInfo/edit', { nickname: 'Changer', password: 'second-pass-2', oldPassword: 'guess-1234' });
  t.is(wrong.body.msg, 'The old password is wrong');
  t.is((await login(me.username, 'first-pass-1')).body.code, 1, 'refused attempts changed nothing');
  const res = await as(me, '/admin/routine.AdminInfo/edit', { nickname: 'Changer', password: 'second-pass-2', oldPassword: 'first-pass-1' });
  t.is(res.body.code, 1, res.body.msg);
  t.is((await as(me, '/admin/routine.AdminInfo/index')).body.code, 1, 'the session that changed it stays');
  const other = await api(server.url, '/admin/routine.AdminInfo/index', { headers: { batoken: elsewhere.body.data.userInfo.token } });
  t.is(other.body.code, 303, 'the other session ended');
  t.is((await login(me.username, 'first-pass-1')).body.code, 0);
  t.is((await login(me.username, 'second-pass-2')).body.code, 1);
});

test('an admin without the rule is refused', async (t) => {
  const knex = server.app.knex;
  const [row] = await knex('admin').insert({ username: 'norules', nickname: 'x', password: await hashPassword('whatever1'), status: '1' }).returning('id');
  const token = await server.app.services.tokens.issue('admin', (row as { id: number }).id);
  t.is((await api(server.url, '/admin/routine.AdminInfo/index', { headers: { batoken: token } })).body.code, 401);
  t.is((await api(server.url, '/admin/routine.AdminInfo/index')).body.code, 303);
});
