import test from 'ava';
import { startServer, api, type TestServer } from '../helpers/server.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';
import { design, EVERY_TYPE } from '../helpers/crudDesign.ts';

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

const post = (path: string, body: unknown) => call(path, { method: 'POST', body });
const list = (path: string, query = '') => call<{ list: Row[]; total: number }>(`${path}/index${query}`);

/** A first news category and news item of the demo content, for the remote selects. */
async function remoteTargets(): Promise<{ category: number; news: number[] }> {
  const { knex } = server.app;
  const category = (await knex('news_category').orderBy('id').first<{ id: number }>('id')).id;
  const news = (await knex('news').orderBy('id').limit(2).select<{ id: number }[]>('id')).map((r) => r.id);
  return { category, news };
}

test.serial('every design type round-trips through add, edit and index of the generated resource', async (t) => {
  const generated = await post('/admin/crud.Crud/generate', design('demo_everything', EVERY_TYPE, { quickSearch: ['title'] }));
  t.is(generated.code, 1, generated.msg);
  t.is((generated.data as { name: string }).name, 'demo/everything');

  const { category, news } = await remoteTargets();
  const row = {
    title: 'First',
    secret: 'open sesame',
    views: '12',
    price: '3.25',
    state: '0',
    tags: ['a', 'c'],
    open_switch: '1',
    intro: 'line one\nline two',
    props: [{ key: 'colour', value: 'blue' }],
    publish_time: '2026-11-23 10:30:00',
    born: '1999',
    day: '2026-01-02',
    at_time: '08:15',
    kind: 'y',
    flavours: ['s', 't'],
    news_category_id: String(category),
    news_ids: news.map(String),
    content: '<p>Hello <script>alert(1)</script><b>canal</b></p>',
    city: ['1', '2'],
    cover: '/storage/default/a.png',
    photos: ['/storage/default/a.png', '/storage/default/b.png'],
    attachment: '/storage/default/a.zip',
    attachments: ['/storage/default/a.zip'],
    icon: 'fa fa-code',
    color: '#1e6f9f',
  };
  const added = await post('/admin/demo.Everything/add', row);
  t.is(added.code, 1, added.msg);

  const index = await list('/admin/demo.Everything');
  t.is(index.code, 1, index.msg);
  t.is(index.data.total, 1);
  const stored = index.data.list[0]!;
  t.is(stored.title, 'First');
  t.false('secret' in stored, 'a password never leaves the server: the list leaves it out');
  const hash = (await server.app.knex('demo_everything').first<Row>('secret')).secret;
  t.regex(String(hash), /^scrypt\$/, 'and is stored hashed');
  t.is(Number(stored.views), 12);
  t.is(stored.price, 3.25);
  t.is(stored.state, '0');
  t.is(stored.tags, 'a,c');
  t.is(Number(stored.open_switch), 1);
  t.is(stored.intro, 'line one\nline two');
  t.deepEqual(JSON.parse(String(stored.props)), [{ key: 'colour', value: 'blue' }]);
  t.is(Number(stored.publish_time), Date.UTC(2026, 10, 23, 2, 30) / 1000);
  t.is(Number(stored.born), 1999);
  t.is(stored.day, '2026-01-02');
  t.is(stored.at_time, '08:15:00');
  t.is(stored.kind, 'y');
  t.is(stored.flavours, 's,t');
  t.is(Number(stored.news_category_id), category);
  t.truthy((stored.news_category as Row | undefined)?.name, 'the remote row is joined for its label');
  t.is(stored.news_ids, news.join(','));
  t.is((stored.news_name_arr as string[]).length, news.length, 'remoteSelects labels come beside the keys');
  t.false(String(stored.content).includes('<script'), 'editor HTML is sanitised');
  t.true(String(stored.content).includes('<b>canal</b>'));
  t.is(stored.city, '1,2');
  t.truthy(stored.city_text, 'city names come beside the area ids');
  t.is(stored.photos, '/storage/default/a.png,/storage/default/b.png');
  t.is(stored.icon, 'fa fa-code');
  t.is(stored.color, '#1e6f9f');
  t.is(Number(stored.weigh), Number(stored.id), 'a new row goes on top of the drag order');
  t.true(Number(stored.create_time) > 0);

  const id = stored.id;
  const edited = await post('/admin/demo.Everything/edit', { id, title: 'Second', price: '4.5', open_switch: '0', flavours: ['t'] });
  t.is(edited.code, 1, edited.msg);
  const read = await call<{ row: Row }>(`/admin/demo.Everything/edit?id=${String(id)}`);
  t.is(read.data.row.title, 'Second');
  t.is(read.data.row.price, 4.5);
  t.is(Number(read.data.row.open_switch), 0);
  t.is(read.data.row.flavours, 't');
  t.is(read.data.row.secret, '');
  t.is((await server.app.knex('demo_everything').first<Row>('secret')).secret, hash, 'an edit without a password keeps it');

  const searched = await list('/admin/demo.Everything', '?quickSearch=Seco');
  t.is(searched.data.total, 1);
  const none = await list('/admin/demo.Everything', '?quickSearch=nothing');
  t.is(none.data.total, 0);
});

test.serial('every design type refuses bad values on the server', async (t) => {
  const bad: [string, unknown][] = [
    ['views', 'many'],
    ['price', '1.234'],
    ['state', '7'],
    ['tags', ['z']],
    ['props', 'not json'],
    ['publish_time', 'yesterday'],
    ['born', '99'],
    ['day', '2026-13-45'],
    ['at_time', '25:00'],
    ['kind', 'q'],
    ['flavours', ['s', 'q']],
    ['news_category_id', '999999'],
    ['news_ids', ['abc']],
    ['city', ['x']],
    ['cover', 'javascript:alert(1)'],
    ['photos', ['/storage/a.png', 'ftp://x']],
    ['icon', '<svg>'],
    ['color', 'red; background:url(x)'],
  ];
  const before = await server.app.knex('demo_everything').count<{ n: number }[]>('* as n');
  for (const [column, value] of bad) {
    const res = await post('/admin/demo.Everything/add', { title: 'Bad', [column]: value });
    t.is(res.code, 0, `${column}=${JSON.stringify(value)} is refused`);
    t.true(res.msg.length > 0);
    if (column === 'news_category_id') t.regex(res.msg, /does not exist|不存在/, 'a remote key to no row names the field');
  }
  const missing = await post('/admin/demo.Everything/add', { views: 1 });
  t.is(missing.code, 0, 'a required field left empty is refused');
  t.deepEqual(await server.app.knex('demo_everything').count<{ n: number }[]>('* as n'), before, 'nothing was written');
});

test.serial('the generated menu, buttons, recycle rule and definition endpoint follow the design', async (t) => {
  const { knex } = server.app;
  const menu = await knex('admin_rule').where({ name: 'demo/everything' }).first<Row>();
  t.truthy(menu);
  t.is(menu!.title, 'demo_everything管理', 'the 表 of the comment becomes 管理');
  t.is(menu!.component, '/src/views/backend/demo/everything/index.vue');
  const dir = await knex('admin_rule').where({ id: menu!.pid }).first<Row>();
  t.is(dir!.type, 'menu_dir');
  t.is(dir!.name, 'demo');
  const buttons = (await knex('admin_rule').where({ pid: menu!.id }).select<{ name: string }[]>('name')).map((b) => b.name).sort();
  t.deepEqual(buttons, ['demo/everything/add', 'demo/everything/del', 'demo/everything/edit', 'demo/everything/index', 'demo/everything/sortable']);
  t.truthy(await knex('security_data_recycle').where({ controller: 'demo/everything' }).first());

  const defs = await call<{ list: { name: string; labels: { title: Record<string, string> } }[] }>('/admin/index/resources');
  const def = defs.data.list.find((d) => d.name === 'demo/everything');
  t.deepEqual(def?.labels.title, { 'zh-cn': 'demo_everything表', en: 'demo_everything' });

  // An admin without the new rules sees neither the definition nor the routes; granting them opens both.
  const group = await createGroup(server, await ruleIds(server, ['dashboard', 'dashboard/index']));
  const other = await createAdmin(server, [group]);
  const asOther = asAdmin(server, other.token);
  t.deepEqual((await asOther<{ list: unknown[] }>('/admin/index/resources')).data.list, []);
  t.is((await asOther('/admin/demo.Everything/index')).code, 401);
  await knex('admin_group').where({ id: group }).update({ rules: (await ruleIds(server, ['demo/everything', 'demo/everything/index'])).join(',') });
  t.is((await asOther<{ list: { name: string }[] }>('/admin/index/resources')).data.list[0]?.name, 'demo/everything');
  t.is((await asOther('/admin/demo.Everything/index')).code, 1);
  t.is((await asOther('/admin/demo.Everything/add', { method: 'POST', body: { title: 'x' } })).code, 401);
});

test.serial('the recycle bin and the sensitive-data log serve a generated resource like a hand-written one', async (t) => {
  const { knex } = server.app;
  const watched = await post('/admin/security.SensitiveData/add', { name: 'Everything', controller: 'demo/everything', status: '1', data_fields: ['title'], fields: [{ name: 'title', value: 'Title' }] });
  t.is(watched.code, 1, watched.msg);
  const id = (await knex('demo_everything').first<{ id: number }>('id')).id;
  const edited = await post('/admin/demo.Everything/edit', { id, title: 'Watched title' });
  t.is(edited.code, 1, edited.msg);
  const change = await knex('security_sensitive_data_log').where({ data_table: 'demo_everything' }).first<Row>();
  t.like(change, { data_field: 'title', after: 'Watched title', id_value: String(id) });

  const added = await post('/admin/demo.Everything/add', { title: 'Short-lived' });
  t.is(added.code, 1, added.msg);
  const gone = (await knex('demo_everything').where({ title: 'Short-lived' }).first<{ id: number }>('id')).id;
  const deleted = await call(`/admin/demo.Everything/del?ids[]=${gone}`, { method: 'DELETE' });
  t.is(deleted.code, 1, deleted.msg);
  t.falsy(await knex('demo_everything').where({ id: gone }).first());
  const binned = await knex('security_data_recycle_log').where({ data_table: 'demo_everything' }).first<{ id: number }>('id');
  t.truthy(binned, 'the deleted row went to the recycle bin');
  t.is((await post('/admin/security.DataRecycleLog/restore', { ids: [binned!.id] })).code, 1);
  t.is((await knex('demo_everything').where({ id: gone }).first<Row>())?.title, 'Short-lived', 'and comes back from it');
});

test.serial('the registry of routes can be walked after a generate: guests and members are sent to log in', async (t) => {
  const routes = server.app.registry.all().filter((r) => r.path.toLowerCase().startsWith('/admin/demo.everything/'));
  t.is(routes.length, 9, 'index, add, edit (GET and POST), del, sortable, export, import and its template');
  for (const route of routes) {
    for (const method of route.methods) {
      const res = await api(server.url, route.path, { method, body: method === 'GET' ? undefined : {} });
      t.is(res.body.code, 303, `${method} ${route.path} as a guest`);
    }
  }
});
