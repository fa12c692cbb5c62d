import test from 'ava';
import ExcelJS from 'exceljs';
import { startServer, type TestServer } from '../helpers/server.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';
import { probeExtension } from '../fixtures/probe/index.ts';
import { MAX_IMPORT_BYTES, parseCsv } from '../../src/server/services/crud/import.ts';
import type { ImportReport } from '../../src/resources/transfer.ts';

// Export and import (issue 28, item 3): any list leaves as CSV (UTF-8 with a byte-order mark) or XLSX with its
// filters, order and quick search, titled in the admin's language, values as the list shows them, formulas
// neutralised, secrets never; files come back in through a dry run and then one transaction, checked by the
// resource's own validation. Only holders of the list's rule export; exports and imports are in the admin log.

let server: TestServer;
let token: string;
let admin: AdminCall;
let category: { id: number; name: string; name_en: string };

test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '0' }, probeExtension);
  token = await superToken(server);
  admin = asAdmin(server, token);
  category = await server.app.knex('news_category').orderBy('id').first<{ id: number; name: string; name_en: string }>('id', 'name', 'name_en');
  const now = Math.floor(Date.now() / 1000);
  const row = { category_id: category.id, summary: '', content: '<p>x</p>', cover: '/storage/a/cover.png', status: '1', weigh: 0, create_time: now, update_time: now };
  await server.app.knex('news').insert([
    { ...row, title: '导出测试甲', title_en: 'Export test A', publish_time: 1767225600 },
    { ...row, title: '导出测试乙', title_en: 'Export test B', publish_time: 1767229200, status: '0' },
    { ...row, title: '=HYPERLINK("http://evil.example","导出测试丙")', title_en: '+cmd', publish_time: 1767232800 },
    { ...row, title: '@SUM(1)导出测试丁', title_en: '-2+3', publish_time: 1767236400 },
  ]);
});
test.after.always(async () => {
  await server?.stop();
});

async function download(path: string, lang = 'en', with_token = token) {
  const res = await fetch(server.url + path, { headers: { server: 'true', batoken: with_token, 'think-lang': lang } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const search = `quickSearch=${encodeURIComponent('导出测试')}&order=publish_time,asc`;

test('a CSV export: the filtered, sorted list, its titles and values as the list shows them, UTF-8 with a BOM', async (t) => {
  const { res, bytes } = await download(`/admin/content.News/export?format=csv&${search}`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'text/csv; charset=utf-8');
  t.regex(res.headers.get('content-disposition') ?? '', /^attachment; filename="News-\d{8}-\d{6}\.csv"; filename\*=UTF-8''News-\d{8}-\d{6}\.csv$/);
  t.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
  const lines = parseCsv(bytes.toString('utf8'));
  t.deepEqual(lines[0], ['ID', 'Category', 'Title', 'Cover image', 'Published at', 'Status', 'Created']);
  t.is(lines.length, 5, 'the quick search kept four rows');
  const [a, b, c, d] = lines.slice(1);
  t.is(a![1], category.name_en || category.name, 'the relation by its label, in English');
  t.is(a![2], 'Export test A', 'localized values in the caller’s language');
  t.is(a![3], `${server.url}/storage/a/cover.png`, 'files by their full address');
  t.is(a![4], '2026-01-01 08:00:00', 'times in the site’s time zone');
  t.is(a![5], 'Published');
  t.is(b![5], 'Draft');
  t.is(c![2], "'+cmd", 'a formula is written as text');
  t.is(d![2], "'-2+3");
  const zh = parseCsv((await download(`/admin/content.News/export?${search}`, 'zh-cn')).bytes.toString('utf8'));
  t.deepEqual(zh[0], ['ID', '分类', '标题', '封面图', '发布时间', '状态', '创建时间']);
  t.is(zh[1]![2], '导出测试甲', 'Chinese intact');
  t.is(zh[3]![2], `'=HYPERLINK("http://evil.example","导出测试丙")`);
  t.is(zh[4]![2], "'@SUM(1)导出测试丁");
  // The columns the admin shows, in their order; unknown ones ignored.
  const chosen = parseCsv((await download(`/admin/content.News/export?${search}&columns=title,id,nope`)).bytes.toString('utf8'));
  t.deepEqual(chosen[0], ['Title', 'ID']);
  // A filter on the status.
  const drafts = parseCsv((await download(`/admin/content.News/export?${search}&search[0][field]=status&search[0][operator]=eq&search[0][val]=0`)).bytes.toString('utf8'));
  t.deepEqual(drafts.slice(1).map((l) => l[2]), ['Export test B']);
});

test('an XLSX export opens as a workbook with the same rows', async (t) => {
  const { res, bytes } = await download(`/admin/content.News/export?format=xlsx&${search}`, 'zh-cn');
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  t.is(sheet.name, '新闻资讯');
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
  t.is(rows.length, 5);
  t.deepEqual(rows[0], ['ID', '分类', '标题', '封面图', '发布时间', '状态', '创建时间']);
  t.is(rows[1]![2], '导出测试甲');
  t.is(rows[3]![2], `'=HYPERLINK("http://evil.example","导出测试丙")`);
  t.false('formula' in Object(sheet.getCell('C4').value), 'no formula cell');
  t.is((await download('/admin/content.News/export?format=pdf')).res.headers.get('content-type')?.includes('json'), true, 'an unknown format is refused');
  // A refused order is answered before the file starts (the fuzz walk once found such downloads hanging).
  for (const format of ['csv', 'xlsx']) {
    const refused = await download(`/admin/content.News/export?format=${format}&order=${encodeURIComponent("' OR 1=1 --")}`);
    t.true(refused.res.headers.get('content-type')?.includes('json'), `${format}: a bad order gets the envelope, not a file`);
    t.is((JSON.parse(refused.bytes.toString()) as { code: number }).code, 0);
  }
});

test('only holders of the list rule export; every export is in the admin log; secrets never leave', async (t) => {
  const writer = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content', 'content/news', 'content/news/add']))]);
  const refused = await download('/admin/content.News/export', 'en', writer.token);
  t.is(((await JSON.parse(refused.bytes.toString())) as { code: number }).code, 401);
  const reader = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content', 'content/news', 'content/news/index']))]);
  t.is((await download(`/admin/content.News/export?${search}`, 'en', reader.token)).res.status, 200);
  // Other tests of this file export at the same time: the reader's entries alone are counted.
  const logs = await server.app.knex('admin_log').where({ admin_id: reader.id }).select<{ title_en: string; url: string; data: string }[]>('title_en', 'url', 'data');
  t.is(logs.length, 1);
  t.like(logs[0], { title_en: 'Export' });
  t.regex(logs[0]!.url, /content\.News\/export/);
  t.regex(logs[0]!.data, /quickSearch/);

  // Members: no password or salt column; the probe: neither its secret key nor its hidden note.
  await server.app.knex('user').update({ password: 'SECRET-HASH', salt: 'SECRET-SALT' });
  const users = (await download('/admin/user.User/export?format=csv')).bytes.toString('utf8');
  t.false(/SECRET-(HASH|SALT)/.test(users));
  t.is((await admin('/admin/content.Probe/add', { body: { title: 'probe row' } })).code, 1);
  const probe = await server.app.knex('test_probe').first<{ api_key: string }>('api_key');
  for (const format of ['csv', 'xlsx']) {
    const file = (await download(`/admin/content.Probe/export?format=${format}&columns=id,title,api_key,internal_note`)).bytes;
    t.false(file.includes(probe.api_key) || file.includes('probe-hidden-note'), format);
  }
  const template = (await download('/admin/content.Probe/importTemplate')).bytes.toString('utf8');
  t.is(template, '\uFEFFTitle,Status,Weight\r\n', 'the template names the form’s columns only');
});

/** Posts a file to an import. */
async function importFile(path: string, name: string, content: Buffer | string, dryRun: boolean, lang = 'en'): Promise<{ code: number; msg: string; data: ImportReport }> {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const res = await fetch(`${server.url}${path}?dryRun=${dryRun ? 1 : 0}`, { method: 'POST', body: form, headers: { server: 'true', batoken: token, 'think-lang': lang } });
  return (await res.json()) as { code: number; msg: string; data: ImportReport };
}

test.serial('an import: a dry run reports each line; a file with a refused line adds nothing; the corrected one adds all at once', async (t) => {
  const { knex } = server.app;
  const count = async () => Number((await knex('news').count({ n: '*' }))[0]!.n);
  const before = await count();
  const csv = [
    'Title,Title (English),Category,Published at,Status,Ignored column',
    `导入甲,Import A,${category.name},2026-02-01 09:00:00,Published,x`,
    `,Import B without a Chinese title,${category.name},2026-02-01 09:00:00,Draft,`,
    `"导入丙, 带逗号",Import C,No such category,2026-02-01 09:00:00,Published,`,
    `导入丁,Import D,${category.id},not a date,Published,`,
  ].join('\r\n');
  const dry = await importFile('/admin/content.News/import', 'news.csv', `\uFEFF${csv}`, true);
  t.is(dry.code, 1, dry.msg);
  t.like(dry.data, { dryRun: true, imported: false, total: 4, added: 1, refused: 3 });
  t.deepEqual(dry.data.columns.map((c) => c.column), ['title', 'title_en', 'category_id', 'publish_time', 'status', null]);
  t.deepEqual(
    dry.data.lines.map((l) => [l.line, l.status, l.column]),
    [
      [2, 'add', ''],
      [3, 'refused', 'Title'],
      [4, 'refused', 'Category'],
      [5, 'refused', 'Published at'],
    ],
    'each refusal names its line and column',
  );
  t.is(dry.data.lines[1]!.message, 'required');
  t.is(dry.data.lines[2]!.message, 'Please enter a whole number');
  t.is(dry.data.lines[3]!.message, 'Please enter a valid date');
  t.is(await count(), before, 'a dry run adds nothing');
  const zh = await importFile('/admin/content.News/import', 'news.csv', csv, true, 'zh-cn');
  t.deepEqual(
    zh.data.lines.slice(1).map((l) => [l.column, l.message]),
    [
      ['标题', '必填项'],
      ['分类', '请输入整数'],
      ['发布时间', '请输入正确的日期'],
    ],
    'columns and reasons in the admin’s language',
  );

  const kept = await importFile('/admin/content.News/import', 'news.csv', csv, false);
  t.like(kept.data, { dryRun: false, imported: false, refused: 3 });
  t.is(await count(), before, 'one refused line: nothing is added');

  const fixed = ['标题,标题（英文）,分类,发布时间,状态', `导入甲,Import A,${category.name},2026-02-01 09:00:00,已发布`, `导入乙,Import B,${category.id},2026-02-02 09:00:00,草稿`, `"导入丙, 带逗号",Import C,${category.name},2026-02-03 09:00:00,1`].join('\n');
  const done = await importFile('/admin/content.News/import', 'news.csv', fixed, false, 'zh-cn');
  t.like(done.data, { dryRun: false, imported: true, total: 3, added: 3, refused: 0 });
  const rows = await knex('news').whereIn('title', ['导入甲', '导入乙', '导入丙, 带逗号']).orderBy('title').select<{ title: string; title_en: string; category_id: number; publish_time: number; status: string }[]>('title', 'title_en', 'category_id', 'publish_time', 'status');
  t.is(rows.length, 3);
  t.deepEqual(rows.find((r) => r.title === '导入乙'), { title: '导入乙', title_en: 'Import B', category_id: category.id, publish_time: 1769994000, status: '0' });
  t.is(rows.find((r) => r.title === '导入甲')!.status, '1');
  const log = await knex('admin_log').where('url', 'like', '%content.News/import%').orderBy('id', 'desc').first<{ title_en: string }>('title_en');
  t.is(log.title_en, 'Import');
});

test.serial('an XLSX file imports too; what an export wrote reads back', async (t) => {
  const exported = (await download(`/admin/content.News/export?format=xlsx&quickSearch=${encodeURIComponent('导出测试甲')}&columns=title,category_id,publish_time,status,cover`, 'zh-cn')).bytes;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(exported as unknown as ArrayBuffer);
  workbook.worksheets[0]!.getCell('A2').value = '从表格导入';
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const report = await importFile('/admin/content.News/import', 'news.xlsx', file, false, 'zh-cn');
  t.like(report.data, { imported: true, added: 1 });
  const row = await server.app.knex('news').where({ title: '从表格导入' }).first<{ category_id: number; publish_time: number; status: string; cover: string }>('category_id', 'publish_time', 'status', 'cover');
  t.deepEqual(row, { category_id: category.id, publish_time: 1767225600, status: '1', cover: '/storage/a/cover.png' });
});

test('bad files are refused with a clear message and change nothing', async (t) => {
  const cases: [string, Buffer | string, RegExp][] = [
    ['empty.csv', 'Title\r\n', /no lines to import/],
    ['binary.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]), /neither a CSV file in UTF-8 nor an XLSX workbook/],
    ['zip.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), /neither a CSV file in UTF-8 nor an XLSX workbook/],
    ['unknown.csv', 'Nope,Nothing\r\n1,2\r\n', /names none of this list's columns/],
    ['big.csv', `Title\n${'x\n'.repeat(10_001)}`, /At most 10000 lines/],
    ['huge.csv', Buffer.alloc(MAX_IMPORT_BYTES + 1, 'x'), /The file is larger than 10 MB/],
  ];
  for (const [name, content, message] of cases) {
    const answer = await importFile('/admin/content.News/import', name, content, false);
    t.is(answer.code, 0, name);
    t.regex(answer.msg, message, name);
  }
  const none = await fetch(`${server.url}/admin/content.News/import`, { method: 'POST', headers: { server: 'true', batoken: token, 'think-lang': 'en' } });
  t.regex(((await none.json()) as { msg: string }).msg, /Choose a CSV or XLSX file/);
  t.false(server.app.registry.all().some((r) => r.path === '/admin/routine.Config/export'), 'config answers its own screen, not a list');
});
