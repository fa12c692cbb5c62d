import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserSuite } from '../helpers/browser.ts';
import { photo } from '../helpers/images.ts';
import { adminPage, isCall, pickRemote, setValue } from './adminHelpers.ts';

// Issue 32, item 1: a 1600 px photo inserted with the editor's image button fits the article's column on a
// phone and on a desktop, in both languages, and the phone downloads a resized copy instead of the original.

const suite = browserSuite(test);
let folder = '';
test.before(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-photos-'));
});
test.after.always(() => fs.rmSync(folder, { recursive: true, force: true }));

test.serial('a photo from the editor fits the article at 390 and 1366 px, and a phone loads a copy of its size', async (t) => {
  const file = path.join(folder, 'towpath.jpg');
  fs.writeFileSync(file, await photo(1600, 1000));

  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/content/news');
  const form = '[data-crud-form]';
  await page.waitForSelector('[data-crud-page="content/news"] [data-toolbar="add"]');
  await page.click('[data-crud-page="content/news"] [data-toolbar="add"]');
  await page.waitForSelector(`${form} [data-column="content"] .ProseMirror`);
  await pickRemote(page, `${form} [data-column="category_id"]`, '');
  await page.type(`${form} [data-column="title"] input`, '纤道晨光');
  await page.type(`${form} [data-column="title_en"] input`, 'Towpath at dawn');
  await setValue(page, `${form} [data-column="publish_time"] input`, '2026-03-01T09:30:00');
  for (const column of ['content', 'content_en']) {
    await page.click(`${form} [data-column="${column}"] .ProseMirror`);
    await (await page.$(`${form} [data-column="${column}"] input[data-editor-file]`))!.uploadFile(file);
    await page.waitForSelector(`${form} [data-column="${column}"] .ProseMirror img[src*="/storage/"]`);
  }
  // The editor shows the photo within its own width too.
  t.true(await page.$eval(`${form} [data-column="content"] .ProseMirror img`, (img) => img.getBoundingClientRect().width <= img.closest('.ProseMirror')!.clientWidth));
  const saved = page.waitForResponse(isCall('content.News/index'));
  await page.click('[data-form-submit]');
  await saved;
  const { id } = await suite.server.app.knex('news').where({ title: '纤道晨光' }).first<{ id: number }>();
  t.deepEqual(errors, []);
  await page.close();

  for (const [width, height, mobile] of [
    [390, 844, true],
    [1366, 900, false],
  ] as const) {
    for (const lang of ['zh-cn', 'en']) {
      const reader = await suite.browser.newPage();
      await reader.setViewport({ width, height, isMobile: mobile, hasTouch: mobile });
      await reader.goto(`${suite.server.url}/news/info?id=${id}&lang=${lang}`);
      const img = '.rich-text img';
      await reader.$eval(img, (e) => e.scrollIntoView());
      await reader.waitForFunction((s) => document.querySelector<HTMLImageElement>(s)?.complete && document.querySelector<HTMLImageElement>(s)!.naturalWidth > 0, {}, img);
      const shown = await reader.$eval(img, (e) => {
        const image = e as HTMLImageElement;
        const column = image.closest('article')!.getBoundingClientRect();
        const box = image.getBoundingClientRect();
        return { left: box.left, right: box.right, columnLeft: column.left, columnRight: column.right, source: image.currentSrc, ratio: box.height / box.width, page: document.documentElement.scrollWidth, client: document.documentElement.clientWidth };
      });
      const where = `${width} px, ${lang}`;
      t.true(shown.page <= shown.client, `${where}: the page is ${shown.page} px wide in ${shown.client}`);
      t.true(shown.left >= shown.columnLeft - 0.5 && shown.right <= shown.columnRight + 0.5, `${where}: the photo stays in its column`);
      t.true(Math.abs(shown.ratio - 1000 / 1600) < 0.01, `${where}: not stretched`);
      t.regex(shown.source, width < 600 ? /\.480w\.webp$/ : /\.960w\.webp$/, `${where}: a resized copy, not the 1600 px original`);
      await reader.close();
    }
  }
});
