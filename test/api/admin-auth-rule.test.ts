import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';

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
  title: string;
  name: string;
  type: string;
  status: string;
  weigh: number;
  component: string;
  children?: RuleNode[];
}

const rule = (name: string) => server.app.knex('admin_rule').where({ name }).first<RuleNode>();
const groupRules = async (id: number) => (await server.app.knex('admin_group').where({ id }).first<{ rules: string }>('rules')).rules;
const base = { type: 'menu', title: 'Test', menu_type: 'tab', extend: 'none', keepalive: '0', status: '1', weigh: 0 };

test('index: the whole tree for a super admin, ordered, disabled rules included; select offers enabled folders and menus', async (t) => {
  await server.app.knex('admin_rule').insert({ pid: 0, type: 'menu', title: 'Hidden link', name: 'hidden_link_rule', status: '0', weigh: 1 });
  const res = await root<{ list: RuleNode[]; remark: string }>('/admin/auth.Rule/index');
  t.is(res.code, 1);
  const roots = res.data.list;
  t.is(roots[0]!.name, 'dashboard');
  const weighs = roots.map((r) => r.weigh);
  t.deepEqual(weighs, [...weighs].sort((a, b) => b - a), 'weigh descending');
  t.true(roots.some((r) => r.name === 'hidden_link_rule'), 'disabled rules are listed');
  const auth = roots.find((r) => r.name === 'auth')!;
  t.deepEqual(auth.children!.map((c) => c.name).slice(0, 2), ['auth/group', 'auth/admin']);
  t.deepEqual(auth.children![0]!.children!.map((c) => c.name), ['auth/group/index', 'auth/group/add', 'auth/group/edit', 'auth/group/del'], 'same weigh: id ascending');

  const search = await root<{ list: RuleNode[] }>(`/admin/auth.Rule/index?quickSearch=${encodeURIComponent('管理员 日志')}`);
  t.deepEqual(search.data.list.map((r) => r.name), ['auth/adminLog'], 'every word matches the title; orphans become roots');

  const select = await root<{ options: RuleNode[] }>('/admin/auth.Rule/index?select=true');
  t.false(select.data.options.some((o) => o.type === 'button' || o.status !== '1'));
  const auths = select.data.options.filter((o) => o.name.startsWith('auth'));
  t.deepEqual(auths.map((o) => o.title).slice(0, 2), ['├ Permissions', '│\u00a0├ Role groups'], "in the caller's language");
});

test('add: validation switched on, component slashes, default weigh, inherited by groups holding the parent', async (t) => {
  const parent = (await rule('user/user'))!;
  const withParent = await createGroup(server, [parent.id]);
  const without = await createGroup(server, (await ruleIds(server, ['dashboard'])));
  const superGroup = (await server.app.knex('admin_group').where({ rules: '*' }).first<{ id: number }>('id')).id;

  const fails: [Record<string, unknown>, RegExp][] = [
    [{ type: 'page', name: 'x/a' }, /not valid/],
    [{ title: '', name: 'x/b' }, /required/],
    [{ name: '' }, /required/],
    [{ name: 'USER/USER' }, /already exists/],
    [{ name: 'x/c', pid: 999999 }, /parent does not exist/],
  ];
  for (const [patch, msg] of fails) t.regex((await root('/admin/auth.Rule/add', { body: { ...base, ...patch } })).msg, msg, JSON.stringify(patch));

  const res = await root('/admin/auth.Rule/add', { body: { ...base, type: 'button', title: '导出', name: 'user/user/export', pid: parent.id, component: 'user\\user\\export' } });
  t.is(res.code, 1, res.msg);
  const added = (await rule('user/user/export'))!;
  t.is(added.component, 'user/user/export');
  t.is(added.weigh, added.id, 'a rule without a weigh goes to the top of its siblings');
  t.true((await groupRules(withParent)).split(',').includes(String(added.id)));
  t.false((await groupRules(without)).split(',').includes(String(added.id)));
  t.is(await groupRules(superGroup), '*');
});

test('edit: a rule cannot move under itself or any descendant', async (t) => {
  const dir = (await rule('security'))!;
  const button = (await rule('security/dataRecycle/index'))!;
  const menu = (await rule('security/dataRecycle'))!;
  t.regex((await root('/admin/auth.Rule/edit', { body: { id: dir.id, pid: button.id } })).msg, /under itself or one of its descendants/);
  t.regex((await root('/admin/auth.Rule/edit', { body: { id: dir.id, pid: dir.id } })).msg, /under itself/);
  t.is((await rule('security'))!.pid, 0);
  t.regex((await root('/admin/auth.Rule/edit', { body: { id: menu.id, name: 'Security/DataRecycleLog' } })).msg, /already exists/);
  const moved = await root('/admin/auth.Rule/edit', { body: { id: button.id, pid: dir.id } });
  t.is(moved.code, 1, moved.msg);
  t.is((await rule('security/dataRecycle/index'))!.pid, dir.id);
  const read = await root<{ row: RuleNode }>(`/admin/auth.Rule/edit?id=${menu.id}`);
  t.is(read.data.row.name, 'security/dataRecycle');
});

test('del: children must come along; deleted ids leave the groups', async (t) => {
  await root('/admin/auth.Rule/add', { body: { ...base, type: 'menu_dir', title: 'Temp dir', name: 'temp_dir' } });
  const dir = (await rule('temp_dir'))!;
  await root('/admin/auth.Rule/add', { body: { ...base, title: 'Temp menu', name: 'temp_dir/menu', pid: dir.id } });
  const menu = (await rule('temp_dir/menu'))!;
  // A kept rule no other test here adds children to (a child added meanwhile would be granted to this group).
  const kept = await ruleIds(server, ['routine']);
  const g = await createGroup(server, [...kept, dir.id, menu.id]);
  t.is((await root(`/admin/auth.Rule/del?ids[]=${dir.id}`, { method: 'DELETE' })).msg, 'Please delete the child element first, or use batch deletion');
  const ok = await root(`/admin/auth.Rule/del?ids[]=${dir.id}&ids[]=${menu.id}`, { method: 'DELETE' });
  t.is(ok.code, 1, ok.msg);
  t.falsy(await rule('temp_dir'));
  t.is(await groupRules(g), kept.join(','));
});

test('sortable swaps the weights of two rules', async (t) => {
  const a = (await rule('routine'))!;
  const b = (await rule('security'))!;
  const res = await root('/admin/auth.Rule/sortable', { body: { id: a.id, targetId: b.id } });
  t.is(res.code, 1, res.msg);
  t.is((await rule('routine'))!.weigh, b.weigh);
  t.is((await rule('security'))!.weigh, a.weigh);
});

test('a non-super admin lists, changes and extends only the rules they hold', async (t) => {
  const held = await ruleIds(server, ['auth', 'auth/rule', 'auth/rule/index', 'auth/rule/add', 'auth/rule/edit', 'dashboard', 'dashboard/index']);
  const m = await createAdmin(server, [await createGroup(server, held)]);
  const call = asAdmin(server, m.token);
  const list = await call<{ list: RuleNode[] }>('/admin/auth.Rule/index?isTree=false');
  t.deepEqual(list.data.list.map((r) => r.id).sort((x, y) => x - y), [...held].sort((x, y) => x - y));
  const foreign = (await rule('auth/admin'))!;
  t.is((await call('/admin/auth.Rule/edit', { body: { id: foreign.id, name: 'auth/admin2' } })).msg, 'You do not have permission to do this');
  t.is((await rule('auth/admin'))!.name, 'auth/admin');
  t.regex((await call('/admin/auth.Rule/add', { body: { ...base, name: 'auth/admin/export', pid: foreign.id } })).msg, /under rules you have/);
  const own = (await rule('dashboard'))!;
  t.is((await call('/admin/auth.Rule/add', { body: { ...base, type: 'button', name: 'dashboard/export', pid: own.id } })).code, 1);
});

// Serial: the file's other tests run at once on the same server, and their queries would be counted too.
test.serial("checking a super admin's request reads no rules; an admin of a group reads only the group's", async (t) => {
  const statements: string[] = [];
  const seen = (query: { sql: string }) => statements.push(query.sql);
  const permissionReads = () => statements.filter((sql) => /^select [`"]id[`"], [`"]name[`"] from [`"]admin_rule[`"]/i.test(sql));
  const viewer = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content', 'content/news', 'content/news/index']))]);
  server.app.knex.on('query', seen);
  try {
    t.is((await root('/admin/content.News/index')).code, 1);
    t.deepEqual(permissionReads(), [], 'a super admin passes every check without them');
    statements.length = 0;
    const call = asAdmin(server, viewer.token);
    t.is((await call('/admin/content.News/index')).code, 1);
    t.not((await call('/admin/auth.Rule/index')).code, 1, 'a rule the group lacks');
    t.is(permissionReads().length, 2);
    t.true(permissionReads().every((sql) => / in \(/i.test(sql)), "only the group's rules are read");
  } finally {
    server.app.knex.off('query', seen);
  }
});
