/**
 * BuildAdmin's CRUD generator screen against our server (issue "Contract"): its menu rule names the view
 * BuildAdmin has, `generate` takes the path the designer fills in by itself, the log lists the design as
 * objects, and the demo table `test_build` is there to be chosen, never made unasked (reference admin-api
 * 5, 6.2, 7).
 */
import test from 'ava';
import { up, down } from '../../db/migrations/20261128000100_crud_generator_view.ts';
import { sampleDesign } from '../../src/islands/admin/screens/crud/sampleDesign.ts';
import { toPayload } from '../../src/islands/admin/screens/crud/designModel.ts';
import { adminView } from '../../src/shared/views.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { design, designField as f } from '../helpers/crudDesign.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let call: AdminCall;
test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '0' });
  call = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

type Row = Record<string, unknown>;
const post = (path: string, body: unknown) => call(path, { method: 'POST', body });
const ID = f('id', 'pk', { null: false });

/** What BuildAdmin's designer posts: its table keys for PHP files beside the design, the path as it filled it in. */
function buildAdminPayload(table: string, generateRelativePath: string) {
  const payload = design(table, [ID, f('title', 'string', { length: 100 })], { path: generateRelativePath });
  return { ...payload, table: { ...payload.table, isCommonModel: 0, modelFile: '', validateFile: '', webViewsDir: adminView(table), databaseConnection: '' } };
}

test.serial("the generator's menu rule opens the view BuildAdmin has for it, and the migration moves an old rule there", async (t) => {
  const index = await call<{ menus: Row[] }>('/admin/index/index');
  const rule = index.data.menus.find((m) => m.name === 'crud/crud');
  t.is(rule?.component, '/src/views/backend/crud/index.vue');

  const { knex } = server.app;
  await knex('admin_rule').where({ name: 'crud/crud' }).update({ component: '/src/views/backend/crud/crud/index.vue' });
  await up(knex);
  t.is((await knex('admin_rule').where({ name: 'crud/crud' }).first<{ component: string }>('component')).component, '/src/views/backend/crud/index.vue');
  await down(knex);
  t.is((await knex('admin_rule').where({ name: 'crud/crud' }).first<{ component: string }>('component')).component, '/src/views/backend/crud/crud/index.vue');
  await up(knex);
  // A rule an admin pointed at a view of their own is theirs.
  await knex('admin_rule').where({ name: 'crud/crud' }).update({ component: '/src/views/backend/tools/generator/index.vue' });
  await up(knex);
  t.is((await knex('admin_rule').where({ name: 'crud/crud' }).first<{ component: string }>('component')).component, '/src/views/backend/tools/generator/index.vue');
  await knex('admin_rule').where({ name: 'crud/crud' }).update({ component: '/src/views/backend/crud/index.vue' });
});

test.serial('generate takes the path BuildAdmin\'s designer fills in (the table name, slashes typed as backslashes)', async (t) => {
  const made = await post('/admin/crud.Crud/generate', buildAdminPayload('ba_probe_items', 'ba_probe_items'));
  t.is(made.code, 1, made.msg);
  t.is((made.data as Row).name, 'ba/probe/items');
  const typed = await post('/admin/crud.Crud/generate', buildAdminPayload('ba_probe_notes', 'ba\\probe\\notes'));
  t.is(typed.code, 1, typed.msg);
  t.is((typed.data as Row).name, 'ba/probe/notes');
  // The resources answer at the reference's URLs, under menu rules of the same names.
  t.is((await call('/admin/ba.probe.Items/index')).code, 1);
  t.is((await call('/admin/ba.probe.Notes/index')).code, 1);
  const rules = await server.app.knex('admin_rule').whereIn('name', ['ba/probe/items', 'ba/probe/notes']).pluck('component');
  t.deepEqual(rules.sort(), ['/src/views/backend/ba/probe/items/index.vue', '/src/views/backend/ba/probe/notes/index.vue']);

  // The designer's other calls take the same forms.
  const check = await post('/admin/crud.Crud/generateCheck', { table: 'ba_probe_notes', generateRelativePath: 'ba\\probe\\notes' });
  t.is(check.code, -1);
  t.like(check.data as Row, { table: true, controller: true });
  const files = await call<Row>('/admin/crud.Crud/getFileData?table=ba\\probe\\later');
  t.like(files.data, { resource: 'ba/probe/later', webViewsDir: '/src/views/backend/ba/probe/later/index.vue' });
  // The PHP paths its advanced settings show name the same resource.
  const fromFile = await post('/admin/crud.Crud/generate', buildAdminPayload('ba_probe_files', 'app/admin/controller/ba/probe/Files.php'));
  t.is((fromFile.data as Row).name, 'ba/probe/files', fromFile.msg);
});

test.serial('a resource cannot take the view of the generator itself', async (t) => {
  const res = await post('/admin/crud.Crud/generate', design('crud', [ID]));
  t.is(res.code, 0);
  t.is(res.msg, 'The path crud would open the screen of the menu rule crud/crud; choose another path');
  t.falsy(await server.app.knex('crud_resource').where({ table_name: 'crud' }).first());
});

test.serial("crud.Log/index sends each design decoded, as BuildAdmin's log dialog reads it", async (t) => {
  const logs = await call<{ list: Row[] }>('/admin/crud.Log/index?quickSearch=ba_probe_items');
  t.is(logs.code, 1, logs.msg);
  const row = logs.data.list.find((l) => l.table_name === 'ba_probe_items')!;
  t.like(row.table as Row, { name: 'ba_probe_items', generateRelativePath: 'ba_probe_items' });
  t.deepEqual((row.fields as Row[]).map((field) => field.name), ['id', 'title']);
});

test.serial('the demo table test_build is offered, not made: generated from the sample, it reads back as the reference designed it', async (t) => {
  const { knex } = server.app;
  t.false(await knex.schema.hasTable('test_build'), 'a new installation has no demo table');
  const tables = await call<{ list: { table: string }[] }>('/admin/ajax/getTableList');
  t.false(tables.data.list.some((row) => row.table === 'test_build'));

  const made = await post('/admin/crud.Crud/generate', toPayload(sampleDesign()));
  t.is(made.code, 1, made.msg);
  t.is((made.data as Row).name, 'test/build');
  const columns = await knex('test_build').columnInfo();
  t.deepEqual(Object.keys(columns).sort(), ['content', 'create_time', 'dislikes', 'id', 'keyword_rows', 'likes', 'note_textarea', 'status', 'title', 'update_time', 'views', 'weigh'].sort());

  // Read back from the database as a new design, its columns' names give the reference's types.
  await knex('crud_resource').where({ table_name: 'test_build' }).delete();
  await server.app.services.resources.sync(true);
  const parsed = await post('/admin/crud.Crud/parseFieldData', { type: 'db', table: 'test_build' });
  t.is(parsed.code, 1, parsed.msg);
  const types = Object.fromEntries(Object.values((parsed.data as { columns: Record<string, Row> }).columns).map((c) => [c.name, c.designType]));
  t.like(types, { id: 'pk', keyword_rows: 'textarea', content: 'editor', note_textarea: 'textarea', weigh: 'weigh', create_time: 'timestamp', update_time: 'timestamp' });

  const rule = await knex('admin_rule').where({ name: 'test/build' }).first<{ title: string; title_en: string; component: string }>('title', 'title_en', 'component');
  t.like(rule, { title: '知识库管理', title_en: 'Knowledge base', component: '/src/views/backend/test/build/index.vue' });
});
