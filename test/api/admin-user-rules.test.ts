import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';

let server: TestServer;
let root: AdminCall;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

interface RuleNode {
  id: number;
  pid: number;
  name: string;
  title: string;
  type: string;
  no_login_valid: number;
  children?: RuleNode[];
}

const rule = (name: string) => server.app.knex('user_rule').where({ name }).first<RuleNode>();
const allRuleIds = async () => (await server.app.knex('user_rule').orderBy('id').select<{ id: number }[]>('id')).map((r) => r.id);
const groupRules = async (id: number) => (await server.app.knex('user_group').where({ id }).first<{ rules: string }>('rules')).rules;
async function memberGroup(name: string, rules: string): Promise<number> {
  const [row] = await server.app.knex('user_group').insert({ name, rules, status: '1' }).returning('id');
  return (row as { id: number }).id;
}
const base = { type: 'menu', title: '测试', menu_type: 'tab', extend: 'none', no_login_valid: '0', status: '1' };

test.serial('user/group: paginated list, rules stored as ids or *, leaves in the edit form, in-use groups kept', async (t) => {
  const all = await allRuleIds();
  const account = (await rule('account'))!;
  const overview = (await rule('account/overview'))!;
  t.is((await root('/admin/user.Group/add', { body: { name: 'Gold members', rules: all, status: '1' } })).code, 1);
  const gold = await server.app.knex('user_group').where({ name: 'Gold members' }).first<{ id: number; rules: string }>();
  t.is(gold.rules, '*');
  t.is((await root('/admin/user.Group/add', { body: { name: 'Readers', rules: [account.id, overview.id], status: '1' } })).code, 1);
  const readers = await server.app.knex('user_group').where({ name: 'Readers' }).first<{ id: number; rules: string }>();
  t.is(readers.rules, [account.id, overview.id].join(','));
  t.regex((await root('/admin/user.Group/add', { body: { name: 'Broken', rules: [999999], status: '1' } })).msg, /do not exist/);

  const page = await root<{ list: { name: string }[]; total: number }>('/admin/user.Group/index?limit=1&page=2&order=id,asc');
  t.is(page.data.total, 3, 'the seeded group and the two new ones');
  t.deepEqual(page.data.list.map((g) => g.name), ['Gold members'], 'one per page, in id order');
  t.deepEqual((await root<{ list: { name: string }[] }>('/admin/user.Group/index?quickSearch=Read')).data.list.map((g) => g.name), ['Readers']);

  t.deepEqual((await root<{ row: { rules: unknown } }>(`/admin/user.Group/edit?id=${readers.id}`)).data.row.rules, [overview.id]);
  t.is((await root('/admin/user.Group/edit', { body: { id: readers.id, name: 'Readers 2', rules: [] } })).code, 1);
  t.is(await groupRules(readers.id), readers.rules, 'an empty list leaves the rules alone');

  await createMember(server, { group_id: readers.id });
  t.regex((await root(`/admin/user.Group/del?ids[]=${readers.id}`, { method: 'DELETE' })).msg, /Members still belong/);
  t.is((await root(`/admin/user.Group/del?ids[]=${gold.id}`, { method: 'DELETE' })).code, 1);
});

test.serial('user/rule: index needs a login and the rule; member types; no_login_valid', async (t) => {
  const guest = await api(server.url, '/admin/user.Rule/index');
  t.is(guest.body.code, 303, 'unlike the reference, the member rule tree is not public');
  const tree = await root<{ list: RuleNode[] }>('/admin/user.Rule/index');
  t.deepEqual(tree.data.list.map((r) => r.name), ['account']);
  t.is(tree.data.list[0]!.children![0]!.name, 'account/overview');

  t.regex((await root('/admin/user.Rule/add', { body: { ...base, type: 'menu_x', name: 'x' } })).msg, /not valid/);
  t.regex((await root('/admin/user.Rule/add', { body: { ...base, name: 'ACCOUNT/profile' } })).msg, /already exists/);
  const res = await root('/admin/user.Rule/add', { body: { ...base, type: 'nav', title: '运河地图', name: 'canal_map', no_login_valid: '1' } });
  t.is(res.code, 1, res.msg);
  const nav = (await rule('canal_map'))!;
  t.is(nav.type, 'nav');
  t.is(nav.no_login_valid, 1);
  const select = await root<{ options: RuleNode[] }>('/admin/user.Rule/index?select=true');
  t.true(select.data.options.some((o) => o.name === 'canal_map'));
  t.false(select.data.options.some((o) => o.type === 'button'));
});

test.serial('user/rule: inherited by member groups holding the parent, no cycles, children with their parent', async (t) => {
  const account = (await rule('account'))!;
  const profile = (await rule('account/profile'))!;
  const holding = await memberGroup('Holding account', String(account.id));
  const other = await memberGroup('Other', String(profile.id));
  const res = await root('/admin/user.Rule/add', { body: { ...base, type: 'button', title: '导出', name: 'account/export', pid: account.id } });
  t.is(res.code, 1, res.msg);
  const added = (await rule('account/export'))!;
  t.is(await groupRules(holding), `${account.id},${added.id}`);
  t.is(await groupRules(other), String(profile.id));

  t.regex((await root('/admin/user.Rule/edit', { body: { id: account.id, pid: added.id } })).msg, /under itself or one of its descendants/);
  t.is((await rule('account'))!.pid, 0);

  t.is((await root(`/admin/user.Rule/del?ids[]=${account.id}`, { method: 'DELETE' })).msg, 'Please delete the child element first, or use batch deletion');
  const del = await root(`/admin/user.Rule/del?ids[]=${added.id}`, { method: 'DELETE' });
  t.is(del.code, 1, del.msg);
  t.is(await groupRules(holding), String(account.id), 'the deleted rule left the group');
});
