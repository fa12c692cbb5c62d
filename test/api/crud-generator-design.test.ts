import test from 'ava';
import { startServer, api, type TestServer } from '../helpers/server.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { design, designField as f } from '../helpers/crudDesign.ts';
import { listTables } from '../../src/server/dbTables.ts';

let server: TestServer;
let call: AdminCall;
let token: string;
test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '0' });
  token = await superToken(server);
  call = asAdmin(server, token);
});
test.after.always(async () => {
  await server?.stop();
});

interface Field {
  name: string;
  designType: string;
  comment: string;
  commentEn: string;
  defaultType: string;
  null: boolean;
  primaryKey: boolean;
  autoIncrement: boolean;
}

const post = (p: string, body: unknown) => call(p, { method: 'POST', body });
const ID = f('id', 'pk', { null: false });

test('auto-detection reads a table created by hand (reference 5.2)', async (t) => {
  const { knex } = server.app;
  await knex.schema.createTable('hand_detect', (tb) => {
    tb.increments('id');
    tb.string('title', 100).notNullable().defaultTo('');
    tb.integer('weigh').defaultTo(0);
    tb.bigInteger('create_time');
    tb.bigInteger('update_time');
    tb.tinyint('open_switch').defaultTo(1);
    tb.text('body_content');
    tb.string('note_textarea', 200);
    tb.text('options_array');
    tb.integer('start_time');
    tb.date('birthday');
    tb.string('kind_select', 20);
    tb.string('kind_selects', 50);
    tb.integer('user_id');
    tb.string('tag_ids', 100);
    tb.string('home_city', 100);
    tb.string('avatar', 255);
    tb.text('gallery_images');
    tb.string('manual_file', 255);
    tb.text('more_files');
    tb.string('menu_icon', 50);
    tb.specificType('order_status', 'char(1)');
    tb.integer('stock_num');
    tb.decimal('price', 10, 2);
    tb.text('summary');
    tb.string('theme_color', 20);
    tb.string('plain', 20).nullable();
  });
  await knex('hand_detect').insert({ title: 'one' });
  const res = await post('/admin/crud.Crud/parseFieldData', { type: 'db', table: 'hand_detect' });
  t.is(res.code, 1, res.msg);
  const data = res.data as { columns: Record<string, Field>; empty: boolean };
  const types = Object.fromEntries(Object.values(data.columns).map((c) => [c.name, c.designType]));
  t.deepEqual(types, {
    id: 'pk',
    title: 'string',
    weigh: 'weigh',
    create_time: 'timestamp',
    update_time: 'timestamp',
    open_switch: 'switch',
    body_content: 'editor',
    note_textarea: 'textarea',
    options_array: 'array',
    start_time: 'timestamp',
    birthday: 'date',
    kind_select: 'select',
    kind_selects: 'selects',
    user_id: 'remoteSelect',
    tag_ids: 'remoteSelects',
    home_city: 'city',
    avatar: 'image',
    gallery_images: 'images',
    manual_file: 'file',
    more_files: 'files',
    menu_icon: 'icon',
    order_status: 'radio',
    stock_num: 'number',
    price: 'float',
    summary: 'textarea',
    theme_color: 'color',
    plain: 'string',
  });
  t.false(data.empty);
  t.like(data.columns.id, { primaryKey: true, autoIncrement: true, defaultType: 'NONE' });
  t.like(data.columns.title, { defaultType: 'EMPTY STRING', null: false });
  t.like(data.columns.plain, { defaultType: 'NULL', null: true });

  t.is((await post('/admin/crud.Crud/parseFieldData', { type: 'db', table: 'no_such_table' })).msg, 'Record not found');
  const system = await post('/admin/crud.Crud/parseFieldData', { type: 'db', table: 'admin' });
  t.is(system.code, 0);
  t.regex(system.msg, /portal's own tables/);
  t.is((await post('/admin/crud.Crud/parseFieldData', { type: 'sql', table: 'hand_detect' })).code, 0);
});

test('a generated table reads back with its design types and both languages of its comments', async (t) => {
  const fields = [
    ID,
    f('state', 'radio', { comment: '状态:0=隐藏,1=正常', commentEn: 'State:0=Hidden,1=Normal', defaultType: 'INPUT', default: '1', null: false }),
    f('photo', 'image', { comment: '照片', commentEn: 'Photo' }),
  ];
  t.is((await post('/admin/crud.Crud/generate', design('read_back', fields, { comment: '回读表', commentEn: 'Read back' }))).code, 1);
  const res = await post('/admin/crud.Crud/parseFieldData', { type: 'db', table: 'read_back' });
  const data = res.data as { columns: Record<string, Field>; comment: string; commentEn: string; empty: boolean };
  t.like(data.columns.state, { designType: 'radio', comment: '状态:0=隐藏,1=正常', commentEn: 'State:0=Hidden,1=Normal' });
  t.like(data.columns.photo, { designType: 'image', comment: '照片', commentEn: 'Photo' });
  t.is(data.comment, '回读表');
  t.is(data.commentEn, 'Read back');
  t.true(data.empty);
});

test('generateCheck, checkCrudLog, logStart, getFileData and the log list', async (t) => {
  t.is((await post('/admin/crud.Crud/generateCheck', { table: 'check_me' })).code, 1, 'nothing exists yet');
  const fields = [ID, f('label', 'string')];
  t.is((await post('/admin/crud.Crud/generate', design('check_me', fields))).code, 1);
  const conflict = await post('/admin/crud.Crud/generateCheck', { table: 'check_me' });
  t.is(conflict.code, -1);
  t.like(conflict.data as object, { table: true, controller: true, rows: 0, generated: true });

  const log = await call<{ id: number }>('/admin/crud.Crud/checkCrudLog?table=check_me');
  t.true(log.data.id > 0);
  t.is((await call<{ id: number }>('/admin/crud.Crud/checkCrudLog?table=never_made')).data.id, 0);

  const started = await post('/admin/crud.Crud/logStart', { id: log.data.id });
  const data = started.data as { table: { name: string; empty: boolean }; fields: { name: string }[] };
  t.is(data.table.name, 'check_me');
  t.true(data.table.empty);
  t.deepEqual(data.fields.map((x) => x.name), ['id', 'label']);
  await post('/admin/check.Me/add', { label: 'x' });
  t.false(((await post('/admin/crud.Crud/logStart', { id: log.data.id })).data as { table: { empty: boolean } }).table.empty);
  t.is((await post('/admin/crud.Crud/logStart', { id: 'abc' })).code, 0);

  const files = await call<Record<string, unknown>>('/admin/crud.Crud/getFileData?table=check_me');
  t.like(files.data, { resource: 'check/me', stored: 'crud_resource', resourceFile: 'src/resources/check/me.ts', apiPath: '/admin/check.Me/' });

  const logs = await call<{ list: { table_name: string; status: string }[]; total: number }>('/admin/crud.Log/index?quickSearch=check_me');
  t.is(logs.code, 1, logs.msg);
  t.true(logs.data.list.every((l) => l.table_name === 'check_me'));
  t.is(logs.data.list[0]?.status, 'success');
});

test.serial('names and input are validated: identifiers, system tables, reserved words, clashes, lengths', async (t) => {
  const { knex } = server.app;
  const tablesBefore = (await listTables(knex)).length;
  const rulesBefore = (await knex('admin_rule').count<{ n: number }[]>('* as n'))[0]!.n;
  const refusals: [string, unknown, RegExp][] = [
    ['a table name with a capital', design('Bad_name', [ID]), /must start with a lower-case letter/],
    ['a table name with a dash', design('bad-name', [ID]), /must start with a lower-case letter/],
    ['a table name with a double underscore', design('bad__name', [ID]), /must start with a lower-case letter/],
    ['a table name starting with a digit', design('1table', [ID]), /must start with a lower-case letter/],
    ['a table name too long', design(`t${'x'.repeat(48)}`, [ID]), /longer than 48/],
    ['a reserved word as table', design('select', [ID]), /reserved word/],
    ['a system table', design('admin', [ID, f('username', 'string')]), /portal's own tables/],
    ['a content table', design('news', [ID]), /portal's own tables/],
    ['the generator log', design('crud_log', [ID]), /portal's own tables/],
    ['a field name with spaces', design('ok_table', [ID, f('bad name', 'string')]), /field name bad name/],
    ['a reserved word as field', design('ok_table', [ID, f('from', 'string')]), /reserved word/],
    ['a parameter of the engine as field', design('ok_table', [ID, f('ids', 'string')]), /reserved word/],
    ['a field name too long', design('ok_table', [ID, f(`f${'x'.repeat(60)}`, 'string')]), /longer than 60/],
    ['a duplicate field', design('ok_table', [ID, f('a', 'string'), f('a', 'string')]), /appears twice/],
    ['no primary key', design('ok_table', [f('a', 'string')]), /exactly one primary key/],
    ['an unknown design type', design('ok_table', [ID, { ...f('a', 'string'), designType: 'rocket' as 'string' }]), /unknown design type/],
    ['a radio without choices', design('ok_table', [ID, f('a', 'radio')]), /needs its choices/],
    ['a default outside the choices', design('ok_table', [ID, f('a', 'radio', { comment: 'A:x=X', defaultType: 'INPUT', default: 'y' })]), /not one of its choices/],
    ['a text default on a number', design('ok_table', [ID, f('a', 'number', { defaultType: 'INPUT', default: 'ten' })]), /does not fit/],
    ['a remote select to nowhere', design('ok_table', [ID, f('a_id', 'remoteSelect', { form: { 'remote-table': 'nowhere', 'remote-field': 'name' } })]), /no admin list/],
    ['a remote select to an unknown label', design('ok_table', [ID, f('a_id', 'remoteSelect', { form: { 'remote-table': 'news', 'remote-field': 'nope' } })]), /no field nope/],
    ['a quick search on an unknown field', design('ok_table', [ID], { quickSearch: ['nope'] }), /quick-search field nope/],
    ['a path of an existing resource', design('ok_table', [ID], { path: 'content/news' }), /already used/],
    ['a path answered by a hand-written screen', design('ok_table', [ID], { path: 'routine/adminInfo' }), /already answered/],
    ['a path of an existing menu rule', design('ok_table', [ID], { path: 'dashboard' }), /already|menu rule/],
    ['a path that is not identifiers', design('ok_table', [ID], { path: 'has space/x' }), /one to four parts/],
    ['a path of more than four parts', design('ok_table', [ID], { path: 'a\\b_c/d.e' }), /one to four parts/],
    ['no fields', { ...design('ok_table', [ID]), fields: [] }, /at least one field/],
  ];
  for (const [what, payload, message] of refusals) {
    const res = await post('/admin/crud.Crud/generate', payload);
    t.is(res.code, 0, what);
    t.regex(res.msg, message, what);
  }
  t.is((await listTables(knex)).length, tablesBefore, 'no table was made');
  t.is((await knex('admin_rule').count<{ n: number }[]>('* as n'))[0]!.n, rulesBefore, 'no rule was made');
  t.falsy(await knex('crud_resource').where({ table_name: 'ok_table' }).first());

  // The admin's language: the same refusal in Chinese.
  const zh = await api(server.url, '/admin/crud.Crud/generate', { body: design('select', [ID]), headers: { batoken: token }, lang: 'zh-cn' });
  t.is(zh.body.msg, 'select 是保留字，不能用作表名');
  t.is(zh.status, 200, 'a refusal is not a server error');
});

test('generator endpoints need the generator rules', async (t) => {
  const guest = await api(server.url, '/admin/crud.Crud/generate', { body: design('x_y', [ID]) });
  t.is(guest.body.code, 303);
  const { createAdmin, createGroup, ruleIds } = await import('../helpers/admins.ts');
  const viewer = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['crud/crud', 'crud/crud/index']))]);
  const asViewer = asAdmin(server, viewer.token);
  t.is((await asViewer('/admin/crud.Log/index')).code, 1);
  t.is((await asViewer('/admin/crud.Crud/generateCheck', { method: 'POST', body: { table: 'x_y' } })).code, 1);
  t.is((await asViewer('/admin/crud.Crud/generate', { method: 'POST', body: design('x_y', [ID]) })).code, 401);
  t.is((await asViewer('/admin/crud.Crud/delete', { method: 'POST', body: { id: 1 } })).code, 401);
  const nobody = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['dashboard']))]);
  t.is((await asAdmin(server, nobody.token)('/admin/crud.Log/index')).code, 401);
});
