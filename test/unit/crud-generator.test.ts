import test from 'ava';
import { compileDesign, menuTitleOf } from '../../src/resources/generator/compile.ts';
import { columnSource, columnSpec } from '../../src/resources/generator/columns.ts';
import { DesignError, designSchema, effectiveType } from '../../src/resources/generator/design.ts';
import { detectDesignType, formatComment, parseComment } from '../../src/resources/generator/designTypes.ts';
import { checkFieldName, checkResourceName, checkTableName, resourceNameOf } from '../../src/resources/generator/identifiers.ts';
import { definitionSchema } from '../../src/resources/definitionSchema.ts';
import { resources } from '../../src/resources/index.ts';
import { arrayItems, resourceSchema } from '../../src/resources/schema.ts';
import { blankDesign, designChanges, fromPayloadField, newField, publicSettingsOf, toPayload, toPayloadField, type DesignerState } from '../../src/islands/admin/screens/crud/designModel.ts';
import { hasSignupFields } from '../../src/resources/generator/capabilities.ts';
import { design, designField as f } from '../helpers/crudDesign.ts';

const noRemote = () => undefined;
const parse = (payload: unknown) => designSchema().parse(payload);

test('comments: title and dictionary, full-width separators too, and back', (t) => {
  t.deepEqual(parseComment('状态:0=隐藏,1=正常'), { title: '状态', dict: [{ value: '0', label: '隐藏' }, { value: '1', label: '正常' }] });
  t.deepEqual(parseComment('状态：a=甲，b=乙'), { title: '状态', dict: [{ value: 'a', label: '甲' }, { value: 'b', label: '乙' }] });
  t.deepEqual(parseComment('Just a title'), { title: 'Just a title', dict: [] });
  t.deepEqual(parseComment('T:broken,k=v'), { title: 'T', dict: [{ value: 'k', label: 'v' }] });
  const dict = [{ value: 'x', label: 'X' }];
  t.deepEqual(parseComment(formatComment('Kind', dict)), { title: 'Kind', dict });
});

test('auto-detection follows the reference order (first match wins)', (t) => {
  const col = (name: string, dataType: string, columnType = dataType, autoIncrement = false) => detectDesignType({ name, dataType, columnType, autoIncrement });
  t.is(col('id', 'integer', 'integer', true), 'pk');
  t.is(col('weigh', 'integer'), 'weigh');
  t.is(col('createtime', 'bigint'), 'timestamp');
  t.is(col('is_switch', 'enum', "enum('0','1')"), 'switch');
  t.is(col('is_switch', 'varchar', 'varchar(10)'), 'string', 'a switch needs an integer, enum or one character');
  t.is(col('body_content', 'text'), 'editor');
  t.is(col('body_content', 'varchar', 'varchar(255)'), 'string');
  t.is(col('note_rows', 'varchar', 'varchar(200)'), 'textarea');
  t.is(col('login_time', 'int'), 'timestamp');
  t.is(col('happened', 'datetime'), 'datetime');
  t.is(col('y', 'year'), 'year');
  t.is(col('at', 'time'), 'time');
  t.is(col('kind_list', 'varchar', 'varchar(20)'), 'select');
  t.is(col('kind_lists', 'varchar', 'varchar(20)'), 'selects');
  t.is(col('city_id', 'int'), 'remoteSelect', '_id comes before city');
  t.is(col('status', 'tinyint', 'tinyint(1)'), 'radio');
  t.is(col('status', 'tinyint', 'tinyint'), 'number');
  t.is(col('kind', 'enum', "enum('a','b')"), 'radio');
  t.is(col('kind', 'set', "set('a','b')"), 'checkbox');
  t.is(col('amount', 'decimal', 'decimal(10,2)'), 'float');
  t.is(col('bg_color', 'varchar', 'varchar(20)'), 'color');
  t.is(col('phone_number', 'varchar', 'varchar(20)'), 'string', 'a text column named like a number stays text');
});

test('identifiers: lengths, characters, reserved words; paths from table names', (t) => {
  t.notThrows(() => checkTableName('canal_boat'));
  for (const bad of ['', 'Canal', 'canal-boat', 'canal__boat', 'canal_', '9canal', `c${'x'.repeat(48)}`, 'order']) {
    t.throws(() => checkTableName(bad), { instanceOf: DesignError }, bad);
  }
  t.notThrows(() => checkFieldName('boat_name'));
  for (const bad of ['Boat', 'from', 'ids', 'page', 'a__b', `f${'x'.repeat(60)}`]) t.throws(() => checkFieldName(bad), { instanceOf: DesignError }, bad);
  t.is(resourceNameOf('canal_boat_crew'), 'canal/boat/crew');
  t.notThrows(() => checkResourceName('shop/orderItem'));
  for (const bad of ['Shop/item', 'a/b/c/d/e', 'shop/', '../x', 'shop item']) t.throws(() => checkResourceName(bad), { instanceOf: DesignError }, bad);
});

test('a design compiles to a definition with bilingual labels, multi forms and the reference menu title', (t) => {
  const compiled = compileDesign(
    parse(
      design(
        'test_build',
        [
          f('id', 'pk', { null: false }),
          f('title', 'string', { comment: '标题', commentEn: 'Title', length: 100, form: { validator: ['required', 'email'] } }),
          f('kind', 'select', { comment: '类别:a=甲,b=乙', commentEn: 'Kind:a=A,b=B', form: { 'select-multi': true } }),
          f('gallery', 'image', { form: { 'image-multi': true } }),
          f('on_switch', 'switch', { defaultType: 'INPUT', default: 1 }),
          f('weigh', 'weigh'),
          f('create_time', 'timestamp'),
          f('update_time', 'timestamp'),
        ],
        { comment: '知识库表', commentEn: 'Knowledge base', quickSearch: ['title'], columns: ['id', 'title', 'kind'] },
      ),
    ),
    noRemote,
  );
  const { def } = compiled;
  t.is(def.name, 'test/build');
  t.is(def.weighField, 'weigh');
  t.true(def.timestamps);
  t.deepEqual(def.menu, { parent: 'test', icon: 'fa fa-th-list', weigh: 0 });
  t.deepEqual(def.labels?.title, { 'zh-cn': '知识库表', en: 'Knowledge base' });
  t.is(menuTitleOf(def.labels!.title['zh-cn']), '知识库管理');
  const field = (n: string) => def.fields.find((x) => x.name === n)!;
  t.like(field('title'), { type: 'string', required: true, validators: ['email'], max: 100 });
  t.like(field('kind'), { type: 'selects', options: ['a', 'b'] });
  t.deepEqual(def.labels?.options?.kind, { a: { 'zh-cn': '甲', en: 'A' }, b: { 'zh-cn': '乙', en: 'B' } });
  t.is(field('gallery').type, 'images');
  t.like(field('on_switch'), { type: 'switch', options: ['0', '1'], default: '1' });
  t.false(field('gallery').list, 'not among the list columns');
  t.false(field('create_time').form, 'maintained times are not in the form');
  t.false(field('id').form);
  t.notThrows(() => definitionSchema().parse(def), 'the stored shape accepts it');
  // The shared form schema enforces the checks.
  t.false(resourceSchema(def).safeParse({ title: 'not an address' }).success);
  t.true(resourceSchema(def).safeParse({ title: 'a@b.org', kind: ['a'] }).success);
});

test('every hand-written resource is a valid stored definition too (one type for both)', (t) => {
  for (const def of resources) {
    // Hand-written ones may use cache tags and virtual fields; the stored shape is otherwise the same.
    const { cacheTags: _tags, ...rest } = def;
    const result = definitionSchema().safeParse(rest);
    t.true(result.success, `${def.name}: ${result.success ? '' : result.error.issues[0]?.message}`);
  }
});

test('column calls: one list drives the runtime schema builder and the exported migration', (t) => {
  const field = (extra: Parameters<typeof f>[2], type: Parameters<typeof f>[1] = 'string') => parse(design('x_y', [f('id', 'pk', { null: false }), f('c', type, extra)])).fields[1]!;
  t.is(columnSource(columnSpec(field({ length: 80, null: false, defaultType: 'EMPTY STRING' }))), "t.string('c', 80).notNullable().defaultTo('')");
  t.is(columnSource(columnSpec(field({ null: true, defaultType: 'INPUT', default: "it's" }))), "t.string('c', 255).nullable().defaultTo('it\\'s')");
  t.is(columnSource(columnSpec(field({ length: 8, precision: 3, null: true }, 'float'))), "t.decimal('c', 8, 3).nullable()");
  t.is(columnSource(columnSpec(field({ null: false, defaultType: 'INPUT', default: 1, unsigned: true }, 'switch'))), "t.tinyint('c').unsigned().notNullable().defaultTo(1)");
  t.is(columnSource(columnSpec(field({ null: true, defaultType: 'INPUT', default: 'x' }, 'editor'))), "t.text('c').nullable()", 'text columns take no default');
  t.throws(() => columnSpec(field({ null: false, defaultType: 'NULL' })), { instanceOf: DesignError });
  t.is(effectiveType(field({ form: { 'file-multi': true } }, 'file')), 'files');
});

test('array values: key/value rows from a list or its JSON; anything else is refused', (t) => {
  t.deepEqual(arrayItems([{ key: 'a', value: 1 }, { key: ' ', value: 'dropped' }]), [{ key: 'a', value: '1' }]);
  t.deepEqual(arrayItems('[{"key":"k","value":"v"}]'), [{ key: 'k', value: 'v' }]);
  t.deepEqual(arrayItems(''), []);
  t.is(arrayItems('{"key":"k"}'), null);
  t.is(arrayItems('not json'), null);
  t.is(arrayItems([['a', 'b']]), null);
});

/** A designer state read from an existing table of three columns. */
function fromTable(): DesignerState {
  const fields = [
    fromPayloadField({ name: 'id', designType: 'pk', null: false }, true),
    fromPayloadField({ name: 'title', designType: 'string', comment: '标题', commentEn: 'Title', length: 100 }, true),
    fromPayloadField({ name: 'note', designType: 'textarea' }, true),
  ];
  return { ...blankDesign(), source: 'db', existing: true, originalOrder: ['id', 'title', 'note'], fields, table: { ...blankDesign().table, name: 'shop_item' } };
}

test('the designer finds the design changes by comparing with the table it read', (t) => {
  const start = fromTable();
  t.deepEqual(designChanges(start), [], 'nothing changed');
  const [id, title, note] = start.fields as [typeof start.fields[0], typeof start.fields[0], typeof start.fields[0]];
  const renamed = { ...start, fields: [id, { ...title, name: 'name' }, note] };
  t.deepEqual(designChanges(renamed).map((c) => [c.type, c.oldName, c.newName]), [['change-field-name', 'title', 'name']]);
  const titleOnly = { ...start, fields: [id, { ...title, titleEn: 'Heading' }, note] };
  t.deepEqual(designChanges(titleOnly), [], 'a new title is not a change of the column');
  const longer = { ...start, fields: [id, { ...title, length: '200' }, note] };
  t.deepEqual(designChanges(longer).map((c) => c.type), ['change-field-attr']);
  const removed = { ...start, fields: [id, title] };
  t.deepEqual(designChanges(removed).map((c) => [c.type, c.oldName]), [['del-field', 'note']]);
  const added = { ...start, fields: [id, title, newField('number', 'stock'), note] };
  t.deepEqual(designChanges(added).map((c) => [c.type, c.newName, c.after]), [['add-field', 'stock', 'title']]);
  const moved = { ...start, fields: [id, note, title] };
  t.deepEqual(designChanges(moved).map((c) => [c.type, c.newName, c.after]), [
    ['change-field-order', 'note', 'id'],
    ['change-field-order', 'title', 'note'],
  ]);
  t.deepEqual(designChanges({ ...moved, table: { ...moved.table, rebuild: 'Yes' } }), [], 'a rebuild needs no changes');
});

test('the designer state becomes a payload the server schema accepts, and reads back', (t) => {
  const state = blankDesign();
  const kind = { ...newField('radio', 'kind'), titleZh: '种类', titleEn: 'Kind', choices: [{ value: 'a', zh: '甲', en: 'A' }, { value: 'b', zh: '', en: 'B' }] };
  const pics = { ...newField('image', 'pics'), multi: true };
  const full: DesignerState = { ...state, fields: [...state.fields, kind, pics], table: { ...state.table, name: 'demo_x', titleZh: '示例表', titleEn: 'Demo', quickSearch: ['kind', 'gone'] } };
  const payload = designSchema().parse(toPayload(full));
  t.deepEqual(payload.table.quickSearchField, ['kind'], 'names of removed fields are dropped');
  const radio = payload.fields.find((x) => x.name === 'kind')!;
  t.is(radio.comment, '种类:a=甲,b=B', 'a missing label takes the other language');
  t.is(radio.commentEn, 'Kind:a=A,b=B');
  t.true(payload.fields.find((x) => x.name === 'pics')!.form['image-multi']);
  t.notThrows(() => compileDesign(payload, noRemote));
  const back = fromPayloadField(toPayloadField(kind), false);
  t.like(back, { name: 'kind', designType: 'radio', titleZh: '种类', titleEn: 'Kind' });
  t.deepEqual(back.choices, [{ value: 'a', zh: '甲', en: 'A' }, { value: 'b', zh: 'B', en: 'B' }]);
  const plural = fromPayloadField({ name: 'p', designType: 'images' }, false);
  t.like(plural, { designType: 'image', multi: true });
});

test('public settings: the designer declares the publish rule, search and sign-ups, the fee in cents, and reads them back', (t) => {
  const state = blankDesign();
  const named = (type: Parameters<typeof newField>[0], name: string) => ({ ...newField(type, name), titleZh: name, titleEn: name });
  const fields = [...state.fields, named('string', 'title'), named('textarea', 'intro'), named('timestamp', 'start_time'), named('number', 'capacity'), named('float', 'fee'), named('timestamp', 'signup_end'), named('switch', 'status')];
  const settings = {
    publishStatus: 'status',
    publishTime: '',
    search: { on: true, title: 'title', body: ['intro'], time: 'start_time', url: '/courses?id={id}' },
    signup: { on: true, title: 'title', start: 'start_time' },
  };
  const full: DesignerState = { ...state, fields, table: { ...state.table, name: 'demo_course', titleZh: '课程', titleEn: 'Courses', ...settings } };
  const payload = designSchema().parse(toPayload(full));
  const { def } = compileDesign(payload, noRemote);
  t.deepEqual(def.publish, { status: 'status' });
  t.deepEqual(def.search, { title: 'title', body: ['intro'], time: 'start_time', url: '/courses?id={id}' });
  t.deepEqual(def.signup, { title: 'title', start: 'start_time' });
  t.true(def.fields.find((x) => x.name === 'fee')!.cents);
  t.notThrows(() => definitionSchema().parse(def), 'the registry serves it');
  t.deepEqual(publicSettingsOf(toPayload(full).table as unknown as Record<string, unknown>), settings);

  const off = designSchema().parse(toPayload({ ...full, table: { ...full.table, publishStatus: '' } }));
  t.like(compileDesign(off, noRemote).def, { publish: undefined, search: undefined, signup: undefined }, 'nothing public, nothing declared');
  const noFee = designSchema().parse(toPayload({ ...full, fields: fields.filter((x) => x.name !== 'fee') }));
  t.throws(() => compileDesign(noFee, noRemote), { instanceOf: DesignError, message: 'signupFields' });
  t.false(hasSignupFields((name) => noFee.fields.find((x) => x.name === name)?.designType));
});
