import test from 'ava';
import { resources } from '../../src/resources/index.ts';
import { defineResource, type FieldDef, type ResourceDef } from '../../src/resources/types.ts';
import { buildQuery } from '../../src/shared/request/query.ts';
import { localizedText } from '../../src/shared/localized.ts';
import { cellOf, displayUrl, listOf, relationLabel, safeHref, type CellContext } from '../../src/resources/cells.ts';
import {
  canDragSort,
  columnStorageKey,
  effectiveOrder,
  indexParams,
  initialQuery,
  listFields,
  nextOrder,
  parseColumnPrefs,
  searchControls,
  searchEntries,
  toServerDateTime,
  visibleColumns,
  columnPriority,
  roomOrder,
} from '../../src/islands/admin/crud/listModel.ts';
import { pageWindow } from '../../src/islands/admin/crud/CrudPagination.tsx';
import { defaultInputValue, toFormValues, toInputDateTime, toInputValue, toPostBody, validateBody } from '../../src/islands/admin/crud/formModel.ts';

function resource(name: string): ResourceDef {
  const def = resources.find((r) => r.name === name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
}

function field(def: ResourceDef, name: string): FieldDef {
  const f = def.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
}

const news = resource('content/news');
const user = resource('user/user');

const ctx = (lang: 'zh-cn' | 'en' = 'zh-cn'): CellContext => ({
  lang,
  cdnUrl: 'https://cdn.example.org',
  timeZone: 'Asia/Shanghai',
  optionLabel: (f, v) => `${f.name}:${v}`,
});

// ---- search parameters ---------------------------------------------------------------------------

test('the search panel has one control per searchable field, of the kind its type and operator need', (t) => {
  const kinds = Object.fromEntries(searchControls(news).map((c) => [c.field.name, `${c.kind}/${c.operator}`]));
  t.deepEqual(kinds, {
    id: 'numberRange/RANGE',
    category_id: 'remote/eq',
    title: 'text/LIKE',
    publish_time: 'datetimeRange/RANGE',
    status: 'options/eq',
    create_time: 'datetimeRange/RANGE',
    update_time: 'datetimeRange/RANGE',
  });
  t.false(searchControls(user).some((c) => c.field.name === 'password'));
  t.is(searchControls(user).find((c) => c.field.name === 'gender')?.kind, 'options');
});

test('search entries: LIKE text, eq selects, number ranges with open ends, datetime ranges with render', (t) => {
  const controls = searchControls(news);
  const entries = searchEntries(controls, {
    title: '  运河 ',
    status: '1',
    category_id: '',
    id: ['3', ''],
    publish_time: ['2026-01-01T00:00', '2026-02-01T12:30:15'],
    create_time: ['', '2026-03-01T00:00'],
    update_time: ['', ''],
  });
  t.deepEqual(entries, [
    { field: 'id', operator: 'RANGE', val: '3,' },
    { field: 'title', operator: 'LIKE', val: '运河' },
    { field: 'publish_time', operator: 'RANGE', val: '2026-01-01 00:00:00,2026-02-01 12:30:15', render: 'datetime' },
    { field: 'status', operator: 'eq', val: '1' },
    { field: 'create_time', operator: 'RANGE', val: '1970-01-01 08:00:00,2026-03-01 00:00:00', render: 'datetime' },
  ]);
});

test('index parameters serialise as search[n][field]/[operator]/[val] with paging and order', (t) => {
  const query = {
    ...initialQuery(20),
    page: 3,
    order: { field: 'publish_time', direction: 'desc' as const },
    quickSearch: ' 漕运 ',
    search: [{ field: 'publish_time', operator: 'RANGE' as const, val: '2026-01-01 00:00:00,2026-02-01 00:00:00', render: 'datetime' as const }],
  };
  const params = indexParams(query);
  t.deepEqual(params, { page: 3, limit: 20, order: 'publish_time,desc', quickSearch: '漕运', search: query.search });
  t.is(
    decodeURIComponent(buildQuery(params)),
    'page=3&limit=20&order=publish_time,desc&quickSearch=漕运&search[0][field]=publish_time&search[0][operator]=RANGE&search[0][val]=2026-01-01 00:00:00,2026-02-01 00:00:00&search[0][render]=datetime',
  );
  t.deepEqual(indexParams(initialQuery()), { page: 1, limit: 10 });
});

test('header clicks cycle the order and drag sorting needs the weigh order', (t) => {
  t.deepEqual(nextOrder(null, 'id'), { field: 'id', direction: 'asc' });
  t.deepEqual(nextOrder({ field: 'id', direction: 'asc' }, 'id'), { field: 'id', direction: 'desc' });
  t.is(nextOrder({ field: 'id', direction: 'desc' }, 'id'), null);
  t.deepEqual(nextOrder({ field: 'id', direction: 'desc' }, 'weigh'), { field: 'weigh', direction: 'asc' });
  t.deepEqual(effectiveOrder(news, null), { field: 'weigh', direction: 'desc' });
  t.true(canDragSort(news, null));
  t.true(canDragSort(news, { field: 'weigh', direction: 'asc' }));
  t.false(canDragSort(news, { field: 'id', direction: 'desc' }));
  t.false(canDragSort(user, null), 'no weigh field');
  t.is(toServerDateTime('2026-05-04T07:08'), '2026-05-04 07:08:00');
});

test('columns: passwords never listed; hidden ones follow the stored choice, else the definition', (t) => {
  t.false(listFields(user).some((f) => f.name === 'password'));
  t.false(listFields(news).some((f) => f.name === 'content'), 'list: false');
  const defaults = visibleColumns(news, {});
  t.true(defaults.title);
  t.false(defaults.update_time);
  const chosen = visibleColumns(news, parseColumnPrefs('{"title":false,"update_time":true,"junk":"x"}'));
  t.false(chosen.title);
  t.true(chosen.update_time);
  t.deepEqual(parseColumnPrefs('not json'), {});
  t.deepEqual(parseColumnPrefs('[1]'), {});
  t.is(columnStorageKey(news), 'crudColumns:content/news');
});

test('column priorities: the key, the drag order and an edited row\'s times give way first, from the right; never the main column or one the admin chose', (t) => {
  const activity = resource('content/activity');
  const shown = listFields(activity).filter((f) => visibleColumns(activity, {})[f.name]);
  // The activity declares its end time 'low': the start says when, the end can wait for a wider screen.
  t.deepEqual(roomOrder(activity, shown, 'title', {}), ['create_time', 'end_time', 'id']);
  t.deepEqual(roomOrder(activity, shown, 'title', { create_time: true }), ['end_time', 'id'], 'shown on purpose: it stays');
  t.deepEqual(roomOrder(activity, shown, 'id', {}), ['create_time', 'end_time'], 'the main column never gives way');
  t.is(columnPriority(activity, field(activity, 'weigh')), 'low');
  t.is(columnPriority(activity, field(activity, 'start_time')), 'high');
  t.is(columnPriority(activity, field(activity, 'end_time')), 'low', 'declared on the activity');
  // In a log the time is what an entry is about.
  const log = resource('auth/adminLog');
  t.is(columnPriority(log, field(log, 'create_time')), 'high');
  t.is(columnPriority({ ...activity, fields: [] }, { name: 'place', type: 'string', list: { priority: 'low' } }), 'low', 'declared');
  t.is(columnPriority(activity, { name: 'create_time', type: 'timestamp', list: { priority: 'high' } }), 'high', 'declared wins');
});

test('pagination shows the ends and two pages either side, with gaps', (t) => {
  t.deepEqual(pageWindow(1, 1), [1]);
  t.deepEqual(pageWindow(1, 9), [1, 2, 3, 0, 9]);
  t.deepEqual(pageWindow(5, 9), [1, 0, 3, 4, 5, 6, 7, 0, 9]);
  t.deepEqual(pageWindow(4, 9), [1, 2, 3, 4, 5, 6, 0, 9]);
  t.deepEqual(pageWindow(9, 9), [1, 0, 7, 8, 9]);
});

// ---- renders -------------------------------------------------------------------------------------

test('localized values show in the page language and fall back to Chinese', (t) => {
  const row = { title: '大运河', title_en: 'Grand Canal', summary: '摘要', summary_en: '' };
  t.deepEqual(localizedText(row, 'title', 'en'), { text: 'Grand Canal', fallback: false });
  t.deepEqual(localizedText(row, 'title', 'zh-cn'), { text: '大运河', fallback: false });
  t.deepEqual(localizedText(row, 'summary', 'en'), { text: '摘要', fallback: true });
  t.deepEqual(localizedText({ summary: '' }, 'summary', 'en'), { text: '', fallback: false });
  t.deepEqual(localizedText({ name: '协会动态' }, 'name', 'en'), { text: '协会动态', fallback: false }, 'no English column: no fallback mark');
  t.deepEqual(cellOf(field(news, 'title'), row, ctx('en')), { kind: 'text', text: 'Grand Canal', fallback: false });
  t.deepEqual(cellOf(field(news, 'title'), { title: '大运河', title_en: ' ' }, ctx('en')), { kind: 'text', text: '大运河', fallback: true });
});

test('relation columns read row.<relation>.<labelField>, localized when the relation has both', (t) => {
  const category = field(news, 'category_id');
  const row = { category_id: 2, category: { name: '协会动态', name_en: 'Association news' } };
  t.deepEqual(relationLabel(row, category, 'en'), { text: 'Association news', fallback: false });
  t.deepEqual(cellOf(category, row, ctx()), { kind: 'text', text: '协会动态', fallback: false });
  t.deepEqual(cellOf(category, { category_id: 7, category: { name: null } }, ctx()), { kind: 'text', text: '7' });
  t.deepEqual(cellOf(category, { category_id: null }, ctx()), { kind: 'empty' });
});

test('renders: datetime in the site zone, switch badge, tag, images behind the CDN, url, color, icon', (t) => {
  // 2026-01-01 00:00:00 in China is 2025-12-31 16:00:00 UTC.
  t.deepEqual(cellOf(field(news, 'publish_time'), { publish_time: 1767196800 }, ctx()), { kind: 'datetime', text: '2026-01-01 00:00:00' });
  t.deepEqual(cellOf(field(news, 'publish_time'), { publish_time: null }, ctx()), { kind: 'empty' });
  t.deepEqual(cellOf(field(news, 'status'), { status: '1' }, ctx()), { kind: 'switch', on: true, text: 'status:1' });
  t.deepEqual(cellOf(field(news, 'status'), { status: '0' }, ctx()), { kind: 'switch', on: false, text: 'status:0' });
  t.deepEqual(cellOf(field(user, 'status'), { status: 'disable' }, ctx()), { kind: 'tag', text: 'status:disable', tone: 1 });
  t.deepEqual(cellOf(field(news, 'cover'), { cover: '/storage/a.png' }, ctx()), { kind: 'images', urls: ['https://cdn.example.org/storage/a.png'] });
  t.deepEqual(cellOf(field(news, 'cover'), { cover: '' }, ctx()), { kind: 'empty' });
  const member = resource('content/member');
  const url = member.fields.find((f) => f.type === 'url')!;
  t.deepEqual(cellOf(url, { [url.name]: 'https://canal.example.org' }, ctx()), { kind: 'url', href: 'https://canal.example.org', text: 'https://canal.example.org' });
  t.deepEqual(cellOf(url, { [url.name]: 'javascript:alert(1)' }, ctx()), { kind: 'text', text: 'javascript:alert(1)' });
  const color: FieldDef = { name: 'tint', type: 'color' };
  t.deepEqual(cellOf(color, { tint: '#1e6f9f' }, ctx()), { kind: 'color', color: '#1e6f9f' });
  t.deepEqual(cellOf(color, { tint: 'red;background:url(x)' }, ctx()), { kind: 'text', text: 'red;background:url(x)' });
  const rule = resource('auth/rule');
  t.deepEqual(cellOf(field(rule, 'icon'), { icon: 'fa fa-home' }, ctx()), { kind: 'icon', icon: 'fa fa-home' });
});

test('tags: option lists, remote labels beside ids, JSON objects', (t) => {
  const admin = resource('auth/admin');
  t.deepEqual(cellOf(field(admin, 'group_arr'), { group_arr: [1, 2], group_name_arr: ['超级管理组', '编辑'] }, ctx()), { kind: 'tags', items: ['超级管理组', '编辑'] });
  const fields: FieldDef = { name: 'data_fields', type: 'selects', list: { render: 'tags' } };
  t.deepEqual(cellOf(fields, { data_fields: '{"mobile":"手机","email":"邮箱"}' }, ctx()), { kind: 'tags', items: ['手机', '邮箱'] });
  const colours: FieldDef = { name: 'colours', type: 'checkbox', options: ['r', 'g'] };
  t.deepEqual(cellOf(colours, { colours: 'r,g' }, ctx()), { kind: 'tags', items: ['colours:r', 'colours:g'] });
  t.deepEqual(listOf([1, '', 'x']), ['1', 'x']);
});

test('urls: relative ones go behind the CDN, only web addresses become links', (t) => {
  t.is(displayUrl('/storage/x.png', ''), '/storage/x.png');
  t.is(displayUrl('/storage/x.png', 'https://cdn.example.org'), 'https://cdn.example.org/storage/x.png');
  t.is(displayUrl('https://a.example/x.png', 'https://cdn.example.org'), 'https://a.example/x.png');
  t.is(safeHref('/news'), '/news');
  t.is(safeHref('//evil.example'), null);
  t.is(safeHref('data:text/html,x'), null);
});

// ---- form values ---------------------------------------------------------------------------------

test('row → form: switches as booleans, lists as arrays, times as local datetime, passwords never prefilled', (t) => {
  const values = toFormValues(news, {
    id: 5,
    category_id: 2,
    title: '标题',
    title_en: null,
    summary: 's',
    summary_en: 'S',
    content: '<p>x</p>',
    content_en: '',
    cover: '/storage/c.png',
    publish_time: 1767196800,
    weigh: 9,
    status: '0',
  });
  t.deepEqual(values, {
    category_id: '2',
    title: '标题',
    title_en: '',
    summary: 's',
    summary_en: 'S',
    content: '<p>x</p>',
    content_en: '',
    cover: '/storage/c.png',
    publish_time: '2026-01-01T00:00:00',
    weigh: '9',
    status: false,
  });
  t.is(toInputValue(field(user, 'password'), 'hash'), '');
  t.deepEqual(toInputValue(field(resource('auth/admin'), 'group_arr'), [1, 3]), ['1', '3']);
  t.deepEqual(toInputValue({ name: 'area', type: 'city' }, '11,1101,110101'), ['11', '1101', '110101']);
  t.is(toInputDateTime(0), '');
  t.is(toInputValue(field(news, 'category_id'), 0), '');
});

test('new forms start from the defaults, with zero defaults of numbers left empty', (t) => {
  const values = toFormValues(news, null);
  t.is(values.status, true);
  t.is(values.weigh, '');
  t.is(values.title, '');
  t.is(defaultInputValue(field(user, 'status')), 'enable');
  t.is(defaultInputValue(field(user, 'gender')), '0');
  // A required date-time starts at the current minute in the site's time zone (a news item's publish time).
  const now = Date.UTC(2026, 10, 23, 23, 30, 40);
  t.is(defaultInputValue(field(news, 'publish_time'), 'Asia/Shanghai', now), '2026-11-24T07:30');
  t.is(defaultInputValue(field(news, 'publish_time'), 'Europe/London', now), '2026-11-23T23:30');
  t.regex(String(values.publish_time), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
});

test('form → body: only form fields, the pk on edit, server formats; an empty password is left out', (t) => {
  const values = { ...toFormValues(news, null), category_id: '2', title: '新闻', title_en: 'News', publish_time: '2026-01-02T03:04', status: true };
  const body = toPostBody(news, values, 'add', undefined);
  t.deepEqual(Object.keys(body).sort(), ['category_id', 'content', 'content_en', 'cover', 'publish_time', 'status', 'summary', 'summary_en', 'title', 'title_en', 'weigh'].sort());
  t.is(body.publish_time, '2026-01-02 03:04:00');
  t.is(body.status, '1');
  t.deepEqual(validateBody(news, body), {});

  const edit = toPostBody(user, { ...toFormValues(user, null), username: 'walker', group_id: '1', password: '' }, 'edit', 12);
  t.is(edit.id, 12);
  t.false('password' in edit);
  t.false('money' in edit, 'read-only columns are not form fields');
  t.is(toPostBody(user, { ...toFormValues(user, null), password: 'secret12' }, 'add', undefined).password, 'secret12');
  const admin = resource('auth/admin');
  t.deepEqual(toPostBody(admin, { ...toFormValues(admin, null), group_arr: ['2', '3'] }, 'add', undefined).group_arr, ['2', '3']);
});

test('validation with the shared schema reports catalogue keys per column', (t) => {
  const body = toPostBody(news, { ...toFormValues(news, null), title: 'x'.repeat(201), publish_time: '' }, 'add', undefined);
  const errors = validateBody(news, body);
  t.is(errors.category_id, 'validate:required');
  t.is(errors.title, 'validate:tooLong');
  t.is(errors.publish_time, 'validate:required');
  t.false('title_en' in errors, 'English is optional');
  const bad = validateBody(news, { ...body, title: 'ok', category_id: '1.5', publish_time: 'soon' });
  t.is(bad.category_id, 'validate:integer');
  t.is(bad.publish_time, 'validate:date');
  const custom = defineResource({
    name: 'test/x',
    table: 'x',
    pk: 'id',
    fields: [{ name: 'n', type: 'number', min: 1, max: 5 }],
    quickSearch: [],
    defaultOrder: ['id', 'desc'],
    timestamps: false,
    menu: { parent: 'test', icon: 'fa fa-folder', weigh: 0 },
  });
  t.is(validateBody(custom, { n: '9' }).n, 'validate:invalidField');
});
