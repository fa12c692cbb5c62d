import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, memberToken } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { verifyPassword } from '../../src/server/services/passwords.ts';

let server: TestServer;
let root: AdminCall;
let defaultGroup: number;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  root = asAdmin(server, await superToken(server));
  defaultGroup = (await server.app.knex('user_group').orderBy('id').first<{ id: number }>('id')).id;
});
test.after.always(async () => {
  await server?.stop();
});

interface MemberRow {
  id: number;
  username: string;
  money: string;
  score: number;
  group: { name: string };
  nickname_text?: string;
  [key: string]: unknown;
}

const row = (id: number) => server.app.knex('user').where({ id }).first();

test('index: group joined, no secrets, money in yuan, search operators, select label', async (t) => {
  const m = await createMember(server, { username: 'indexed_member' });
  await server.app.knex('user').where({ id: m.id }).update({ money: 1250, score: 7 });
  const res = await root<{ list: MemberRow[]; total: number }>('/admin/user.User/index?quickSearch=indexed_mem');
  t.is(res.code, 1);
  const r = res.data.list[0]!;
  t.is(r.id, m.id);
  t.is(r.group.name, 'Default group', "the group's name in the caller's language");
  t.is(r.money, '12.50');
  t.is(r.score, 7);
  t.false('password' in r, 'the list leaves the password out (reference 3.5)');
  t.false('salt' in r);
  t.false('nickname_text' in r);

  t.true((await root<{ list: MemberRow[] }>(`/admin/user.User/index?quickSearch=${m.id}`)).data.list.some((x) => x.id === m.id), 'quick search covers the id');
  const like = await root<{ list: MemberRow[] }>('/admin/user.User/index?search[0][field]=username&search[0][operator]=LIKE&search[0][val]=exed_mem');
  t.deepEqual(like.data.list.map((x) => x.username), ['indexed_member']);
  const range = await root<{ list: MemberRow[] }>(`/admin/user.User/index?search[0][field]=score&search[0][operator]=RANGE&search[0][val]=7,7&search[1][field]=group.name&search[1][operator]=eq&search[1][val]=${encodeURIComponent('默认分组')}`);
  t.deepEqual(range.data.list.map((x) => x.id), [m.id]);
  const sorted = await root<{ list: MemberRow[] }>('/admin/user.User/index?order=money,desc&limit=1');
  t.is(sorted.data.list[0]!.id, m.id);
  for (const bad of ['password,asc', 'salt,asc', 'username,sideways']) {
    const res2 = await root(`/admin/user.User/index?order=${bad}`);
    t.is(res2.code, 0, bad);
    t.regex(res2.msg, /Unsupported sort order/);
  }
  t.is((await root('/admin/user.User/index?search[0][field]=password&search[0][operator]=LIKE&search[0][val]=scrypt')).code, 0);

  const select = await root<{ list: MemberRow[] }>(`/admin/user.User/index?select=true&initValue[]=${m.id}`);
  t.is(select.data.list[0]!.nickname_text, `indexed_member(ID:${m.id})`);
});

test('add: validated, password hashed, balances start at zero', async (t) => {
  const base = { username: 'added_member', nickname: 'Added', password: 'secret123', group_id: defaultGroup, gender: 1, status: 'enable' };
  const taken = await createMember(server, { email: 'taken@example.com', mobile: '13900000001' });
  const fails: [Record<string, unknown>, RegExp][] = [
    [{ username: '1abc' }, /account name/],
    [{ username: taken.username }, /already taken/],
    [{ email: 'nope' }, /e-mail/],
    [{ email: 'TAKEN@example.com' }, /already in use/],
    [{ mobile: '1390000000' }, /mobile/],
    [{ mobile: '13900000001' }, /already in use/],
    [{ gender: 3 }, /not valid/],
    [{ status: 'banned' }, /not valid/],
    [{ group_id: 999999 }, /member group does not exist/],
    [{ group_id: '' }, /required/],
    [{ password: '' }, /enter a password/],
  ];
  for (const [patch, msg] of fails) t.regex((await root('/admin/user.User/add', { body: { ...base, ...patch } })).msg, msg, JSON.stringify(patch));
  // Every field at fault at once, each with its catalogue key, for the form to mark (issue 32, item 9).
  const several = await root('/admin/user.User/add', { body: { ...base, username: taken.username, mobile: '12345', password: 'x' } });
  t.deepEqual(several.data, {
    fields: [
      { field: 'username', message: 'account:usernameTaken' },
      { field: 'mobile', message: 'validate:mobile' },
      { field: 'password', message: 'validate:password' },
    ],
  });
  const ok = await root('/admin/user.User/add', { body: { ...base, money: '999.00', score: 500 } });
  t.is(ok.code, 1, ok.msg);
  const added = await server.app.knex('user').where({ username: 'added_member' }).first();
  t.is(added.money, 0, 'money cannot be set here');
  t.is(added.score, 0);
  t.regex(added.password, /^scrypt\$/);
  t.true((await verifyPassword('secret123', added.password)).ok);
  t.truthy(added.join_time);
});

test('edit: money and score are read-only; a new password revokes the member tokens', async (t) => {
  const m = await createMember(server);
  await server.app.knex('user').where({ id: m.id }).update({ money: 500, score: 3 });
  const token = await memberToken(server, m.id);
  const read = await root<{ row: MemberRow }>(`/admin/user.User/edit?id=${m.id}`);
  t.is(read.data.row.password, '');
  t.false('salt' in read.data.row);
  t.is(read.data.row.money, '5.00');

  const res = await root('/admin/user.User/edit', { body: { id: m.id, nickname: 'Changed', money: '100000.00', score: 99999, password: '' } });
  t.is(res.code, 1, res.msg);
  const after = await row(m.id);
  t.is(after.nickname, 'Changed');
  t.is(after.money, 500, 'balance untouched');
  t.is(after.score, 3, 'points untouched');
  t.truthy(await server.app.services.tokens.find(token), 'no password change, no sign-out');

  const pw = await root('/admin/user.User/edit', { body: { id: m.id, password: 'brandnew1' } });
  t.is(pw.code, 1, pw.msg);
  t.true((await verifyPassword('brandnew1', (await row(m.id)).password)).ok);
  t.is(await server.app.services.tokens.find(token), null, 'the member is signed out everywhere');
  t.regex((await root('/admin/user.User/edit', { body: { id: m.id, password: 'short' } })).msg, /6 to 32/);
});

test('del removes the member and their sessions', async (t) => {
  const m = await createMember(server);
  const token = await memberToken(server, m.id);
  const res = await root(`/admin/user.User/del?ids[]=${m.id}`, { method: 'DELETE' });
  t.is(res.code, 1, res.msg);
  t.falsy(await row(m.id));
  t.is(await server.app.services.tokens.find(token), null);
});
