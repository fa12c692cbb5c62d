import test from 'ava';
import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { columnName, xlsxWorkbook, xmlText } from '../../src/server/services/xlsxWriter.ts';

// The export's workbook writer (issue 28, item 3: 100,000 rows in bounded memory): what it writes opens as a
// workbook, and rows are pulled from their source only as the reader takes the file.

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Batches of rows, counting how many were taken. */
function counted(batches: number, rows: number, pulled: { n: number }) {
  return (async function* () {
    for (let b = 0; b < batches; b++) {
      pulled.n++;
      yield Array.from({ length: rows }, (_, r) => [`第${b}批 row ${r}`, String(b * rows + r), `${'x'.repeat(200)}`]);
    }
  })();
}

test('a workbook of text cells reads back with a library: titles, Chinese, empty cells, XML characters', async (t) => {
  const rows = (async function* () {
    yield [['导出测试', '', 'a < b & "c"'], ['=1+1', 'tab\there', 'bell\u0007gone']];
    yield [['last', 'row', '']];
  })();
  const bytes = await bytesOf(xlsxWorkbook('News: [all]', ['标题', 'Second', 'Third'], rows));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  t.is(sheet.name, 'News   all', 'characters a sheet name cannot hold are replaced');
  const values = sheet.getSheetValues().slice(1).map((row) => Array.from((row as unknown[]).slice(1), (v) => (v === undefined || v === null ? '' : String(v))));
  t.deepEqual(values, [
    ['标题', 'Second', 'Third'],
    ['导出测试', '', 'a < b & "c"'],
    ['=1+1', 'tab\there', 'bellgone'],
    ['last', 'row'],
  ]);
  t.is(sheet.getCell('A3').type, ExcelJS.ValueType.String, 'a formula-looking text stays text');
});

test('rows are pulled only as the file is read', async (t) => {
  const pulled = { n: 0 };
  const stream = xlsxWorkbook('Big', ['a', 'b', 'c'], counted(200, 500, pulled));
  // The first bytes: the workbook's small parts and the start of the sheet.
  const first = stream[Symbol.asyncIterator]();
  await first.next();
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.true(pulled.n <= 2, `${pulled.n} batches read before the reader asked for them`);
  // The rest reads to the end, every batch once.
  let bytes = 0;
  for (let next = await first.next(); !next.done; next = await first.next()) bytes += (next.value as Buffer).length;
  t.is(pulled.n, 200);
  t.true(bytes > 0);
});

test('a reader that goes away stops the rows too', async (t) => {
  let started = false;
  let closed = false;
  const rows = (async function* () {
    try {
      started = true;
      for (;;) yield [['row']];
    } finally {
      closed = true;
    }
  })();
  const stream = xlsxWorkbook('Endless', ['a'], rows);
  const reading = stream[Symbol.asyncIterator]();
  while (!started) await reading.next();
  await reading.return?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.true(closed);
});

test('column names and XML text', (t) => {
  t.deepEqual([0, 25, 26, 51, 52, 701, 702].map(columnName), ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  t.is(xmlText('<a href="x">&\u0000\uD800</a>'), '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  t.is(xmlText('运河 😀'), '运河 😀');
});
