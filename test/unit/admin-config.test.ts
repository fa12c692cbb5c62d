import test from 'ava';
import {
  fromRows,
  hasRule,
  isChoiceType,
  itemField,
  mailTestBody,
  newItemBody,
  newItemProblems,
  parseKeyValueLines,
  remoteOf,
  tabBody,
  changedGroups,
  toRows,
  toWidgetValue,
  widgetValues,
  type NewItem,
} from '../../src/islands/admin/screens/config/model.ts';
import { accountColumn, fileSize, hiddenColumn, recordLines, resourceOfTable, thumbnailOf } from '../../src/islands/admin/screens/security/records.ts';
import { ruleBody, tablesOf, watchedOf } from '../../src/islands/admin/screens/security/rules.ts';
import type { ConfigItem, ConfigType } from '../../src/shared/config.ts';
import sensitiveDataLog from '../../src/resources/security/sensitiveDataLog.ts';

// The pure helpers of the config, attachment and security screens.

function item(type: ConfigType, value: unknown, extra: Partial<ConfigItem> = {}): ConfigItem {
  return { id: 1, name: `t_${type.toLowerCase()}`, group: 'basics', title: 'T', title_en: 'T', tip: '', tip_en: '', type, value, content: '', rule: '', extend: {}, input_extend: {}, allow_del: 1, weigh: 0, ...extra };
}

test('array rows: from the stored list and back, blank rows dropped, values trimmed', (t) => {
  const rows = toRows([{ key: 'basics', value: 'Basics' }, { key: 'mail', value: 'Mail' }]);
  t.deepEqual(rows.map(({ key, value }) => ({ key, value })), [{ key: 'basics', value: 'Basics' }, { key: 'mail', value: 'Mail' }]);
  t.is(new Set(rows.map((r) => r.id)).size, 2, 'each row has its own id');
  t.deepEqual(fromRows([...rows, { id: 99, key: '  ', value: ' ' }, { id: 100, key: ' sms ', value: ' SMS ' }]), [
    { key: 'basics', value: 'Basics' },
    { key: 'mail', value: 'Mail' },
    { key: 'sms', value: 'SMS' },
  ]);
  t.deepEqual(fromRows([{ id: 1, key: '', value: 'orphan' }]), [{ key: '', value: 'orphan' }], 'a value without key is kept for the server to refuse');
  t.deepEqual(toRows({ a: 'A', b: 2 }).map(({ key, value }) => [key, value]), [['a', 'A'], ['b', '2']], 'an old object value');
  t.deepEqual(toRows('not a list'), []);
  t.deepEqual(toRows([null, 'x', { key: 'k' }]).map(({ key, value }) => [key, value]), [['k', '']]);
});

test('key=value lines: as the server reads them', (t) => {
  t.deepEqual(parseKeyValueLines('a=Apple\r\nb = Banana \n\n  \nplain\nc=x=y'), [
    { key: 'a', value: 'Apple' },
    { key: 'b', value: 'Banana' },
    { key: 'plain', value: 'plain' },
    { key: 'c', value: 'x=y' },
  ]);
  t.deepEqual(parseKeyValueLines('a=1\nb=B\na=2'), [{ key: 'a', value: '2' }, { key: 'b', value: 'B' }], 'a repeated key keeps its place and its last value');
  t.deepEqual(parseKeyValueLines('__proto__=x\nconstructor=y'), []);
  t.deepEqual(parseKeyValueLines('=no key\n'), []);
  t.true(isChoiceType('selects'));
  t.false(isChoiceType('array'));
});

test('widget values: typed index values to what the widgets hold, and the tab post', (t) => {
  t.is(toWidgetValue(item('switch', true)), true);
  t.is(toWidgetValue(item('switch', false)), false);
  t.deepEqual(toWidgetValue(item('checkbox', ['a', 'c'])), ['a', 'c']);
  t.deepEqual(toWidgetValue(item('images', '/storage/a.png,/storage/b.png')), ['/storage/a.png', '/storage/b.png']);
  t.deepEqual(toWidgetValue(item('city', ['10', '112'])), ['10', '112']);
  t.is(toWidgetValue(item('datetime', '2026-11-21 08:30:00')), '2026-11-21T08:30:00');
  t.is(toWidgetValue(item('number', '42.5')), '42.5');
  t.is(toWidgetValue(item('string', null)), '');
  t.deepEqual(toWidgetValue(item('remoteSelects', ['3', '5'], { input_extend: { resource: 'content/news', field: 'title' } })), ['3', '5']);
  t.is(toWidgetValue(item('remoteSelects', ['3', '5'])), '3,5', 'without a known resource: a comma list to type');

  const items = [item('array', [{ key: 'k', value: 'v' }], { name: 'groups' }), item('string', 'x', { name: 'site' }), item('password', '', { name: 'pass' })];
  const values = widgetValues({ list: { basics: { name: 'basics', title: 'Basics', list: items } } });
  t.deepEqual(tabBody(items, values), { groups: [{ key: 'k', value: 'v' }], site: 'x', pass: '' });
  t.deepEqual(tabBody(items, { ...values, site: 'changed' }).site, 'changed');
  t.deepEqual(tabBody([items[1]!], {}), { site: 'x' }, 'a value never touched is the index value');
});

test('a group has unsaved changes while its values on screen differ from the index', (t) => {
  const basics = { name: 'basics', title: 'Basics', list: [item('array', [{ key: 'k', value: 'v' }], { name: 'groups' }), item('string', 'x', { name: 'site' })] };
  const mail = { name: 'mail', title: 'Mail', list: [item('switch', true, { name: 'smtp_tls_verify' })] };
  const index = { list: { basics, mail } };
  const values = widgetValues(index);
  t.deepEqual(changedGroups(index, values), [], 'fresh editor rows are not a change');
  t.deepEqual(changedGroups(index, { ...values, site: 'y' }), ['basics']);
  t.deepEqual(changedGroups(index, { ...values, smtp_tls_verify: false, groups: [] }), ['basics', 'mail']);
  t.deepEqual(changedGroups(index, { ...values, site: 'x' }), [], 'typing back the saved value is no change');
});

test('the test mail carries the mail tab values on screen and the address', (t) => {
  const items = [item('string', 'smtp.qq.com', { name: 'smtp_server' }), item('switch', true, { name: 'smtp_tls_verify' }), item('string', 'other', { name: 'mail_footer' })];
  t.deepEqual(mailTestBody(items, { smtp_server: '127.0.0.1', smtp_tls_verify: false, mail_footer: 'x' }, ' a@b.org '), { smtp_server: '127.0.0.1', smtp_tls_verify: false, testMail: 'a@b.org' });
});

test('which widget serves an item: the generic one where it fits, the screen’s own for choices, rows, year and time', (t) => {
  t.like(itemField(item('number', '')), { type: 'float' });
  t.deepEqual(itemField(item('string', '')), { name: 't_string', type: 'string' });
  t.true(hasRule(item('string', '', { rule: 'required, email' }), 'email'));
  t.false(hasRule(item('string', '', { rule: 'editorRequired' }), 'required'));
  t.like(itemField(item('images', '')), { type: 'images' });
  for (const type of ['radio', 'checkbox', 'select', 'selects', 'array', 'year', 'time'] as const) t.is(itemField(item(type, '')), null, type);
  t.deepEqual(itemField(item('remoteSelect', '', { input_extend: { resource: 'content/news', field: 'title' } }))?.remote, { resource: 'content/news', labelField: 'title' });
  t.deepEqual(remoteOf({ extend: {}, input_extend: { remoteUrl: '/admin/content.News/index' } }), { resource: 'content/news', labelField: 'name' });
  t.is(remoteOf({ extend: {}, input_extend: { resource: 'no/such' } }), null);
  t.like(itemField(item('remoteSelect', '')), { type: 'string' });
});

test('the add dialog: problems before sending, and the post', (t) => {
  const base: NewItem = { group: 'basics', type: 'select', name: 'fav_fruit', title: '水果', title_en: ' Fruit ', tip: '', tip_en: '', rule: ['required'], content: 'a=Apple\nb=Banana', extend: '', inputExtend: '', weigh: '' };
  t.deepEqual(newItemProblems(base), {});
  t.deepEqual(Object.keys(newItemProblems({ ...base, group: '', name: 'Bad Name', title: ' ', content: '\n', weigh: '1.5' })).sort(), ['content', 'group', 'name', 'title', 'weigh']);
  t.deepEqual(newItemProblems({ ...base, type: 'string', content: '' }), {}, 'choices only for choice types');
  t.deepEqual(newItemBody({ ...base, name: ' fav_fruit ' }), { group: 'basics', type: 'select', name: 'fav_fruit', title: '水果', title_en: 'Fruit', tip: '', tip_en: '', rule: ['required'], content: 'a=Apple\nb=Banana', extend: '', inputExtend: '', weigh: '0' });
  t.is(newItemBody({ ...base, type: 'string' }).content, '');
});

test('file sizes in KB or MB', (t) => {
  t.deepEqual(fileSize(0), { value: '0.00', unit: 'KB' });
  t.deepEqual(fileSize(1536), { value: '1.50', unit: 'KB' });
  t.deepEqual(fileSize(1024 * 1024 - 1), { value: '1024.00', unit: 'KB' });
  t.deepEqual(fileSize(1024 * 1024 * 2.5), { value: '2.50', unit: 'MB' });
  t.deepEqual(fileSize(Number.NaN), { value: '0.00', unit: 'KB' });
});

test('attachment thumbnails: the picture, or the file type icon', (t) => {
  t.is(thumbnailOf({ url: '/storage/a.PNG', suffix: 'PNG' }, 'http://x'), '/storage/a.PNG');
  t.is(thumbnailOf({ url: '/storage/a.zip', suffix: 'zip' }, 'http://x'), 'http://x/api/ajax/buildSuffixSvg?suffix=zip');
  t.is(thumbnailOf({ url: '/storage/a' }, ''), '/api/ajax/buildSuffixSvg?suffix=file');
  t.like(accountColumn('admin_id'), { type: 'remoteSelect', remote: { resource: 'auth/admin', labelField: 'nickname' } });
  t.like(accountColumn('user_id'), { remote: { resource: 'user/user', labelField: 'nickname' } });
});

test('a column hidden at first keeps the rest of its definition', (t) => {
  t.deepEqual(hiddenColumn(sensitiveDataLog, 'ip'), { name: 'ip', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } });
  t.throws(() => hiddenColumn(sensitiveDataLog, 'nothing'));
});

test('a deleted row as table lines: secrets left out, nested values as JSON', (t) => {
  t.deepEqual(recordLines({ id: 5, username: 'keeper', password: 'hash', salt: '', mobile: null, extra: { a: 1 } }), [
    { column: 'id', value: '5', hidden: false },
    { column: 'username', value: 'keeper', hidden: false },
    { column: 'password', value: '', hidden: true },
    { column: 'salt', value: '', hidden: false },
    { column: 'mobile', value: '', hidden: false },
    { column: 'extra', value: '{"a":1}', hidden: false },
  ]);
  t.deepEqual(recordLines('broken'), []);
  t.is(resourceOfTable('news')?.name, 'content/news');
});

test('rule forms: tables of the functions, stored watched fields, the post', (t) => {
  const choices = {
    controllers: { 'user/user': 'user/user', 'auth/admin': 'auth/admin', 'content/news': 'content/news' },
    tables: {
      'user/user': { data_table: 'user', primary_key: 'id', columns: ['id', 'mobile'] },
      'auth/admin': { data_table: 'admin', primary_key: 'id', columns: ['id', 'username'] },
      'content/news': { data_table: 'news', primary_key: 'id', columns: ['id', 'title'] },
    },
  };
  t.deepEqual([...tablesOf(choices)], [['admin', ['id', 'username']], ['news', ['id', 'title']], ['user', ['id', 'mobile']]]);
  t.deepEqual(watchedOf({ mobile: 'Mobile', email: 3 }), { mobile: 'Mobile', email: 'email' });
  t.deepEqual(watchedOf(['mobile']), {});
  const values = { name: ' 会员 ', name_en: ' Members ', controller: 'user/user', data_table: 'user', primary_key: 'id', status: true };
  t.deepEqual(ruleBody(values, null), { name: '会员', name_en: 'Members', controller: 'user/user', data_table: 'user', primary_key: 'id', status: '1' });
  t.deepEqual(ruleBody({ ...values, status: false }, { mobile: 'Mobile', email: ' ' }), {
    name: '会员',
    name_en: 'Members',
    controller: 'user/user',
    data_table: 'user',
    primary_key: 'id',
    status: '0',
    data_fields: ['mobile', 'email'],
    fields: [
      { name: 'mobile', value: 'Mobile' },
      { name: 'email', value: 'email' },
    ],
  });
});
