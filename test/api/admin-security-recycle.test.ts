import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';

// Recycle rules (security/dataRecycle) and the recycle bin (security/dataRecycleLog): rows a delete really
// removed are copied, shown, and put back all-or-none in one transaction.

let server: TestServer;
let token = '';

test.before(async () => {
  server = await startServer();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  token = await server.app.services.tokens.issue('admin', admin.id);
});
test.after.always(async () => {
  await server?.stop();
});

const call = <T = unknown>(p: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  api<T>(server.url, p, { lang: 'en', method: init.method, body: init.body, headers: { batoken: init.token ?? token } });

type Row = Record<string, unknown>;
interface LogRow extends Row {
  id: number;
  data_table: string;
  recycle: { name: string };
  admin: { username: string } | null;
}

const newsIds = async (n: number) => (await server.app.knex('news').orderBy('id').limit(n).select<{ id: number }[]>('id')).map((r) => r.id);

test.serial('seeded rules: the reference list under our names, with the menu-rule entry corrected, plus the content kinds', async (t) => {
  const rules = await server.app.knex('security_data_recycle').select<{ controller_as: string; data_table: string }[]>('controller_as', 'data_table');
  const map = Object.fromEntries(rules.map((r) => [r.controller_as, r.data_table]));
  t.like(map, {
    'auth/admin': 'admin',
    'auth/adminlog': 'admin_log',
    'auth/rule': 'admin_rule',
    'routine/config': 'config',
    'user/user': 'user',
    'security/datarecycle': 'security_data_recycle',
    'content/news': 'news',
    'content/trail': 'trail',
  });
  t.false(rules.some((r) => r.data_table === 'menu_rule'));
});

test.serial('rule form: the functions a rule may name, with their tables; log tables left out', async (t) => {
  const res = await call<{ controllers: Record<string, string>; tables: Record<string, { data_table: string; primary_key: string; columns: string[] }> }>(
    '/admin/security.DataRecycle/add',
  );
  t.is(res.body.code, 1, res.body.msg);
  const { controllers, tables } = res.body.data;
  for (const name of ['auth/admin', 'auth/group', 'user/user', 'routine/config', 'content/news', 'security/dataRecycle']) t.is(controllers[name], name);
  for (const name of ['security/dataRecycleLog', 'security/sensitiveDataLog', 'user/moneyLog', 'routine/attachment', 'dashboard']) t.false(name in controllers, name);
  t.like(tables['content/news'], { data_table: 'news', primary_key: 'id' });
  t.true(tables['content/news']!.columns.includes('title_en'));
  const sensitive = await call<{ controllers: Record<string, string> }>('/admin/security.SensitiveData/add');
  t.false('routine/config' in sensitive.body.data.controllers);
  t.false('auth/adminLog' in sensitive.body.data.controllers);
});

test.serial('rule add/edit: controller known and unique, table and key defaulted and checked, alias derived', async (t) => {
  const bad: [Row, RegExp][] = [
    [{ name: 'x', controller: '' }, /required|Please enter/],
    [{ name: 'x', controller: 'auth/nothing', status: '1' }, /Please choose a function/],
    [{ name: 'x', controller: 'content/news', status: '1' }, /already a rule for content\/news/],
    [{ name: 'x', controller: 'auth/group', data_table: 'no_such_table', status: '1' }, /There is no table no_such_table/],
    [{ name: 'x', controller: 'auth/group', primary_key: 'uuid', status: '1' }, /has no column uuid/],
  ];
  for (const [body, msg] of bad) {
    const res = await call('/admin/security.DataRecycle/add', { body });
    t.is(res.body.code, 0, JSON.stringify(body));
    t.regex(res.body.msg, msg, JSON.stringify(body));
  }
  const added = await call('/admin/security.DataRecycle/add', { body: { name: 'Role groups', controller: 'auth/group', status: '1' } });
  t.is(added.body.code, 1, added.body.msg);
  const row = await server.app.knex('security_data_recycle').where({ controller: 'auth/group' }).first<Row>();
  t.like(row, { name: 'Role groups', controller_as: 'auth/group', data_table: 'admin_group', primary_key: 'id', status: '1' });
  const read = await call<{ row: Row; controllers: Record<string, string> }>(`/admin/security.DataRecycle/edit?id=${String(row.id)}`);
  t.is(read.body.data.row.controller, 'auth/group');
  t.truthy(read.body.data.controllers['auth/group']);
  const edited = await call('/admin/security.DataRecycle/edit', { body: { id: row.id, name: 'Admin role groups', controller: 'auth/group' } });
  t.is(edited.body.code, 1, edited.body.msg);
  const list = await call<{ list: Row[]; total: number }>('/admin/security.DataRecycle/index?quickSearch=role');
  t.deepEqual(list.body.data.list.map((r) => r.name), ['Admin role groups']);
  t.is((await call(`/admin/security.DataRecycle/del?ids[]=${String(row.id)}`, { method: 'DELETE' })).body.code, 1);
});

test.serial('del → recycle bin → info → restore gives back the very rows', async (t) => {
  const knex = server.app.knex;
  const ids = await newsIds(2);
  const originals = await knex('news').whereIn('id', ids).orderBy('id');
  const del = await call(`/admin/content.News/del?ids[]=${ids[0]}&ids[]=${ids[1]}`, { method: 'DELETE' });
  t.is(del.body.code, 1, del.body.msg);
  t.is(await knex('news').whereIn('id', ids).first(), undefined);

  const list = await call<{ list: LogRow[]; total: number }>('/admin/security.DataRecycleLog/index');
  t.is(list.body.code, 1, list.body.msg);
  const entries = list.body.data.list.filter((r) => r.data_table === 'news');
  t.is(entries.length, 2);
  t.is(entries[0]!.recycle.name, 'News', "the rule's name in the caller's language");
  t.is(entries[0]!.admin!.username, 'admin');
  t.false(JSON.stringify(list.body.data).includes('"password"'));
  const quick = await call<{ list: LogRow[] }>(`/admin/security.DataRecycleLog/index?quickSearch=${encodeURIComponent('新闻资讯')}`);
  t.is(quick.body.data.list.length, 2);
  const none = await call<{ list: LogRow[] }>('/admin/security.DataRecycleLog/index?quickSearch=nothing-like-this');
  t.is(none.body.data.list.length, 0);

  const info = await call<{ row: { data: Row; admin: { username: string } } }>(`/admin/security.DataRecycleLog/info?id=${entries[0]!.id}`);
  t.is(info.body.code, 1, info.body.msg);
  t.deepEqual(info.body.data.row.data, originals.find((o) => o.id === info.body.data.row.data.id));

  const restore = await call('/admin/security.DataRecycleLog/restore', { body: { ids: entries.map((e) => e.id) } });
  t.is(restore.body.code, 1, restore.body.msg);
  t.is(restore.body.msg, '2 records restored');
  t.deepEqual(await knex('news').whereIn('id', ids).orderBy('id'), originals, 'the rows are back exactly');
  t.deepEqual(
    (await knex('security_data_recycle_log').whereIn('id', entries.map((e) => e.id)).select<{ is_restore: number }[]>('is_restore')).map((e) => Number(e.is_restore)),
    [1, 1],
    'their entries stay, marked restored',
  );
  const again = await call('/admin/security.DataRecycleLog/restore', { body: { ids: entries.map((e) => e.id) } });
  t.is(again.body.msg, 'No rows were restored');
});

test.serial('a restore whose key is taken restores nothing and says why', async (t) => {
  const knex = server.app.knex;
  const ids = await newsIds(2);
  const originals = await knex('news').whereIn('id', ids).orderBy('id');
  await call(`/admin/content.News/del?ids[]=${ids[0]}&ids[]=${ids[1]}`, { method: 'DELETE' });
  const entries = await knex('security_data_recycle_log').where({ data_table: 'news', is_restore: 0 }).orderBy('id').select<{ id: number; data: string }[]>('id', 'data');
  t.is(entries.length, 2);
  // Someone re-created a row with the second id meanwhile.
  await knex('news').insert({ ...originals[1], title: 'squatter' });
  const res = await call('/admin/security.DataRecycleLog/restore', { body: { ids: entries.map((e) => e.id) } });
  t.is(res.body.code, 0);
  t.is(res.body.msg, `Nothing was restored: news already has a row with id=${ids[1]}`);
  t.is(await knex('news').where({ id: ids[0] }).first(), undefined, 'the first row was not restored either');
  t.is((await knex('security_data_recycle_log').whereIn('id', entries.map((e) => e.id))).length, 2, 'both stay in the bin');
  // Once the squatter is gone the restore goes through.
  await knex('news').where({ id: ids[1] }).delete();
  t.is((await call('/admin/security.DataRecycleLog/restore', { body: { ids: entries.map((e) => e.id) } })).body.code, 1);
  t.deepEqual(await knex('news').whereIn('id', ids).orderBy('id'), originals);
});

test.serial('a restore of a row whose parent was deleted since restores nothing and says why', async (t) => {
  const knex = server.app.knex;
  const { id: _model, ...model } = await knex('canal_city').orderBy('id').first<Row>();
  const [city] = await knex('canal_city').insert({ ...model, name: 'Gone city', name_en: 'Gone city' }).returning('id');
  const cityId = (city as { id: number }).id;
  const trail = await knex('trail').orderBy('id').first<{ id: number }>('id');
  await knex('trail').where({ id: trail.id }).update({ city_id: cityId });
  t.is((await call(`/admin/content.Trail/del?ids[]=${trail.id}`, { method: 'DELETE' })).body.code, 1);
  await knex('canal_city').where({ id: cityId }).delete();
  const entry = await knex('security_data_recycle_log').where({ data_table: 'trail', is_restore: 0 }).first<{ id: number }>('id');
  const res = await call('/admin/security.DataRecycleLog/restore', { body: { ids: [entry.id] } });
  t.is(res.status, 200);
  t.is(res.body.code, 0);
  t.is(res.body.msg, `Nothing was restored: the row id=${trail.id} of trail refers to a row that has been deleted since`);
  t.is(await knex('trail').where({ id: trail.id }).first(), undefined);
  t.like(await knex('security_data_recycle_log').where({ id: entry.id }).first(), { is_restore: 0 }, 'the entry stays in the bin');
});

test.serial('a refused or empty delete leaves no recycle copy', async (t) => {
  const knex = server.app.knex;
  const count = async () => Number((await knex('security_data_recycle_log').count({ n: '*' }))[0]!.n);
  const before = await count();
  const missing = await call('/admin/content.News/del?ids[]=987654', { method: 'DELETE' });
  t.is(missing.body.msg, 'No rows were deleted');
  // A level-2 admin may delete admins, but the super admin is outside their data scope.
  const group = await knex('admin_group').where({ name: '二级管理员' }).first<{ id: number; rules: string }>();
  const delRule = await knex('admin_rule').whereIn('name', ['auth/admin/del', 'auth/admin']).select<{ id: number }[]>('id');
  await knex('admin_group').where({ id: group.id }).update({ rules: [group.rules, ...delRule.map((r) => r.id)].join(',') });
  const [row] = await knex('admin').insert({ username: 'scoped', nickname: 'Scoped', password: await hashPassword('scoped-pass'), status: '1' }).returning('id');
  const scopedId = (row as { id: number }).id;
  await knex('admin_group_access').insert({ uid: scopedId, group_id: group.id });
  const scopedToken = await server.app.services.tokens.issue('admin', scopedId);
  const superAdmin = await knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  const refused = await call(`/admin/auth.Admin/del?ids[]=${superAdmin.id}`, { method: 'DELETE', token: scopedToken });
  t.is(refused.body.code, 0);
  t.truthy(await knex('admin').where({ id: superAdmin.id }).first());
  t.is(await count(), before, 'nothing was copied to the bin');
});

test.serial('a restored config item is visible to the settings at once; del empties the bin for good', async (t) => {
  const knex = server.app.knex;
  const added = await call('/admin/routine.Config/add', { body: { group: 'basics', name: 'motto_line', title: 'Motto', type: 'string', value: 'Water connects' } });
  t.is(added.body.code, 1, added.body.msg);
  const item = await knex('config').where({ name: 'motto_line' }).first<{ id: number }>();
  await call(`/admin/routine.Config/del?ids[]=${item.id}`, { method: 'DELETE' });
  t.is(await server.app.services.settings.get('motto_line'), '');
  const entry = await knex('security_data_recycle_log').where({ data_table: 'config' }).first<{ id: number }>();
  t.is((await call('/admin/security.DataRecycleLog/restore', { body: { ids: [entry.id] } })).body.code, 1);
  t.is(await server.app.services.settings.get('motto_line'), 'Water connects');

  await call(`/admin/routine.Config/del?ids[]=${item.id}`, { method: 'DELETE' });
  const again = await knex('security_data_recycle_log').where({ data_table: 'config', is_restore: 0 }).first<{ id: number }>();
  const del = await call(`/admin/security.DataRecycleLog/del?ids[]=${again.id}`, { method: 'DELETE' });
  t.is(del.body.code, 1, del.body.msg);
  t.is(await knex('security_data_recycle_log').where({ id: again.id }).first(), undefined);
  t.is((await call('/admin/security.DataRecycleLog/restore', { body: { ids: [again.id] } })).body.msg, 'No rows were restored');
  t.is((await call('/admin/security.DataRecycleLog/restore', { body: { ids: [] } })).body.msg, 'Parameter error');
});
