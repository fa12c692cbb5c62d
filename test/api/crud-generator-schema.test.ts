import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import knexFactory from 'knex';
import { register } from 'tsx/esm/api';
import { startServer, api, onPostgres, type TestServer } from '../helpers/server.ts';
import { createDatabase, dropDatabase } from '../helpers/postgres.ts';
import { tableColumns } from '../../src/server/dbTables.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { design, designField as f } from '../helpers/crudDesign.ts';
import type { DesignFieldInput } from '../../src/resources/generator/design.ts';

let server: TestServer;
let call: AdminCall;
test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '0' });
  call = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

interface Row {
  [column: string]: unknown;
}

const post = (p: string, body: unknown) => call(p, { method: 'POST', body });

async function columnsOf(table: string): Promise<{ name: string; type: string }[]> {
  return ((await tableColumns(server.app.knex, table)) ?? []).map((c) => ({ name: c.name, type: c.columnType }));
}

async function rows(table: string): Promise<Row[]> {
  return server.app.knex(table).orderBy('id').select();
}

const BASE: DesignFieldInput[] = [
  f('id', 'pk', { null: false }),
  f('title', 'string', { comment: '名称', commentEn: 'Name', length: 100, null: false }),
  f('price', 'float', { length: 10, precision: 2 }),
  f('note', 'textarea'),
  f('status', 'switch', { defaultType: 'INPUT', default: 1, null: false }),
  f('weigh', 'weigh'),
];

/** Generates shop_item, then applies one design change after another, checking the rows each time. */
test.serial('each design change kind alters the generated table and keeps its rows', async (t) => {
  t.is((await post('/admin/crud.Crud/generate', design('shop_item', BASE))).code, 1);
  for (const [title, price] of [['apple', '1.5'], ['pear', '2.25'], ['plum', '3']]) {
    t.is((await post('/admin/shop.Item/add', { title, price, note: `${title} note` })).code, 1);
  }
  const original = await rows('shop_item');
  t.is(original.length, 3);

  // Rename: title → name.
  let fields = BASE.map((x) => (x.name === 'title' ? { ...x, name: 'name' } : x));
  let res = await post('/admin/crud.Crud/generate', design('shop_item', fields, { type: 'log', designChange: [{ type: 'change-field-name', oldName: 'title', newName: 'name', sync: true }] }));
  t.is(res.code, 1, res.msg);
  t.deepEqual((await rows('shop_item')).map((r) => r.name), ['apple', 'pear', 'plum'], 'rename keeps the values');
  t.false((await columnsOf('shop_item')).some((c) => c.name === 'title'));
  const listed = await call<{ list: Row[] }>('/admin/shop.Item/index?order=id,asc');
  t.is(listed.data.list[0]?.name, 'apple', 'the running resource follows the rename at once');

  // Delete: note goes, the rest stays.
  fields = fields.filter((x) => x.name !== 'note');
  res = await post('/admin/crud.Crud/generate', design('shop_item', fields, { type: 'log', designChange: [{ type: 'del-field', oldName: 'note', sync: true }] }));
  t.is(res.code, 1, res.msg);
  t.false((await columnsOf('shop_item')).some((c) => c.name === 'note'));
  t.deepEqual((await rows('shop_item')).map((r) => r.price), [1.5, 2.25, 3]);

  // Add: a required stock count with a default fills the old rows.
  fields = [...fields, f('stock', 'number', { defaultType: 'INPUT', default: 5, null: false })];
  res = await post('/admin/crud.Crud/generate', design('shop_item', fields, { type: 'log', designChange: [{ type: 'add-field', newName: 'stock', sync: true }] }));
  t.is(res.code, 1, res.msg);
  t.deepEqual((await rows('shop_item')).map((r) => r.stock), [5, 5, 5]);
  t.is((await post('/admin/shop.Item/add', { name: 'fig', stock: '9' })).code, 1, 'the new field is in the form');

  // Change attributes: name grows to 200 characters (SQLite: knex rebuilds the table by copy and swap).
  fields = fields.map((x) => (x.name === 'name' ? { ...x, length: 200 } : x));
  res = await post('/admin/crud.Crud/generate', design('shop_item', fields, { type: 'log', designChange: [{ type: 'change-field-attr', oldName: 'name', newName: 'name', sync: true }] }));
  t.is(res.code, 1, res.msg);
  t.is((await columnsOf('shop_item')).find((c) => c.name === 'name')?.type, 'varchar(200)');
  t.deepEqual((await rows('shop_item')).map((r) => r.name), ['apple', 'pear', 'plum', 'fig']);
  t.is((await post('/admin/shop.Item/add', { name: 'x'.repeat(150) })).code, 1, 'the longer limit applies');

  // Reorder: weigh moves next to the key; the table is rebuilt in that order, rows and keys intact.
  const before = await rows('shop_item');
  const weigh = fields.find((x) => x.name === 'weigh')!;
  fields = [fields[0]!, weigh, ...fields.slice(1).filter((x) => x !== weigh)];
  res = await post('/admin/crud.Crud/generate', design('shop_item', fields, { type: 'log', designChange: [{ type: 'change-field-order', oldName: 'weigh', newName: 'weigh', after: 'id', sync: true }] }));
  t.is(res.code, 1, res.msg);
  t.deepEqual((await columnsOf('shop_item')).map((c) => c.name), fields.map((x) => x.name));
  t.deepEqual(await rows('shop_item'), before);
  t.is((await post('/admin/shop.Item/add', { name: 'kiwi' })).code, 1);
  const kiwi = (await rows('shop_item')).at(-1)!;
  t.true(Number(kiwi.id) > Number(before.at(-1)!.id), 'new keys continue after the copied ones');

  // A change that is not synced is only remembered in the design.
  res = await post('/admin/crud.Crud/generate', design('shop_item', fields, { type: 'log', designChange: [{ type: 'del-field', oldName: 'stock', sync: false }] }));
  t.is(res.code, 1, res.msg);
  t.true((await columnsOf('shop_item')).some((c) => c.name === 'stock'));

  // Changes naming columns that do not exist are refused and change nothing.
  const snapshot = await columnsOf('shop_item');
  for (const change of [
    { type: 'change-field-name', oldName: 'nothing', newName: 'other' },
    { type: 'change-field-name', oldName: 'name', newName: 'price' },
    { type: 'del-field', oldName: 'nothing' },
    { type: 'add-field', newName: 'price' },
  ]) {
    const refused = await post('/admin/crud.Crud/generate', design('shop_item', fields, { type: 'log', designChange: [{ ...change, sync: true }] }));
    t.is(refused.code, 0, JSON.stringify(change));
  }
  t.deepEqual(await columnsOf('shop_item'), snapshot);
  const logs = await server.app.knex('crud_log').where({ table_name: 'shop_item', status: 'error' }).count<{ n: number }[]>('* as n');
  t.is(Number(logs[0]!.n), 4, 'each failed generate is logged as an error');
});

test.serial('rebuild asks before dropping rows, copies them to a backup table, and never touches a table it did not create', async (t) => {
  const { knex } = server.app;
  const fields = [f('id', 'pk', { null: false }), f('label', 'string')];
  t.is((await post('/admin/crud.Crud/generate', design('rebuild_me', fields))).code, 1);
  await post('/admin/rebuild.Me/add', { label: 'keep me' });
  await post('/admin/rebuild.Me/add', { label: 'and me' });

  const asked = await post('/admin/crud.Crud/generate', design('rebuild_me', fields, { rebuild: 'Yes' }));
  t.is(asked.code, -1, 'a rebuild of a table with rows needs a confirmation');
  t.like(asked.data as Row, { table: true, rows: 2 });
  t.is((await rows('rebuild_me')).length, 2, 'nothing was dropped');

  const done = await call<{ backupTable: string }>('/admin/crud.Crud/generate', { method: 'POST', body: { ...design('rebuild_me', fields, { rebuild: 'Yes' }), confirm: true } });
  t.is(done.code, 1, done.msg);
  t.regex(done.data.backupTable, /^rebuild_me_bak_\d+$/);
  t.deepEqual((await knex(done.data.backupTable).select('label')).map((r: Row) => r.label), ['keep me', 'and me']);
  t.is((await rows('rebuild_me')).length, 0);

  // A table made by hand is never dropped, whatever the design says.
  await knex.schema.createTable('hand_kept', (tb) => {
    tb.increments('id');
    tb.string('label');
  });
  await knex('hand_kept').insert({ label: 'mine' });
  const refused = await post('/admin/crud.Crud/generate', { ...design('hand_kept', fields, { rebuild: 'Yes', type: 'db' }), confirm: true });
  t.is(refused.code, 0);
  t.regex(refused.msg, /not created by the generator/);
  t.is((await knex('hand_kept').count<{ n: number }[]>('* as n'))[0]!.n, 1);
  // Without a rebuild it is taken as it is (its columns match the design).
  t.is((await post('/admin/crud.Crud/generate', design('hand_kept', fields, { type: 'db' }))).code, 1);
  t.is((await call<{ total: number }>('/admin/hand.Kept/index')).data.total, 1);
});

test.serial('delete removes the definition, routes, menu rules and empty folders, and keeps the table', async (t) => {
  const { knex } = server.app;
  const fields = [f('id', 'pk', { null: false }), f('label', 'string')];
  t.is((await post('/admin/crud.Crud/generate', design('zoo_lion', fields))).code, 1);
  t.is((await post('/admin/crud.Crud/generate', design('zoo_tiger', fields))).code, 1);
  await post('/admin/zoo.Lion/add', { label: 'Leo' });
  const logOf = async (table: string) => (await call<{ id: number }>(`/admin/crud.Crud/checkCrudLog?table=${table}`)).data.id;
  const lionLog = await logOf('zoo_lion');
  t.true(lionLog > 0);

  t.is((await post('/admin/crud.Crud/delete', { id: lionLog })).code, 1);
  t.is((await call('/admin/zoo.Lion/index')).code, 0, 'the route is gone');
  t.falsy(await knex('admin_rule').where('name', 'like', 'zoo/lion%').first());
  t.truthy(await knex('admin_rule').where({ name: 'zoo', type: 'menu_dir' }).first(), 'the folder still holds the tiger');
  t.falsy(await knex('security_data_recycle').where({ controller: 'zoo/lion' }).first());
  t.falsy(await knex('crud_resource').where({ name: 'zoo/lion' }).first());
  t.is((await knex('crud_log').where({ id: lionLog }).first<Row>())!.status, 'delete');
  t.deepEqual((await rows('zoo_lion')).map((r) => r.label), ['Leo'], 'the table and its rows stay');
  t.is((await call<{ id: number }>('/admin/crud.Crud/checkCrudLog?table=zoo_lion')).data.id, 0);

  t.is((await post('/admin/crud.Crud/delete', { id: await logOf('zoo_tiger') })).code, 1);
  t.falsy(await knex('admin_rule').where({ name: 'zoo' }).first(), 'the emptied folder goes too');
  t.is((await post('/admin/crud.Crud/delete', { id: 999999 })).code, 0);

  // Generating again on the kept table takes it up with its rows.
  t.is((await post('/admin/crud.Crud/generate', design('zoo_lion', fields, { type: 'db' }))).code, 1);
  t.is((await call<{ total: number }>('/admin/zoo.Lion/index')).data.total, 1);
});

test.serial('a resource picked from by another cannot be deleted until that one goes', async (t) => {
  t.is((await post('/admin/crud.Crud/generate', design('farm_barn', [f('id', 'pk', { null: false }), f('name', 'string')]))).code, 1);
  const cow = design('farm_cow', [f('id', 'pk', { null: false }), f('barn_id', 'remoteSelect', { form: { 'remote-table': 'farm_barn', 'remote-field': 'name' } })]);
  t.is((await post('/admin/crud.Crud/generate', cow)).code, 1);
  const barnLog = (await call<{ id: number }>('/admin/crud.Crud/checkCrudLog?table=farm_barn')).data.id;
  const refused = await post('/admin/crud.Crud/delete', { id: barnLog });
  t.is(refused.code, 0);
  t.regex(refused.msg, /farm\/cow\.barn_id/);
});

test.serial('export gives the resource file and a migration equal to what runs', async (t) => {
  const fields = [
    f('id', 'pk', { null: false }),
    f('title', 'string', { comment: '标题', commentEn: "Title's", length: 80, null: false, defaultType: 'EMPTY STRING' }),
    f('kind', 'radio', { comment: '种类:a=甲,b=乙', commentEn: 'Kind:a=A,b=B', defaultType: 'INPUT', default: 'a', null: false }),
    f('price', 'float', { length: 8, precision: 3 }),
    f('body', 'editor'),
    f('on_switch', 'switch', { defaultType: 'INPUT', default: 0, null: false }),
    f('weigh', 'weigh'),
    f('create_time', 'timestamp'),
    f('update_time', 'timestamp'),
  ];
  t.is((await post('/admin/crud.Crud/generate', design('export_me', fields, { comment: '导出表', commentEn: 'Export */ me' }))).code, 1);
  const exported = await call<{ files: { path: string; content: string }[] }>('/admin/crud.Crud/export?name=export/me');
  t.is(exported.code, 1, exported.msg);
  const [resourceFile, migrationFile] = exported.data.files;
  t.is(resourceFile!.path, 'src/resources/export/me.ts');
  t.regex(migrationFile!.path, /^db\/migrations\/\d{14}_export_me\.ts$/);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crud-export-'));
  // The exported files are TypeScript: tsx loads them (`npm test` runs this file bundled, with no loader).
  const unregister = register();
  try {
    // The resource file, next to the real types.ts it imports, is the definition the portal serves. Like the
    // repository's, the folder's package.json makes .ts files ES modules.
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    fs.mkdirSync(path.join(dir, 'resources/export'), { recursive: true });
    fs.copyFileSync(path.resolve('src/resources/types.ts'), path.join(dir, 'resources/types.ts'));
    fs.writeFileSync(path.join(dir, 'resources/export/me.ts'), resourceFile!.content);
    const { default: def } = (await import(pathToFileURL(path.join(dir, 'resources/export/me.ts')).href)) as { default: unknown };
    const served = (await call<{ list: { name: string }[] }>('/admin/index/resources')).data.list.find((d) => d.name === 'export/me');
    t.deepEqual(def, served);

    // The migration makes the same table on a fresh database.
    fs.mkdirSync(path.join(dir, 'migrations'));
    fs.writeFileSync(path.join(dir, 'migrations', path.basename(migrationFile!.path)), migrationFile!.content);
    // A fresh database of the server's kind: a SQLite file, or a new PostgreSQL database in that pass.
    const migrations = { directory: path.join(dir, 'migrations'), loadExtensions: ['.ts'] };
    const pg = onPostgres(server) ? await createDatabase('portal_export') : null;
    const fresh = pg
      ? knexFactory({ client: 'pg', connection: pg.url, migrations })
      : knexFactory({ client: 'better-sqlite3', connection: { filename: path.join(dir, 'fresh.sqlite') }, useNullAsDefault: true, migrations });
    try {
      await fresh.migrate.latest();
      t.deepEqual(await tableColumns(fresh, 'export_me'), await tableColumns(server.app.knex, 'export_me'));
    } finally {
      await fresh.destroy();
      if (pg) await dropDatabase(pg.name);
    }
  } finally {
    await unregister();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  t.is((await call('/admin/crud.Crud/export?name=content/news')).code, 0, 'hand-written resources are source already');
});

test.serial('a second process on the same database serves a generated resource within a second, and drops it after a delete', async (t) => {
  const second = await startServer({ DATA_DIR: server.dataDir, DATABASE_URL: server.app.services.config.databaseUrl, RATE_LIMIT_FACTOR: '0' });
  try {
    const other = asAdmin(second, await superToken(second));
    t.is((await other('/admin/two.Procs/index')).code, 0, 'unknown before');
    t.is((await post('/admin/crud.Crud/generate', design('two_procs', [f('id', 'pk', { null: false }), f('label', 'string')]))).code, 1);
    await post('/admin/two.Procs/add', { label: 'from the first' });
    const until = async (check: () => Promise<boolean>) => {
      const end = Date.now() + 5000;
      while (Date.now() < end) {
        if (await check()) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    };
    t.true(await until(async () => (await other<{ total: number }>('/admin/two.Procs/index')).data?.total === 1));
    const log = (await call<{ id: number }>('/admin/crud.Crud/checkCrudLog?table=two_procs')).data.id;
    t.is((await post('/admin/crud.Crud/delete', { id: log })).code, 1);
    t.true(await until(async () => (await api(second.url, '/admin/two.Procs/index', { headers: { batoken: await superToken(second) } })).status === 404));
  } finally {
    await second.stop().catch(() => undefined);
  }
});
