/** The table helpers of reference admin-api section 4, which BuildAdmin's recycle, sensitive and CRUD forms call. */
import test from 'ava';
import { createAdmin, createGroup, ruleIds, superToken } from '../helpers/admins.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { api, onPostgres, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let token: string;
test.before(async () => {
  server = await startServer();
  token = await superToken(server);
});
test.after.always(async () => {
  await server?.stop();
});

type Row = Record<string, unknown>;
const call = <T = Row>(path: string, lang = 'en', headers: Record<string, string> = { batoken: token }) => api<T>(server.url, path, { headers, lang });

test('getDatabaseConnectionList: the one connection, its database name masked', async (t) => {
  const res = await call<{ list: Row[] }>('/admin/ajax/getDatabaseConnectionList');
  t.is(res.body.code, 1, res.body.msg);
  if (onPostgres(server)) {
    const name = new URL(server.app.services.config.databaseUrl).pathname.slice(1);
    t.deepEqual(res.body.data.list, [{ type: 'pgsql', database: `${name[0]}${'*'.repeat(name.length - 2)}${name.at(-1)}`, key: 'default' }]);
  } else {
    t.deepEqual(res.body.data.list, [{ type: 'sqlite', database: 'p***********e', key: 'default' }]);
  }
  t.false(JSON.stringify(res.body).includes(server.dataDir), 'no file path leaks');
  t.deepEqual((await call<{ list: Row[] }>('/admin/ajax/getDatabaseConnectionList?quickSearch=DEF')).body.data.list.length, 1);
  t.deepEqual((await call<{ list: Row[] }>('/admin/ajax/getDatabaseConnectionList?quickSearch=mysql')).body.data.list, []);
});

test('getTableList: every application table with its title in the reader language; search, exclusions, connections', async (t) => {
  const en = await call<{ list: { table: string; comment: string; connection: string; prefix: string }[] }>('/admin/ajax/getTableList');
  t.is(en.body.code, 1, en.body.msg);
  const byTable = new Map(en.body.data.list.map((r) => [r.table, r]));
  t.deepEqual(byTable.get('news'), { table: 'news', comment: 'news - News', connection: '', prefix: '' });
  t.is(byTable.get('admin')?.comment, 'admin - Administrators');
  t.is(byTable.get('token')?.comment, 'token', 'a table without a definition is named only');
  t.false([...byTable.keys()].some((n) => n.startsWith('knex_') || n.startsWith('sqlite_')), 'the migration tables are not offered');
  const zh = await call<{ list: { table: string; comment: string }[] }>('/admin/ajax/getTableList', 'zh-cn');
  t.is(zh.body.data.list.find((r) => r.table === 'news')?.comment, 'news - 新闻资讯');

  const search = await call<{ list: { table: string }[] }>('/admin/ajax/getTableList?quickSearch=ADMINISTRATOR');
  t.deepEqual(search.body.data.list.map((r) => r.table), ['admin']);
  const excluded = await call<{ list: { table: string }[] }>('/admin/ajax/getTableList?excludeTable[]=news&excludeTable[]=admin&connection=default');
  const names = excluded.body.data.list.map((r) => r.table);
  t.false(names.includes('news') || names.includes('admin'));
  t.true(names.includes('user'));
  t.true(excluded.body.data.list.every((r) => (r as Row).connection === 'default'), 'the connection asked for is echoed');
  const other = await call('/admin/ajax/getTableList?connection=mysql');
  t.is(other.body.code, 0);
  t.is(other.body.msg, 'There is no database connection named "mysql"');
});

test('getTablePk: the primary key, or a clear refusal', async (t) => {
  t.deepEqual((await call('/admin/ajax/getTablePk?table=news')).body.data, { pk: 'id' });
  t.deepEqual((await call('/admin/ajax/getTablePk?table=seed_log')).body.data, { pk: 'name' });
  t.deepEqual((await call('/admin/ajax/getTablePk?table=admin_group_access')).body.data, { pk: ['uid', 'group_id'] }, 'a composite key, as ThinkPHP gives it');
  const missing = await call('/admin/ajax/getTablePk?table=nope');
  t.like(missing.body, { code: 0, msg: 'The table "nope" does not exist' });
  t.like((await call('/admin/ajax/getTablePk?table=nope', 'zh-cn')).body, { code: 0, msg: '数据表“nope”不存在' });
  t.like((await call('/admin/ajax/getTablePk')).body, { code: 0 });
  for (const bad of ['news;drop table news', 'knex_migrations', '"news"', '../news']) {
    t.is((await call(`/admin/ajax/getTablePk?table=${encodeURIComponent(bad)}`)).body.code, 0, bad);
  }
  t.truthy(await server.app.knex('news').first(), 'nothing was dropped');
});

test('getTableFieldList: clean titles from the definitions, or MySQL-shaped column metadata', async (t) => {
  const clean = await call<{ pk: string; fieldList: Record<string, string> }>('/admin/ajax/getTableFieldList?table=news');
  t.is(clean.body.code, 1, clean.body.msg);
  t.is(clean.body.data.pk, 'id');
  t.like(clean.body.data.fieldList, { id: 'ID', title: 'Title', title_en: 'Title (English)', status: 'Status' });
  t.like((await call<{ fieldList: Record<string, string> }>('/admin/ajax/getTableFieldList?table=news&clean=1', 'zh-cn')).body.data.fieldList, { title: '标题', title_en: '标题（英文）' });
  // A table without a definition has columns but no titles.
  t.deepEqual((await call<{ fieldList: Record<string, string> }>('/admin/ajax/getTableFieldList?table=seed_log')).body.data.fieldList, { name: '', run_time: '' });

  const full = await call<{ pk: string; fieldList: Record<string, Row> }>('/admin/ajax/getTableFieldList?table=news&clean=0');
  t.is(full.body.code, 1);
  t.like(full.body.data.fieldList.id, { COLUMN_NAME: 'id', DATA_TYPE: 'integer', COLUMN_KEY: 'PRI', EXTRA: 'auto_increment', IS_NULLABLE: 'NO', ORDINAL_POSITION: 1, COLUMN_COMMENT: 'ID' });
  t.like(full.body.data.fieldList.title, { COLUMN_NAME: 'title', COLUMN_KEY: '', EXTRA: '', COLUMN_COMMENT: 'Title', TABLE_NAME: 'news' });
  t.regex(String(full.body.data.fieldList.title!.DATA_TYPE), /^(varchar|text)$/);
  const columns = Object.keys((await server.app.knex('news').columnInfo()));
  t.deepEqual(Object.keys(full.body.data.fieldList), columns, 'every column, in table order');
  t.like((await call('/admin/ajax/getTableFieldList?table=nope&clean=0')).body, { code: 0, msg: 'The table "nope" does not exist' });
  t.like((await call('/admin/ajax/getTableFieldList?clean=0')).body, { code: 0 });
});

const HELPERS = ['/admin/ajax/getDatabaseConnectionList', '/admin/ajax/getTableList', '/admin/ajax/getTablePk?table=token', '/admin/ajax/getTableFieldList?table=token&clean=0'];

test('only admins holding the CRUD generator\'s rule may list tables and columns; others get 401, guests and members 303', async (t) => {
  // An admin trusted with nothing but the profile screen learns nothing of the tables (the token table included).
  const profileOnly = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['routine/adminInfo', 'routine/adminInfo/index', 'routine/adminInfo/edit']))]);
  const noRule = await createAdmin(server, []);
  const designer = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['crud/crud', 'crud/crud/index']))]);
  for (const path of HELPERS) {
    for (const [who, admin] of [['profile rule only', profileOnly], ['no rule', noRule]] as const) {
      const res = await call(path, 'en', { batoken: admin.token });
      t.is(res.body.code, 401, `${path}, ${who}`);
      t.false(JSON.stringify(res.body).includes('token'), `${path}, ${who}: no table named`);
    }
    t.is((await call(path, 'en', { batoken: designer.token })).body.code, 1, `${path} with crud/crud/index`);
  }
  const guest = await call('/admin/ajax/getTableFieldList?table=admin&clean=0', 'en', {});
  t.is(guest.body.code, 303);
  const member = await createMember(server);
  t.is((await call('/admin/ajax/getTablePk?table=admin', 'en', { 'ba-user-token': await memberToken(server, member.id) })).body.code, 303);
});
