import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';

let server: TestServer;
let root: AdminCall;
let token: string;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  token = await superToken(server);
  root = asAdmin(server, token);
});
test.after.always(async () => {
  await server?.stop();
});

interface GroupNode {
  id: number;
  pid: number;
  name: string;
  rules: string;
  children?: GroupNode[];
}

const groupNames = ['auth', 'auth/group', 'auth/group/index', 'auth/group/add', 'auth/group/edit', 'auth/group/del'];
const storedRules = async (id: number) => (await server.app.knex('admin_group').where({ id }).first<{ rules: string }>('rules')).rules;

test('index as super: tree, own groups, translated rule summaries, select options', async (t) => {
  const [first, second] = await ruleIds(server, ['dashboard', 'dashboard/index']);
  const parent = await createGroup(server, [first!, second!], { name: 'Tree parent' });
  const child = await createGroup(server, [first!], { name: 'Tree child', pid: parent });
  await createGroup(server, [], { name: 'Tree empty', pid: parent, status: '0' });

  const res = await root<{ list: GroupNode[]; group: number[]; remark: string }>('/admin/auth.Group/index');
  t.is(res.code, 1);
  const me = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>('id');
  const own = (await server.app.knex('admin_group_access').where({ uid: me.id })).map((r: { group_id: number }) => r.group_id);
  t.deepEqual(res.data.group, own);
  t.is(res.data.list[0]!.rules, 'Super administrator');
  const node = res.data.list.flatMap((g) => [g, ...(g.children ?? [])]).find((g) => g.id === parent)!;
  t.deepEqual(node.children!.map((c) => c.name), ['Tree child', 'Tree empty']);
  t.is(node.rules, 'Dashboard and 1 more', 'the first rule by its English title');
  t.is(node.children![0]!.rules, 'Dashboard');
  t.is(node.children![1]!.rules, 'No permission');
  const zh = await api<{ list: GroupNode[] }>(server.url, '/admin/auth.Group/index?isTree=false&quickSearch=Tree%20parent', { headers: { batoken: token } });
  t.deepEqual(zh.body.data.list.map((g) => [g.name, g.rules]), [['Tree parent', '控制台等 2 项']]);

  const flat = await root<{ list: GroupNode[] }>('/admin/auth.Group/index?isTree=false&quickSearch=tree%20child');
  t.deepEqual(flat.data.list.map((g) => g.id), [child], 'every word must match');
  const select = await root<{ options: GroupNode[] }>('/admin/auth.Group/index?select=true&quickSearch=Tree');
  t.deepEqual(select.data.options.map((o) => o.name), ['└ Tree parent', '\u00a0\u00a0└ Tree child'], 'enabled groups only, with tree prefixes');
  const init = await root<{ options: GroupNode[] }>(`/admin/auth.Group/index?select=true&initValue[]=${child}`);
  t.deepEqual(init.data.options.map((o) => o.name), ['Tree child']);
  t.is((await root('/admin/auth.Group/index?initKey=rules;--&initValue=1')).code, 0, 'initKey is whitelisted');
});

test('a non-super admin grants only rules they hold, never all of them', async (t) => {
  const managing = await ruleIds(server, groupNames);
  const extra = await ruleIds(server, ['user', 'user/user', 'user/user/index']);
  const boss = await createGroup(server, [...managing, ...extra]);
  const m = await createAdmin(server, [boss]);
  const call = asAdmin(server, m.token);

  const notHeld = await ruleIds(server, ['routine/config/index']);
  const refused = await call('/admin/auth.Group/add', { body: { name: 'Sneaky', pid: boss, rules: [...extra, ...notHeld], status: '1' } });
  t.is(refused.code, 0);
  t.is(refused.msg, 'You can only grant permissions that you have yourself');
  const all = await call('/admin/auth.Group/add', { body: { name: 'Peer', pid: boss, rules: [...managing, ...extra], status: '1' } });
  t.is(all.msg, 'This role group has every permission you have, so you cannot assign it; ask a higher administrator, or leave it out.');
  t.falsy(await server.app.knex('admin_group').whereIn('name', ['Sneaky', 'Peer']).first());

  const ok = await call('/admin/auth.Group/add', { body: { name: 'Helpers', pid: boss, rules: extra, status: '1' } });
  t.is(ok.code, 1, ok.msg);
  const helpers = await server.app.knex('admin_group').where({ name: 'Helpers' }).first<{ id: number; rules: string }>();
  t.is(helpers.rules, [...extra].sort((a, b) => a - b).join(','));

  const list = await call<{ list: GroupNode[]; group: number[] }>('/admin/auth.Group/index?isTree=false');
  t.deepEqual(list.data.group, [boss]);
  const visible = list.data.list.map((g) => g.id);
  t.true(visible.includes(boss) && visible.includes(helpers.id), 'own groups and covered groups');
  const superGroupId = (await server.app.knex('admin_group').where({ rules: '*' }).first<{ id: number }>('id')).id;
  t.false(visible.includes(superGroupId), 'not groups with rules the admin lacks');

  t.is((await call('/admin/auth.Group/edit', { body: { id: boss, name: 'Renamed' } })).msg, 'You cannot change your own role group.');
  const superGroup = superGroupId;
  t.regex((await call(`/admin/auth.Group/edit?id=${superGroup}`)).msg, /only when you have all of its permissions and more/);
  t.regex((await call(`/admin/auth.Group/del?ids[]=${superGroup}`, { method: 'DELETE' })).msg, /all of its permissions/);
  t.regex((await call('/admin/auth.Group/edit', { body: { id: helpers.id, rules: notHeld } })).msg, /only grant permissions that you have/);
  t.is((await call('/admin/auth.Group/edit', { body: { id: helpers.id, name: 'Helpers 2', rules: [] } })).code, 1);
  t.is(await storedRules(helpers.id), helpers.rules, 'an empty rules list leaves them unchanged');
  t.regex((await call('/admin/auth.Group/add', { body: { name: 'Misplaced', pid: superGroup, rules: extra, status: '1' } })).msg, /under a group you manage/);
});

test('super: every rule becomes *, edit shows leaves, no cycles', async (t) => {
  const all = (await server.app.knex('admin_rule').select<{ id: number }[]>('id')).map((r) => r.id);
  const res = await root('/admin/auth.Group/add', { body: { name: 'Everything', rules: all, status: '1' } });
  t.is(res.code, 1, res.msg);
  const everything = await server.app.knex('admin_group').where({ name: 'Everything' }).first<{ id: number; rules: string }>();
  t.is(everything.rules, '*');
  t.deepEqual((await root<{ row: { rules: unknown } }>(`/admin/auth.Group/edit?id=${everything.id}`)).data.row.rules, ['*']);

  const [dir, menu, button] = await ruleIds(server, ['user', 'user/user', 'user/user/index']);
  const g = await createGroup(server, [dir!, menu!, button!]);
  t.deepEqual((await root<{ row: { rules: unknown } }>(`/admin/auth.Group/edit?id=${g}`)).data.row.rules, [button], 'parents are stripped');
  t.regex((await root('/admin/auth.Group/add', { body: { name: 'Bad', rules: [999999], status: '1' } })).msg, /do not exist/);

  const child = await createGroup(server, [button!], { pid: g });
  const grandchild = await createGroup(server, [button!], { pid: child });
  t.regex((await root('/admin/auth.Group/edit', { body: { id: g, pid: grandchild } })).msg, /under itself or one of its descendants/);
  t.regex((await root('/admin/auth.Group/edit', { body: { id: g, pid: g } })).msg, /under itself/);
  t.regex((await root('/admin/auth.Group/edit', { body: { id: g, pid: 999999 } })).msg, /parent does not exist/);
});

test('del: children must be in the batch, own groups skipped, access rows removed', async (t) => {
  const parent = await createGroup(server, []);
  const child = await createGroup(server, [], { pid: parent });
  const a = await createAdmin(server, [child]);
  const refused = await root(`/admin/auth.Group/del?ids[]=${parent}`, { method: 'DELETE' });
  t.is(refused.msg, 'Please delete the child element first, or use batch deletion');
  const superGroup = (await server.app.knex('admin_group').where({ rules: '*' }).first<{ id: number }>('id')).id;
  const ok = await root(`/admin/auth.Group/del?ids[]=${parent}&ids[]=${child}&ids[]=${superGroup}`, { method: 'DELETE' });
  t.is(ok.code, 1, ok.msg);
  t.is(await server.app.knex('admin_group').whereIn('id', [parent, child]).first(), undefined);
  t.truthy(await server.app.knex('admin_group').where({ id: superGroup }).first(), "the caller's own group is skipped");
  t.deepEqual(await server.app.knex('admin_group_access').where({ uid: a.id }), [], 'access rows of deleted groups are gone');
});
