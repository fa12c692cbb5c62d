import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage, openMenu } from './adminHelpers.ts';

// Admin tables give the room to what matters (issue 32, item 3): the title column takes what is left and stays
// readable on a phone, low-priority columns give way on a desktop so that a title is not cut while others have
// room to spare, dates take at most two lines, headers wrap only between words; and many open tabs scroll
// instead of cutting the first.

const suite = browserSuite(test);
const LANGS = ['zh-cn', 'en'] as const;
const VIEWPORTS = [
  { width: 390, height: 844, isMobile: true, hasTouch: true },
  { width: 1366, height: 768 },
];

/** The headers of a table whose text is narrower than its longest word (a Chinese header counts as one word). */
function brokenHeaders(page: Page, table: string): Promise<string[]> {
  return page.$$eval(`${table} thead th`, (headers) =>
    headers.flatMap((th) => {
      // What shows (a header only screen readers hear, such as the drag column's, takes no room).
      const text = (th as HTMLElement).innerText.trim();
      if (!text || th.querySelector('.visually-hidden')?.textContent?.trim() === text) return [];
      const probe = document.createElement('span');
      const style = getComputedStyle(th.querySelector('button') ?? th);
      Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', whiteSpace: 'nowrap', font: style.font, letterSpacing: style.letterSpacing });
      document.body.append(probe);
      const widest = Math.max(...text.split(/\s+/).map((word) => ((probe.textContent = word), probe.getBoundingClientRect().width)));
      probe.remove();
      const box = th.getBoundingClientRect().width - parseFloat(getComputedStyle(th).paddingLeft) - parseFloat(getComputedStyle(th).paddingRight);
      return box + 1 < widest ? [`${text} (${Math.round(box)} < ${Math.round(widest)} px)`] : [];
    }),
  );
}

/** Cells whose text runs over more than `most` lines. */
function wrappedCells(page: Page, cells: string, most: number): Promise<string[]> {
  return page.$$eval(
    cells,
    (tds, limit) =>
      tds.flatMap((td) => {
        // The line boxes of its text alone (an element's own box would count as a line of its own).
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        const lines = new Set<number>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) lines.add(Math.round(r.top));
        }
        return lines.size > limit ? [`${td.textContent} (${lines.size} lines)`] : [];
      }),
    most,
  );
}

test.serial('news, activities, roles and attachments: the title is readable on a phone and headers never break inside a word', async (t) => {
  const screens = [
    { path: 'content/news', main: true },
    { path: 'content/activity', main: true },
    { path: 'auth/group', main: false },
    { path: 'routine/attachment', main: false },
  ];
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGS) {
      const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/dashboard?lang=${lang}`, viewport);
      for (const { path, main } of screens) {
        const where = `${viewport.width} ${lang} ${path}`;
        await page.goto(`${suite.server.url}/admin/${path}?lang=${lang}`);
        const table = `[data-pane="/admin/${path}"] table`;
        // Loaded (a fresh site has no attachments: their headers are checked all the same).
        await page.waitForSelector(`${table} tbody tr`);
        await page.waitForFunction((p) => !document.querySelector(`[data-pane="${p}"] [aria-busy]`), {}, `/admin/${path}`);
        t.deepEqual(await brokenHeaders(page, table), [], `${where}: headers`);
        // On a phone the title keeps a readable width and the table scrolls in its own box.
        if (main && viewport.width < 500) {
          const width = await page.$eval(`${table} td.crud-main`, (td) => td.getBoundingClientRect().width);
          t.true(width >= 150, `${where}: the title column is ${Math.round(width)} px wide (at least 150)`);
        }
        // The page itself never scrolls sideways: a wide table scrolls in its own box.
        t.false(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1), `${where}: the page keeps its width`);
      }
      t.deepEqual(errors, []);
      await page.close();
    }
  }
});

test.serial('with many tabs open the strip scrolls, by wheel too, and the first tab shows whole at its start', async (t) => {
  for (const lang of LANGS) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/dashboard?lang=${lang}`, { width: 1366, height: 768 });
    for (const name of ['content/news', 'content/activity', 'content/trail', 'auth/group', 'auth/admin', 'auth/rule', 'user/user', 'user/group', 'routine/config', 'routine/attachment', 'routine/adminInfo', 'security/sensitiveData']) {
      await openMenu(page, name);
      await page.waitForSelector(`a[data-tab="/admin/${name}"]`);
    }
    const strip = '.admin-tabs-scroll';
    const state = () => page.$eval(strip, (s) => ({ scrollLeft: s.scrollLeft, scrollable: s.scrollWidth - s.clientWidth, bar: getComputedStyle(s).scrollbarWidth }));
    const opened = await state();
    t.true(opened.scrollable > 0, `${lang}: more tabs than room`);
    t.not(opened.bar, 'none', `${lang}: a scroll bar says there is more`);
    t.true(opened.scrollLeft > 0, `${lang}: the strip shows the tab just opened`);
    const box = (await (await page.$(strip))!.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel({ deltaY: -5000 });
    await page.waitForFunction((s) => document.querySelector(s)!.scrollLeft === 0, {}, strip);
    const first = await page.$eval('a[data-tab="/admin/dashboard"]', (a) => {
      const tab = a.getBoundingClientRect();
      const strip = a.closest('.admin-tabs-scroll')!.getBoundingClientRect();
      return { inside: tab.left >= strip.left - 0.5 && tab.right <= strip.right + 0.5, whole: a.scrollWidth <= a.clientWidth };
    });
    t.deepEqual(first, { inside: true, whole: true }, `${lang}: the first tab shows whole`);
    t.is(await page.evaluate(() => document.scrollingElement!.scrollLeft), 0, `${lang}: the page did not scroll sideways`);
    t.deepEqual(errors, []);
    await page.close();
  }
});

test.serial('at 1366 px English activity titles take the room: the key and the created time give way, staff can show them again, dates take two lines at most', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en', { width: 1366, height: 768 });
  await page.goto(`${suite.server.url}/admin/content/activity?lang=en`);
  const pane = '[data-pane="/admin/content/activity"]';
  const table = `${pane} table`;
  await page.waitForSelector(`${table} tbody tr`);
  await page.waitForFunction((p) => !document.querySelector(`${p} [aria-busy]`), {}, pane);
  const titles = await page.$$eval(`${table} td.crud-main`, (tds) =>
    tds.map((td) => {
      const text = td.querySelector('.crud-text')!;
      return { text: text.textContent ?? '', width: td.getBoundingClientRect().width, whole: text.scrollWidth <= text.clientWidth + 0.5 };
    }),
  );
  t.true(titles.some((title) => title.text.startsWith('Cultural and Natural Heritage')), titles.map((title) => title.text).join(' / '));
  for (const title of titles) t.true(title.whole || title.width >= 240, `"${title.text}": ${Math.round(title.width)} px, ${title.whole ? 'whole' : 'cut'}`);
  t.deepEqual(await wrappedCells(page, `${table} td.crud-datetime`, 2), [], 'dates');
  t.false(await page.$eval(`${pane} .table-responsive`, (box) => box.scrollWidth > box.clientWidth + 1), 'the table fits');

  // What gave way shows unticked in the column chooser; ticking it brings it back, for good.
  const headers = () => page.$$eval(`${table} thead th[data-column]`, (ths) => ths.map((th) => th.getAttribute('data-column')));
  t.false((await headers()).includes('create_time'));
  t.false((await headers()).includes('id'));
  t.true((await headers()).includes('start_time'), "the activity's own times stay");
  await page.click(`${pane} [data-toolbar="columns"]`);
  t.false(await page.$eval(`${pane} [data-column-toggle="create_time"]`, (box) => (box as HTMLInputElement).checked));
  await page.click(`${pane} [data-column-toggle="create_time"]`);
  await page.waitForFunction((sel) => document.querySelector(`${sel} thead th[data-column="create_time"]`), {}, table);
  t.true(await page.$eval(`${pane} [data-column-toggle="create_time"]`, (box) => (box as HTMLInputElement).checked));
  await page.evaluate(() => localStorage.removeItem('crudColumns:content/activity'));
  t.deepEqual(errors, []);
  await page.close();
});
