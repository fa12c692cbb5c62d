import test from 'ava';
import { superAdminSuite } from '../helpers/adminSuite.ts';
import { design, designField } from '../helpers/crudDesign.ts';
import { controllerOf } from '../../src/resources/naming.ts';
import { decodeSnowflake } from '../../src/server/services/snowflake.ts';

// A table designed with `spk` (reference 5.2: a snowflake id set before the insert and read as a string): its
// keys are above 2^53, so every answer must carry them as strings and every input must take them as strings,
// or a key would come back as a neighbour's. Run on SQLite and PostgreSQL (TEST_DB=postgres).

const suite = superAdminSuite();
const { call } = suite;

type Row = Record<string, unknown>;
const post = (path: string, body: unknown) => call(path, { method: 'POST', body });
const list = (path: string, query = '') => call<{ list: Row[]; total: number }>(`${path}/index${query}`);
const ABOVE_DOUBLES = 2n ** 53n;

/** The keys the database holds, as exact decimal text (no JavaScript number between). */
async function storedKeys(table: string, where: Row = {}): Promise<string[]> {
  const rows = await suite.server.app.knex(table).where(where).orderBy('id').select<{ k: string }[]>(suite.server.app.knex.raw('CAST(id AS TEXT) as k'));
  return rows.map((r) => String(r.k));
}

/** A key one off: what a number rounded past 2^53 would turn a real key into. */
const neighbour = (key: string) => String(BigInt(key) + 1n);

test.serial('a table designed with spk gets a 64-bit key the server sets, answered as a string', async (t) => {
  const generated = await post(
    '/admin/crud.Crud/generate',
    design('demo_snow', [
      designField('id', 'spk', { null: false }),
      designField('title', 'string', { comment: '标题', commentEn: 'Title', length: 100, null: false }),
      designField('weigh', 'weigh'),
      designField('create_time', 'timestamp'),
      designField('update_time', 'timestamp'),
    ], { quickSearch: ['title'] }),
  );
  t.is(generated.code, 1, generated.msg);

  for (const title of ['First', 'Second', 'Third']) t.is((await post('/admin/demo.Snow/add', { title })).code, 1, title);
  const keys = await storedKeys('demo_snow');
  t.is(keys.length, 3);
  t.is(new Set(keys).size, 3, 'three different keys');
  for (const key of keys) {
    t.true(BigInt(key) > ABOVE_DOUBLES, `${key} is beyond a double's exact integers`);
    t.true(Math.abs(decodeSnowflake(key).time - Date.now()) < 60_000, 'and carries the time it was made');
  }

  const index = await list('/admin/demo.Snow', '?order=id,asc');
  t.is(index.code, 1, index.msg);
  t.deepEqual(
    index.data.list.map((r) => r.id),
    keys,
    'each key is answered as its exact decimal string, in key order',
  );
  t.deepEqual(index.data.list.map((r) => Number(r.weigh)).sort(), [1, 2, 3], 'a new row is weighed by the row count, as the reference does for snowflake keys');

  const searched = await list('/admin/demo.Snow', `?search[0][field]=id&search[0][operator]=eq&search[0][val]=${keys[1]}`);
  t.deepEqual(searched.data.list.map((r) => r.title), ['Second'], 'a search by key finds that row only');
});

test.serial('edit and sortable take keys as strings and never touch a neighbouring key', async (t) => {
  const [first, second] = await storedKeys('demo_snow');
  const read = await call<{ row: Row }>(`/admin/demo.Snow/edit?id=${first}`);
  t.is(read.code, 1, read.msg);
  t.is(read.data.row.id, first);
  t.is(read.data.row.title, 'First');
  t.is((await call(`/admin/demo.Snow/edit?id=${neighbour(first!)}`)).code, 0, 'a key one off is another row: not found');

  const edited = await post('/admin/demo.Snow/edit', { id: first, title: 'First, edited' });
  t.is(edited.code, 1, edited.msg);
  t.deepEqual(await storedKeys('demo_snow', { title: 'First, edited' }), [first]);

  const weighOf = async (key: string) => Number((await suite.server.app.knex('demo_snow').whereRaw('CAST(id AS TEXT) = ?', [key]).first<{ weigh: number }>('weigh')).weigh);
  const [a, b] = [await weighOf(first!), await weighOf(second!)];
  const sorted = await post('/admin/demo.Snow/sortable', { id: first, targetId: second });
  t.is(sorted.code, 1, sorted.msg);
  t.deepEqual([await weighOf(first!), await weighOf(second!)], [b, a], 'the two rows swapped their weights');

  // Equal weights with auto_sort_eq_weight on: every weight becomes the row's rank by key (a key would not fit).
  await suite.server.app.knex('demo_snow').update({ weigh: 5 });
  t.is((await post('/admin/routine.Config/edit', { auto_sort_eq_weight: '1' })).code, 1);
  const reordered = await post('/admin/demo.Snow/sortable', { id: first, targetId: second });
  t.is((await post('/admin/routine.Config/edit', { auto_sort_eq_weight: '0' })).code, 1);
  t.is(reordered.code, 1, reordered.msg);
  const [third] = (await storedKeys('demo_snow')).slice(2);
  t.deepEqual([await weighOf(first!), await weighOf(second!), await weighOf(third!)], [2, 1, 3], 'ranked 1, 2, 3 by key, then the two swapped');
});

test.serial('a design has one key: pk and spk together are refused', async (t) => {
  const refused = await post('/admin/crud.Crud/generate', design('demo_two_keys', [designField('id', 'pk', { null: false }), designField('sid', 'spk', { null: false })]));
  t.is(refused.code, 0);
  t.false(await suite.server.app.knex.schema.hasTable('demo_two_keys'), 'and no table was made');
});

test.serial('remote selects of a snowflake table keep its keys exact: the lookup, the stored value and the joined label', async (t) => {
  const generated = await post(
    '/admin/crud.Crud/generate',
    design('demo_snow_ref', [
      designField('id', 'pk', { null: false }),
      designField('snow_id', 'remoteSelect', { form: { 'remote-table': 'demo_snow', 'remote-pk': 'id', 'remote-field': 'title' } }),
      designField('snow_ids', 'remoteSelects', { form: { 'remote-table': 'demo_snow', 'remote-field': 'title' } }),
    ]),
  );
  t.is(generated.code, 1, generated.msg);
  const ref = `/admin/${controllerOf((generated.data as { name: string }).name)}`;
  const [first, second, third] = await storedKeys('demo_snow');

  const lookup = await list('/admin/demo.Snow', `?select=true&initKey=id&initValue=${third}`);
  t.is(lookup.code, 1, lookup.msg);
  t.deepEqual(lookup.data.list.map((r) => [r.id, r.title]), [[third, 'Third']], 'the select lookup finds the chosen row by its exact key');

  t.is((await post(`${ref}/add`, { snow_id: neighbour(third!) })).code, 0, 'a key to no row is refused');
  const added = await post(`${ref}/add`, { snow_id: third, snow_ids: [first, second] });
  t.is(added.code, 1, added.msg);
  const stored = await suite.server.app.knex('demo_snow_ref').first<{ k: string }>(suite.server.app.knex.raw('CAST(snow_id AS TEXT) as k'));
  t.is(String(stored.k), third, 'the stored key is the one sent, not a rounded one');

  const refs = await list(ref);
  const row = refs.data.list[0]!;
  t.is(row.snow_id, third, 'the key is answered as a string');
  t.is((row.snow as Row | undefined)?.title, 'Third', 'and joins its row for the label');
  t.is(row.snow_ids, `${first},${second}`);
  t.deepEqual(row.snow_name_arr, ['First, edited', 'Second'], 'the labels of a multi-select are found by the exact keys');

  const edited = await post(`${ref}/edit`, { id: row.id, snow_id: second });
  t.is(edited.code, 1, edited.msg);
  t.is((await list(ref)).data.list[0]!.snow_id, second);
});

test.serial('the sensitive-data log keeps a snowflake key exactly and rolls the change back on that row', async (t) => {
  const { knex } = suite.server.app;
  const watched = await post('/admin/security.SensitiveData/add', { name: 'Snow', controller: 'demo/snow', status: '1', data_fields: ['title'], fields: [{ name: 'title', value: 'Title' }] });
  t.is(watched.code, 1, watched.msg);
  const [, second] = await storedKeys('demo_snow');
  t.is((await post('/admin/demo.Snow/edit', { id: second, title: 'Second, watched' })).code, 1);

  const log = await knex('security_sensitive_data_log').where({ data_table: 'demo_snow' }).first<{ id: number; id_value: string }>('id', 'id_value');
  t.is(log.id_value, second, 'the log holds the exact key');
  const entry = (await list('/admin/security.SensitiveDataLog')).data.list.find((r) => r.id === log.id);
  t.is(entry?.id_value, `id=${second}`);
  const info = await call<{ row: Row }>(`/admin/security.SensitiveDataLog/info?id=${log.id}`);
  t.is(info.data.row.id_value, second, 'info answers the key as a string');

  const rolled = await post('/admin/security.SensitiveDataLog/rollback', { ids: [log.id] });
  t.is(rolled.code, 1, rolled.msg);
  t.deepEqual(await storedKeys('demo_snow', { title: 'Second' }), [second], 'the row with that key got its title back');
});

test.serial('delete and recycle-bin restore take keys as strings and bring the row back under its own key', async (t) => {
  const { knex } = suite.server.app;
  const [first, second, third] = await storedKeys('demo_snow');
  t.is((await call(`/admin/demo.Snow/del?ids[]=${neighbour(first!)}`, { method: 'DELETE' })).code, 0, 'a key one off deletes nothing');
  t.is((await storedKeys('demo_snow')).length, 3);

  const deleted = await call(`/admin/demo.Snow/del?ids[]=${first}&ids[]=${second}`, { method: 'DELETE' });
  t.is(deleted.code, 1, deleted.msg);
  t.deepEqual(await storedKeys('demo_snow'), [third]);

  const binned = await knex('security_data_recycle_log').where({ data_table: 'demo_snow' }).orderBy('id').select<{ id: number; data: string }[]>('id', 'data');
  t.is(binned.length, 2);
  t.deepEqual(
    binned.map((b) => (JSON.parse(b.data) as Row).id),
    [first, second],
    'the bin keeps each key as exact text',
  );
  const restored = await post('/admin/security.DataRecycleLog/restore', { ids: binned.map((b) => b.id) });
  t.is(restored.code, 1, restored.msg);
  t.deepEqual(await storedKeys('demo_snow'), [first, second, third], 'both rows are back under their own keys');
  const index = await list('/admin/demo.Snow', '?order=id,asc');
  t.deepEqual(
    index.data.list.map((r) => r.id),
    [first, second, third],
  );
});
