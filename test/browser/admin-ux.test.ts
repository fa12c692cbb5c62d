import test from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { asAdmin, superToken } from '../helpers/admins.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { resources } from '../../src/resources/index.ts';
import { offers } from '../../src/resources/types.ts';
import { adminPage } from './adminHelpers.ts';

// What staff touch first in the back office (issue 17): read-only screens without dead buttons, the
// Streamline menu beside the header tools, dialogs with their buttons in view, one time zone, tables that fit.

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  ({ browser, close: closeBrowser } = await launchBrowser());
});

test.after.always(async () => {
  await closeBrowser?.();
  await server?.stop();
});

/** Waits until the screen's list has its rows (or its empty row) and nothing is loading. */
async function listed(page: Page): Promise<void> {
  await page.waitForSelector('table tbody tr');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

test.serial('admin log: read-only, each entry in a details dialog with the masked data pretty-printed, in both languages', async (t) => {
  // A refused add leaves an entry whose data carries a password the log must mask.
  const call = asAdmin(server, await superToken(server));
  await call('/admin/auth.Admin/add', { body: { username: 'x', password: 'Lock&Key9', nickname: 'Towpath <keeper>' } });
  const entry = await server.app.knex('admin_log').orderBy('id', 'desc').first<{ id: number }>('id');

  for (const lang of ['en', 'zh-cn'] as const) {
    const { page, errors } = await adminPage(server, browser, `/admin/auth/adminLog?lang=${lang}`, { width: 1366, height: 768 });
    await listed(page);
    const row = `tr[data-row-id="${entry.id}"]`;
    await page.waitForSelector(row);
    for (const button of ['[data-toolbar="add"]', '[data-toolbar="edit"]', '[data-toolbar="delete"]', '[data-action="edit"]', '[data-action="delete"]']) {
      t.is(await page.$(button), null, `${lang}: no ${button} on a read-only log`);
    }
    await page.click(`${row} [data-action="view"]`);
    await page.waitForSelector('dialog.crud-dialog [data-details]');
    const details = await page.$eval('dialog.crud-dialog', (d) => ({
      title: d.querySelector('h2')?.textContent ?? '',
      json: d.querySelector('[data-detail="data"] pre')?.textContent ?? '',
      fields: [...d.querySelectorAll('[data-detail]')].map((dd) => dd.getAttribute('data-detail')),
      close: d.querySelector('[data-details-close]')?.textContent ?? '',
    }));
    t.regex(details.title, lang === 'en' ? /Admin log · record \d+/ : /管理员日志 · 记录 \d+/);
    t.is(details.close, lang === 'en' ? 'Close' : '关闭');
    // Every column, the hidden user agent too; the data indented, the password masked, the rest as sent.
    t.deepEqual(details.fields, ['id', 'admin_id', 'username', 'title', 'url', 'data', 'ip', 'useragent', 'create_time']);
    t.regex(details.json, /^\{\n {2}"username": "x",\n {2}"password": "\*\*\*",\n {2}"nickname": "Towpath <keeper>"\n\}$/);
    t.false(details.json.includes('Lock&Key9'));
    await page.click('[data-details-close]');
    await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
    t.deepEqual(errors, []);
    await page.close();
  }
});

test.serial('no screen offers a button for an action the server does not have', async (t) => {
  const { page, errors } = await adminPage(server, browser, '/admin/dashboard?lang=en', { width: 1366, height: 768 });
  await page.waitForSelector('.admin-side a[data-menu]', { visible: false });
  const hrefs = await page.$$eval('.admin-side a[data-menu]', (links) => Object.fromEntries(links.map((a) => [a.dataset.menu!, (a as HTMLAnchorElement).href])));
  const buttons = { add: ['[data-toolbar="add"]'], edit: ['[data-toolbar="edit"]', '[data-action="edit"]'], del: ['[data-toolbar="delete"]', '[data-action="delete"]'] };
  let checked = 0;
  for (const def of resources) {
    const href = hrefs[def.name];
    if (!href) continue;
    await page.goto(href);
    // Screens of lists show a table; the configuration screen shows its groups as forms.
    await page.waitForSelector('.admin-pane table tbody tr, .admin-pane form');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const [action, selectors] of Object.entries(buttons)) {
      if (offers(def, action)) continue;
      for (const selector of selectors) t.is(await page.$(`.admin-pane ${selector}`), null, `${def.name} has no ${action}, so no ${selector}`);
    }
    checked++;
  }
  t.true(checked >= 20, `${checked} resource screens checked`);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('clicking the menu entry of the page already showing does nothing: no toast, no new history entry', async (t) => {
  for (const lang of ['en', 'zh-cn']) {
    const { page, errors } = await adminPage(server, browser, `/admin/auth/adminLog?lang=${lang}`, { width: 1366, height: 768 });
    await listed(page);
    const before = await page.evaluate(() => ({ url: location.href, length: history.length }));
    await page.click('.admin-side a[data-menu="auth/adminLog"]');
    // Longer than a toast takes to appear.
    await new Promise((resolve) => setTimeout(resolve, 600));
    t.is(await page.$eval('#portal-toasts', (box) => box.childElementCount).catch(() => 0), 0, `${lang}: no "already at the navigation target" toast`);
    t.deepEqual(await page.evaluate(() => ({ url: location.href, length: history.length })), before);
    t.deepEqual(errors, []);
    await page.close();
  }
});
