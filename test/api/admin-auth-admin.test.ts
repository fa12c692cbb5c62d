import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';
import { verifyPassword } from '../../src/server/services/passwords.ts';

let server: TestServer;
let root: AdminCall;
let superGroup: number;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  root = asAdmin(server, await superToken(server));
  superGroup = (await server.app.knex('admin_group').where({ rules: '*' }).first<{ id: number }>('id')).id;
});
test.after.always(async () => {
  await server?.stop();
});

interface AdminListRow {
  id: number;
  username: string;
  group_arr: number[];
  group_name_arr: string[];
  [key: string]: unknown;
}

const accessOf = async (uid: number) =>
  (await server.app.knex('admin_group_access').where({ uid }).orderBy('group_id').select<{ group_id: number }[]>('group_id')).map((r) => r.group_id);

test('index: no secrets, group ids and names, quick search, search[] and a whitelisted order', async (t) => {
  const group = await createGroup(server, [], { name: 'Editors' });
  const a = await createAdmin(server, [group], { username: 'listed_editor' });
  const res = await root<{ list: AdminListRow[]; total: number }>('/admin/auth.Admin/index?quickSearch=listed_ed');
  t.is(res.code, 1);
  t.is(res.data.total, 1);
  const row = res.data.list[0]!;
  t.is(row.id, a.id);
  t.deepEqual(row.group_arr, [group]);
  t.deepEqual(row.group_name_arr, ['Editors']);
  for (const secret of ['password', 'salt', 'login_failure', 'last_failure_time']) t.false(secret in row, `${secret} is not sent (reference 3.1)`);

  const like = await root<{ list: AdminListRow[] }>('/admin/auth.Admin/index?search[0][field]=username&search[0][operator]=LIKE&search[0][val]=ted_edi');
  t.deepEqual(like.data.list.map((r) => r.username), ['listed_editor']);
  const eq = await root<{ list: AdminListRow[] }>(`/admin/auth.Admin/index?search[0][field]=id&search[0][operator]=eq&search[0][val]=${a.id}`);
  t.deepEqual(eq.data.list.map((r) => r.id), [a.id]);
  const asc = await root<{ list: AdminListRow[] }>('/admin/auth.Admin/index?order=id,asc&limit=100');
  const ids = asc.data.list.map((r) => r.id);
  t.deepEqual(ids, [...ids].sort((x, y) => x - y));

  const badOrder = await root('/admin/auth.Admin/index?order=password,asc');
  t.is(badOrder.code, 0, 'hashes cannot be used to order rows');
  t.regex(badOrder.msg, /Unsupported sort order/);
  const probe = await root('/admin/auth.Admin/index?search[0][field]=password&search[0][operator]=LIKE&search[0][val]=scrypt');
  t.is(probe.code, 0, 'nor searched');
  const injected = await root('/admin/auth.Admin/index?order=id;drop table admin,asc');
  t.is(injected.code, 0);
  const badField = await root('/admin/auth.Admin/index?search[0][field]=salt&search[0][operator]=eq&search[0][val]=x');
  t.is(badField.code, 0);
  t.regex(badField.msg, /Unknown field: salt/);
});

test('add: validation, hashing, group rows', async (t) => {
  const group = await createGroup(server, []);
  const base = { username: 'new_admin1', nickname: 'New', password: 'secret123', group_arr: [group], status: '1' };
  const fails: [Record<string, unknown>, RegExp][] = [
    [{ username: '9admin' }, /start with a letter/],
    [{ username: 'ab' }, /start with a letter/],
    [{ username: 'admin' }, /already taken/],
    [{ password: '' }, /enter a password/],
    [{ password: 'a<b>cdef' }, /6 to 32/],
    [{ email: 'not-mail' }, /e-mail/],
    [{ mobile: '12345' }, /mobile/],
    [{ group_arr: [] }, /required/i],
    [{ group_arr: [999999] }, /does not exist/],
    [{ nickname: '' }, /required/i],
  ];
  for (const [patch, msg] of fails) {
    const res = await root('/admin/auth.Admin/add', { body: { ...base, ...patch } });
    t.is(res.code, 0, JSON.stringify(patch));
    t.regex(res.msg, msg, JSON.stringify(patch));
  }
  t.falsy(await server.app.knex('admin').where({ username: 'new_admin1' }).first(), 'nothing was written by the refusals');

  const ok = await root('/admin/auth.Admin/add', { body: { ...base, email: 'New@Example.com', mobile: '13800138000' } });
  t.is(ok.code, 1, ok.msg);
  const row = await server.app.knex('admin').where({ username: 'new_admin1' }).first();
  t.regex(row.password, /^scrypt\$/);
  t.is(row.salt, '');
  t.true((await verifyPassword('secret123', row.password)).ok);
  t.deepEqual(await accessOf(row.id), [group]);
  const dupMail = await root('/admin/auth.Admin/add', { body: { ...base, username: 'new_admin2', email: 'new@example.com' } });
  t.regex(dupMail.msg, /e-mail address is already in use/);
  const dupMobile = await root('/admin/auth.Admin/add', { body: { ...base, username: 'new_admin2', mobile: '13800138000' } });
  t.regex(dupMobile.msg, /mobile number is already in use/);
});

test('edit: read without secrets, optional password, own account protected, groups rebuilt', async (t) => {
  const [g1, g2] = [await createGroup(server, []), await createGroup(server, [])];
  const a = await createAdmin(server, [g1]);
  const read = await root<{ row: AdminListRow }>(`/admin/auth.Admin/edit?id=${a.id}`);
  t.is(read.data.row.password, '');
  t.false('salt' in read.data.row);
  t.deepEqual(read.data.row.group_arr, [g1]);

  const before = (await server.app.knex('admin').where({ id: a.id }).first()).password;
  const keep = await root(`/admin/auth.Admin/edit`, { body: { id: a.id, nickname: 'Renamed', password: '', group_arr: [g1, g2] } });
  t.is(keep.code, 1, keep.msg);
  const kept = await server.app.knex('admin').where({ id: a.id }).first();
  t.is(kept.password, before, 'an empty password leaves the hash alone');
  t.is(kept.nickname, 'Renamed');
  t.deepEqual(await accessOf(a.id), [g1, g2].sort((x, y) => x - y));
  t.is((await asAdmin(server, a.token)('/admin/index/index')).code !== 409, true);

  const change = await root(`/admin/auth.Admin/edit`, { body: { id: a.id, password: 'another123', group_arr: [g2] } });
  t.is(change.code, 1, change.msg);
  const changed = await server.app.knex('admin').where({ id: a.id }).first();
  t.true((await verifyPassword('another123', changed.password)).ok);
  t.deepEqual(await accessOf(a.id), [g2]);
  t.is(await server.app.services.tokens.find(a.token), null, "the admin's sessions were revoked");

  const me = await server.app.knex('admin').where({ username: 'admin' }).first();
  const self = await root('/admin/auth.Admin/edit', { body: { id: me.id, status: '0' } });
  t.is(self.code, 0);
  t.regex(self.msg, /cannot disable the account you are logged in with/);
  t.is((await server.app.knex('admin').where({ id: me.id }).first()).status, '1');
  const toggled = await root('/admin/auth.Admin/edit', { body: { id: a.id, status: '0' } });
  t.is(toggled.code, 1, 'a partial edit (the list switch) needs no other field');
  t.deepEqual(await accessOf(a.id), [g2], 'groups untouched when group_arr is not posted');
});

test('a non-super admin: scope, group assignment refusals, superiors protected', async (t) => {
  const manage = await ruleIds(server, ['auth', 'auth/admin', 'auth/admin/index', 'auth/admin/add', 'auth/admin/edit', 'auth/admin/del']);
  const member = await ruleIds(server, ['user', 'user/user', 'user/user/index']);
  const boss = await createGroup(server, [...manage, ...member]);
  const sub = await createGroup(server, member);
  const peer = await createGroup(server, [...manage, ...member]);
  const m = await createAdmin(server, [boss]);
  const call = asAdmin(server, m.token);
  const inSub = await createAdmin(server, [sub]);
  const alsoSuper = await createAdmin(server, [sub, superGroup]);
  const inPeer = await createAdmin(server, [peer]);

  const list = await call<{ list: AdminListRow[] }>('/admin/auth.Admin/index?limit=100');
  const seen = list.data.list.map((r) => r.id);
  t.true(seen.includes(m.id) && seen.includes(inSub.id), 'themself and the admins of covered groups');
  t.false(seen.includes(inPeer.id), 'not peers');
  t.false(seen.includes((await server.app.knex('admin').where({ username: 'admin' }).first()).id), 'not the super admin');

  const body = { username: 'sub_added', nickname: 'S', password: 'secret123', status: '1' };
  const added = await call('/admin/auth.Admin/add', { body: { ...body, group_arr: [sub] } });
  t.is(added.code, 1, added.msg);
  for (const group of [boss, superGroup, peer]) {
    const res = await call('/admin/auth.Admin/add', { body: { ...body, username: 'sub_refused', group_arr: [group] } });
    t.is(res.msg, 'You are not allowed to add administrators to this role group.');
  }
  t.regex((await call('/admin/auth.Admin/edit', { body: { id: inSub.id, group_arr: [boss] } })).msg, /not allowed to add administrators/);
  t.regex((await call('/admin/auth.Admin/edit', { body: { id: alsoSuper.id, password: 'hijack123' } })).msg, /group you do not manage/);
  t.is((await call(`/admin/auth.Admin/edit?id=${inPeer.id}`)).msg, 'You do not have permission to do this', 'outside the data scope');
  t.is((await call('/admin/auth.Admin/edit', { body: { id: inSub.id, nickname: 'Fine' } })).code, 1);

  const ownDel = await call(`/admin/auth.Admin/del?ids[]=${m.id}`, { method: 'DELETE' });
  t.is(ownDel.code, 0, 'the own account is skipped');
  t.truthy(await server.app.knex('admin').where({ id: m.id }).first());
  t.regex((await call(`/admin/auth.Admin/del?ids[]=${alsoSuper.id}`, { method: 'DELETE' })).msg, /group you do not manage/);
  const del = await call(`/admin/auth.Admin/del?ids[]=${inSub.id}&ids[]=${m.id}`, { method: 'DELETE' });
  t.is(del.code, 1, del.msg);
  t.falsy(await server.app.knex('admin').where({ id: inSub.id }).first());
  t.deepEqual(await accessOf(inSub.id), [], 'access rows go with the admin');
  t.truthy(await server.app.knex('admin').where({ id: m.id }).first(), 'the caller survives a batch that includes them');
});
