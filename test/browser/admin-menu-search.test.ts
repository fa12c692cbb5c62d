import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage, storeLayout } from './adminHelpers.ts';

const suite = browserSuite(test);

// Issue 28, item 4: staff find a screen by typing its name, in either language or by pinyin initials, with the
// keyboard alone (`/` or Ctrl+K, arrows, Enter, Escape), or with the header's button, in every layout.

type Opener = 'slash' | 'ctrl+k' | 'button';

async function openSearch(page: Page, how: Opener): Promise<void> {
  if (how === 'button') await page.click('[data-menu-search-open]');
  else if (how === 'slash') await page.keyboard.press('/');
  else {
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
  }
  await page.waitForSelector('[data-menu-search] input[role="combobox"]:focus');
}

/** Types `query` into the search, expects `screen` first among the screens found, and opens it with Enter. */
async function findAndOpen(page: Page, how: Opener, query: string, screen: string): Promise<void> {
  await openSearch(page, how);
  await page.keyboard.type(query);
  await page.waitForSelector(`[data-menu-search] [role="option"][aria-selected="true"][data-menu-search-option="${screen}"]`);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`.admin-pane[data-pane="/admin/${screen}"]:not([hidden])`);
  await page.waitForFunction(() => !document.querySelector('[data-menu-search]'));
}

const path = (page: Page) => new URL(page.url()).pathname;

test('in Chinese: a screen found by its Chinese name, its English name and its pinyin initials opens with Enter', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=zh-cn');
  await page.waitForSelector('[data-menu-search-open]');
  await findAndOpen(page, 'slash', '附件', 'routine/attachment');
  t.is(path(page), '/admin/routine/attachment');
  await findAndOpen(page, 'ctrl+k', 'brand act', 'content/activity');
  t.is(path(page), '/admin/content/activity');
  await findAndOpen(page, 'slash', 'xtpz', 'routine/config');
  t.is(path(page), '/admin/routine/config');
  t.is(await page.$$eval('.admin-tab-link', (tabs) => tabs.length), 4, 'each screen in a tab of its own');

  // The arrows move through what was found; the folder's name finds the screens inside it.
  await openSearch(page, 'ctrl+k');
  await page.keyboard.type('nrgl');
  await page.waitForSelector('[data-menu-search] [role="option"][aria-selected="true"]');
  const found = await page.$$eval('[data-menu-search] [role="option"]', (options) => options.map((o) => o.getAttribute('data-menu-search-option')));
  t.true(found.length > 3 && found.every((name) => name?.startsWith('content/')), found.join(', '));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const second = await page.$eval('[data-menu-search] [aria-selected="true"]', (o) => o.getAttribute('data-menu-search-option'));
  t.is(second, found[1]);
  t.is(await page.$eval('[data-menu-search] input', (i) => i.getAttribute('aria-activedescendant')), await page.$eval('[data-menu-search] [aria-selected="true"]', (o) => o.id));
  await page.keyboard.press('Enter');
  await page.waitForSelector(`.admin-pane[data-pane="/admin/${second}"]:not([hidden])`);

  // Nothing found says so; Escape closes and gives the focus back.
  await openSearch(page, 'button');
  await page.keyboard.type('zzqx');
  await page.waitForSelector('[data-menu-search-empty]');
  t.is(await page.$eval('[data-menu-search-empty]', (e) => e.textContent), '没有与“zzqx”匹配的页面。');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-menu-search]'));
  t.true(await page.$eval('[data-menu-search-open]', (b) => b === document.activeElement));
  t.deepEqual(errors, []);
  await page.close();
});

test('in English, in every layout: found by English, Chinese and pinyin; `/` in a text field stays a slash', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en');
  await page.waitForSelector('[data-menu-search-open][aria-label="Find a screen (/ or Ctrl+K)"]');
  await findAndOpen(page, 'slash', 'attach', 'routine/attachment');
  await findAndOpen(page, 'ctrl+k', '品牌活动', 'content/activity');
  await findAndOpen(page, 'button', 'fjgl', 'routine/attachment');
  t.is(path(page), '/admin/routine/attachment');

  // Typing `/` into a field writes it.
  await page.click('[data-pane="/admin/routine/attachment"] [data-quick-search]');
  await page.keyboard.type('a/b');
  t.is(await page.$eval('[data-pane="/admin/routine/attachment"] [data-quick-search]', (i) => (i as HTMLInputElement).value), 'a/b');
  t.is(await page.$('[data-menu-search]'), null);

  for (const layoutMode of ['Classic', 'Streamline', 'Default']) {
    await storeLayout(page, suite.server, { layoutMode, isDark: false });
    await page.goto(`${suite.server.url}/admin/dashboard?lang=en`);
    await page.waitForSelector(`.admin-app[data-layout="${layoutMode}"] [data-menu-search-open]`, { visible: true });
    await findAndOpen(page, 'ctrl+k', 'Admin log', 'auth/adminLog');
    t.is(path(page), '/admin/auth/adminLog', layoutMode);
  }
  t.deepEqual(errors, []);
  await page.close();
});
