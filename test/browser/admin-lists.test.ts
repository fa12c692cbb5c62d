import test from 'ava';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage } from './adminHelpers.ts';

// What the list screens share: a list that fails to load says why and loads again on "Try again" (the generic
// resource page, a security list, the role groups and a resource tree), the trees' fold-all and unfold-all
// buttons, and the bilingual inputs of the role group dialog, which are the generic form's.

const suite = browserSuite(test, { ADMIN_PASSWORD });

/** Answers the first index request of `controller` with a refusal; the later ones go through. */
async function failFirstIndex(page: Page, controller: string): Promise<void> {
  let failed = false;
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    if (!failed && url.includes(`/${controller}/index`) && !url.includes('select=true')) {
      failed = true;
      void request.respond({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'The archive is resting', time: 0, data: null }) });
      return;
    }
    void request.continue();
  });
}

const visibleRows = (page: Page) => page.$$eval('table tbody tr[data-row-id]', (rows) => rows.length);

for (const [path, controller] of [
  ['/admin/auth/admin', 'auth.Admin'],
  ['/admin/security/sensitiveData', 'security.SensitiveData'],
  ['/admin/auth/group', 'auth.Group'],
  ['/admin/auth/rule', 'auth.Rule'],
] as const) {
  test.serial(`${path}: a list that fails to load says why, in the page language, and "Try again" loads it with the focus kept on the toolbar`, async (t) => {
    for (const [lang, retry, says] of [
      ['en', 'Try again', 'The list could not be loaded: The archive is resting'],
      ['zh-cn', '重试', '列表加载失败：The archive is resting'],
    ] as const) {
      const { page, errors } = await adminPage(suite.server, suite.browser, '/robots.txt');
      await failFirstIndex(page, controller);
      await page.goto(`${suite.server.url}${path}?lang=${lang}`);
      const alert = await page.waitForSelector('[data-list-error]');
      t.is(await alert!.evaluate((a) => a.getAttribute('role')), 'alert');
      t.is(await alert!.evaluate((a) => a.querySelector('span')?.textContent), says, `${lang}: the reason`);
      const button = await alert!.$('button');
      t.is(await button!.evaluate((b) => b.textContent), retry);
      await button!.focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-list-error]', { hidden: true });
      await page.waitForSelector('table tbody tr[data-row-id]');
      t.true((await visibleRows(page)) > 0, `${lang}: the rows after the retry`);
      t.true(await page.evaluate(() => document.activeElement?.matches('[data-toolbar="refresh"]')), `${lang}: the focus is on the refresh button, not lost`);
      t.deepEqual(errors, []);
      await page.close();
    }
  });
}

test.serial('trees fold and unfold all their branches and one branch at a time, below their menu rule\'s remark', async (t) => {
  const { knex } = suite.server.app;
  await knex('admin_rule').whereIn('name', ['auth/rule', 'auth/group']).update({ remark: 'Mind the lock gates' });
  t.teardown(() => knex('admin_rule').whereIn('name', ['auth/rule', 'auth/group']).update({ remark: '' }));
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/auth/rule?lang=en');
  const remark = async () => (await page.waitForSelector('[data-remark]'))!.evaluate((r) => [r.getAttribute('role'), r.textContent]);
  t.deepEqual(await remark(), ['note', 'Mind the lock gates']);
  // Menu rules start folded: only the top level shows.
  await page.waitForSelector('[data-tree-table] tbody tr[data-row-id]');
  const topLevel = await visibleRows(page);
  await page.click('[data-toolbar="expand"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-tree-table] tbody tr[data-row-id]').length > n, {}, topLevel);
  const all = await visibleRows(page);
  t.true(all > topLevel);
  t.true(await page.$$eval('[data-toggle-row]', (toggles) => toggles.every((b) => b.getAttribute('aria-expanded') === 'true')));
  // One branch folds on its own toggle; the rest stay open.
  const branch = await page.$eval('[data-toggle-row]', (b) => b.getAttribute('data-toggle-row')!);
  await page.click(`[data-toggle-row="${branch}"]`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-tree-table] tbody tr[data-row-id]').length < n, {}, all);
  t.is(await page.$eval(`[data-toggle-row="${branch}"]`, (b) => b.getAttribute('aria-expanded')), 'false');
  t.true((await visibleRows(page)) > topLevel);
  await page.click('[data-toolbar="collapse"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-tree-table] tbody tr[data-row-id]').length === n, {}, topLevel);

  // Role groups start unfolded (they are few): folding all leaves the top level.
  await page.goto(`${suite.server.url}/admin/auth/group?lang=en`);
  t.deepEqual(await remark(), ['note', 'Mind the lock gates']);
  await page.waitForSelector('[data-tree-table] tbody tr[data-depth="1"]');
  await page.click('[data-toolbar="collapse"]');
  await page.waitForSelector('[data-tree-table] tbody tr[data-depth="1"]', { hidden: true });
  await page.click('[data-toolbar="expand"]');
  await page.waitForSelector('[data-tree-table] tbody tr[data-depth="1"]');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('the role group dialog labels its bilingual name as the generic form does, and marks what is required', async (t) => {
  for (const [lang, zh, en, rules] of [
    ['en', 'Group name Chinese', 'Group name English (optional)', 'Permissions* (required)'],
    ['zh-cn', '组名 中文', '组名 英文 (选填)', '权限* (必填)'],
  ] as const) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/auth/group?lang=${lang}`);
    await page.waitForSelector('[data-tree-table] tbody tr[data-row-id]');
    await page.click('[data-toolbar="add"]');
    const form = '[data-group-form="auth/group"]';
    await page.waitForSelector(`${form} [data-field="name"]`);
    const labels = await page.$$eval(`${form} [data-field="name"] label`, (ls) => ls.map((l) => l.textContent));
    t.deepEqual(labels, [zh, en], lang);
    t.is(await page.$eval(`${form} [data-column="name"] input`, (i) => i.getAttribute('aria-required')), 'true');
    t.is(await page.$eval(`${form} [data-column="name_en"] input`, (i) => i.getAttribute('aria-required')), null);
    t.is(await page.$eval(`${form} [data-column="name_en"] input`, (i) => i.getAttribute('lang')), 'en');
    // The permissions are required too: their label carries the mark and its spoken form.
    t.is(await page.$eval(`${form} [data-column="rules"] .form-label`, (l) => l.textContent), rules);
    t.deepEqual(errors, []);
    await page.close();
  }
});

test.serial('every add dialog speaks its required marks: a star alone is not read out', async (t) => {
  // Each screen is loaded (its rows, nothing busy) before its add button is pressed, as staff would.
  for (const [path, ready, open, dialog] of [
    ['/admin/content/news', '[data-crud-page="content/news"] tbody tr[data-row-id]', '[data-toolbar="add"]', '[data-crud-form="content/news"] [data-field]'],
    ['/admin/auth/group', '[data-tree-table] tbody tr[data-row-id]', '[data-toolbar="add"]', '[data-group-form="auth/group"] [data-column="rules"]'],
    ['/admin/security/sensitiveData', '[data-screen="sensitive-rules"] tbody tr[data-row-id]', '[data-toolbar="add"]', '[data-rule-form="security/sensitiveData"] select'],
    ['/admin/routine/config', '[data-screen="config"] [data-config-panel="basics"]', '[data-config-add-open]', '[data-config-add] [data-add-input]'],
  ] as const) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `${path}?lang=en`);
    await page.waitForSelector(ready);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await page.click(open);
    await page.waitForSelector(dialog);
    const marks = await page.$$eval('dialog [aria-hidden="true"].text-danger', (stars) =>
      stars.map((star) => ({ star: star.textContent?.trim(), spoken: star.nextElementSibling?.matches('.visually-hidden') ? star.nextElementSibling.textContent : null })),
    );
    t.true(marks.length > 0, `${path}: has required inputs`);
    t.deepEqual(
      marks.filter((m) => m.spoken !== ' (required)'),
      [],
      `${path}: every star is followed by its spoken form`,
    );
    t.deepEqual(errors, [], path);
    await page.close();
  }
});
