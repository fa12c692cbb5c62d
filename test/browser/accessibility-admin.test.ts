import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { superToken } from '../helpers/admins.ts';
import { api } from '../helpers/server.ts';
import type { MenuNode } from '../../src/shared/account.ts';
import { adminPage } from './adminHelpers.ts';
import { check, menuPages, settling, type Violation } from './axeHelpers.ts';

// No WCAG 2.2 AA violation on any screen of the back office, with its add dialog (issue 32, item 4).

const suite = browserSuite(test);

for (const lang of ['zh-cn', 'en'] as const) {
  test.serial(`axe-core finds no WCAG 2.2 AA violation on any admin screen${lang === 'en' ? ' or its add dialog' : ''} (${lang})`, async (t) => {
    t.timeout(30 * 60_000, 'about seventy screens (and their dialogs), each loaded and checked');
    const token = await superToken(suite.server);
    const menus = (await api<{ menus: MenuNode[] }>(suite.server.url, '/admin/index/index', { headers: { batoken: token } })).body.data.menus;
    const screens = menuPages(menus);
    t.true(screens.length >= 30, `every admin screen (${screens.length})`);
    const failures: Record<string, Violation[]> = {};
    const { page } = await adminPage(suite.server, suite.browser, '/admin/dashboard');
    await page.setBypassCSP(true);
    const settled = settling(page);
    for (const screen of screens) {
      await page.goto(`${suite.server.url}/admin/${screen}?lang=${lang}`);
      await page.waitForSelector('[data-screen], [data-crud-page], [data-tree-page], [data-page], iframe, [data-not-found]');
      await settled();
      await check(failures, page, `admin ${lang} ${screen}`);
      // The dialogs once, in English: their markup does not change with the language.
      const add = lang === 'en' ? await page.$('[data-toolbar="add"]') : null;
      if (add) {
        await add.click();
        await page.waitForSelector('dialog[open], .modal.show');
        await settled();
        await check(failures, page, `admin ${lang} ${screen}: add dialog`);
      }
    }
    // The screen search, with screens found and with none.
    await page.goto(`${suite.server.url}/admin/dashboard?lang=${lang}`);
    await page.waitForSelector('[data-menu-search-open]');
    await settled();
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await page.waitForSelector('[data-menu-search] [role="option"][aria-selected="true"]');
    await check(failures, page, `admin ${lang} screen search`);
    await page.keyboard.type('zzqx');
    await page.waitForSelector('[data-menu-search-empty]');
    await check(failures, page, `admin ${lang} screen search, nothing found`);
    await page.close();
    t.deepEqual(failures, {});
  });
}
