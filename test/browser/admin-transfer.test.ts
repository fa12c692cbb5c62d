import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { parseCsv } from '../../src/server/services/crud/import.ts';
import { csvLine } from '../../src/server/services/crud/export.ts';
import { superToken } from '../helpers/admins.ts';
import { adminPage, isCall } from './adminHelpers.ts';

// Issue 28, item 3 in the browser: staff export a filtered list, correct the file, check it (a dry run that
// names the refused line and column) and import it. An English export writes the English values under the
// plain headings, so they come back into the Chinese (base) columns: the template names both.

const suite = browserSuite(test);

test('export a filtered list and import a corrected file after a dry run', async (t) => {
  const { server, browser } = suite;
  const { knex } = server.app;
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const now = Math.floor(Date.now() / 1000);
  const row = { category_id: category.id, summary: '', content: '<p>x</p>', cover: '', status: '1', weigh: 0, create_time: now, update_time: now, publish_time: 1767225600 };
  await knex('news').insert([
    { ...row, title: '运河导出一', title_en: 'Canal export one' },
    { ...row, title: '运河导出二', title_en: 'Canal export two' },
  ]);

  const { page, errors } = await adminPage(server, browser, '/admin/content/news?lang=en');
  const screen = '[data-crud-page="content/news"]';
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  const searched = page.waitForResponse(isCall('content.News/index'));
  await page.type(`${screen} [data-quick-search]`, '运河导出');
  await page.keyboard.press('Enter');
  await searched;
  await page.waitForFunction((s) => document.querySelectorAll(`${s} tbody tr[data-row-id]`).length === 2, {}, screen);

  const exported = page.waitForResponse(isCall('content.News/export'));
  await page.click(`${screen} [data-toolbar="export-csv"]`);
  const answer = await exported;
  t.is(answer.status(), 200);
  // Chromium does not hand a streamed download's body to the test: the same request is sent again from here.
  const url = new URL(answer.url());
  t.is(url.searchParams.get('quickSearch'), '运河导出', 'the list’s quick search');
  t.is(url.searchParams.get('page'), null, 'every matching row, not one page');
  const file = await fetch(url, { headers: { server: 'true', batoken: await superToken(server), 'think-lang': 'en' } });
  const lines = parseCsv(await file.text());
  t.is(lines.length, 3, 'the filtered list: a heading and two rows');
  const title = lines[0]!.indexOf('Title');
  t.deepEqual(lines.slice(1).map((l) => l[title]).sort(), ['Canal export one', 'Canal export two']);

  // The file is edited into two new rows, one of them without its title: the check refuses that line.
  const edited = (titles: [string, string]) => {
    const keep = lines[0]!.map((heading, i) => (['ID', 'Created'].includes(heading) ? -1 : i)).filter((i) => i >= 0);
    const body = lines.slice(1).map((l, n) => keep.map((i) => (i === title ? titles[n]! : l[i]!)));
    return [keep.map((i) => lines[0]![i]!), ...body].map(csvLine).join('');
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transfer-'));
  const bad = path.join(dir, 'bad.csv');
  const good = path.join(dir, 'good.csv');
  fs.writeFileSync(bad, edited(['Imported canal one', '']));
  fs.writeFileSync(good, edited(['Imported canal one', 'Imported canal two']));

  await page.click(`${screen} [data-toolbar="import"]`);
  const input = (await page.waitForSelector('input[data-import="file"]')) as ElementHandle<HTMLInputElement> | null;
  await input!.uploadFile(bad);
  let checked = page.waitForResponse(isCall('content.News/import', 'POST'));
  await page.click('[data-import="check"]');
  await checked;
  await page.waitForSelector('[data-import-report="dry-run"] [data-refused-line="3"]');
  t.deepEqual(await page.$eval('[data-refused-line="3"]', (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)), ['3', 'Title', 'required'].map(String));
  t.true(await page.$eval('[data-import="run"]', (b) => (b as HTMLButtonElement).disabled), 'no import while a line is refused');

  await input!.uploadFile(good);
  checked = page.waitForResponse(isCall('content.News/import', 'POST'));
  await page.click('[data-import="check"]');
  await checked;
  await page.waitForFunction(() => document.querySelector('[data-import-report="dry-run"]')?.textContent?.includes('Lines that can be added: 2; lines refused: 0'));
  t.is(await knex('news').whereIn('title', ['Imported canal one', 'Imported canal two']).count({ n: '*' }).then((r) => Number(r[0]!.n)), 0, 'a check adds nothing');
  const imported = page.waitForResponse(isCall('content.News/import', 'POST'));
  await page.click('[data-import="run"]');
  t.is((await (await imported).json()).data.added, 2);
  await page.waitForSelector('[data-import-report="import"]');
  t.is(await knex('news').whereIn('title', ['Imported canal one', 'Imported canal two']).count({ n: '*' }).then((r) => Number(r[0]!.n)), 2);
  fs.rmSync(dir, { recursive: true, force: true });
  t.deepEqual(errors, []);
});
