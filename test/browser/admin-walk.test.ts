import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { superToken } from '../helpers/admins.ts';
import { api } from '../helpers/server.ts';
import { keyShapes, pageTexts, rawKeys } from '../helpers/translationKeys.ts';
import type { MenuNode } from '../../src/shared/account.ts';
import { adminPage, closeTab, closeWithEscape, showInApp, shownPane } from './adminHelpers.ts';
import { check, menuPages, settling, type Violation } from './axeHelpers.ts';
import { ServedSheets, wholeSheet } from './cutSheets.ts';

// One walk through every screen of the back office and its add dialog, in both languages, with every check that
// reads a screen as drawn made at each stop (a page load each costs the most, so they share the walk):
// - no WCAG 2.2 AA violation found by axe-core (issue 32, item 4); the dialogs in English, their markup does not
//   change with the language;
// - no translation key shown instead of its text (issue 17);
// - every class drawn that the whole stylesheet styles is still styled by the cut one served (scripts/purgeCss.ts,
//   issue 31), the shell's own menus and panels included.

const suite = browserSuite(test);
const whole = wholeSheet('src/styles/admin.scss');

/** What the walk found, by place: each kind of check keeps going, so one run names every failure. */
interface Findings {
  violations: Record<string, Violation[]>;
  keys: Record<string, string[]>;
  unstyled: Set<string>;
}

const shapes = keyShapes();
const sheets = new ServedSheets();

/** Reads the page as drawn now: axe (when asked), the translation keys, the classes. */
async function readScreen(page: Page, where: string, found: Findings, axe: boolean): Promise<void> {
  if (axe) await check(found.violations, page, where);
  const keys = rawKeys(await pageTexts(page), shapes);
  if (keys.length > 0) found.keys[where] = keys;
  for (const name of await sheets.unstyled(page, whole)) found.unstyled.add(`${where}: .${name}`);
}

for (const lang of ['zh-cn', 'en'] as const) {
  test.serial(`every admin screen and its add dialog (${lang}): no axe violation, no translation key, no class the cut stylesheet lost`, async (t) => {
    t.timeout(30 * 60_000, 'about seventy screens and their dialogs, each loaded and read');
    const token = await superToken(suite.server);
    const menus = (await api<{ menus: MenuNode[] }>(suite.server.url, '/admin/index/index', { headers: { batoken: token } })).body.data.menus;
    const screens = menuPages(menus);
    t.true(screens.length >= 30, `every admin screen (${screens.length})`);
    const found: Findings = { violations: {}, keys: {}, unstyled: new Set() };
    // axe goes in around the policy (axeHelpers.ts), which holds from the next document on: the walk's one.
    const { page, errors } = await adminPage(suite.server, suite.browser, '/robots.txt');
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.url}/admin/dashboard?lang=${lang}`);
    const settled = settling(page);
    await page.waitForSelector('[data-screen="dashboard"]');
    // The shell's own panels: the user and cache menus, the layout settings and the terminal.
    for (const [open, shown] of [
      ['[data-admin-menu]', '.dropdown-menu.show'],
      ['[data-clear-cache]', '.dropdown-menu.show'],
      ['[data-open-layout]', '.offcanvas.show'],
      ['[data-terminal-toggle]', '.modal.show'],
    ] as const) {
      await page.click(open);
      await page.waitForSelector(shown);
      await settled();
      await readScreen(page, `shell ${open}`, found, false);
      // A dropdown keeps the focus on its toggle, so there is no focus to wait for; axe has read it a while by now.
      if (shown === '.dropdown-menu.show') {
        await page.keyboard.press('Escape');
        await page.waitForFunction((sel: string) => !document.querySelector(sel), {}, shown);
      } else {
        await closeWithEscape(page, shown);
      }
    }
    // The walk stays in the one page: the shell's router follows each address as on the browser's back and
    // forward (popstate), so the admin bundle and axe-core load once instead of at every stop (a page load and
    // axe's injection cost about what the stop's checks do). Each stop is the pane of that page, shown.
    let shownTab: string | null = null;
    for (const screen of screens) {
      const path = `/admin/${screen}`;
      await showInApp(page, `${path}?lang=${lang}`);
      await page.waitForSelector(`${shownPane(path, '[data-screen], [data-crud-page], [data-tree-page], [data-page], iframe')}, [data-not-found]`);
      if (shownTab) await closeTab(page, shownTab);
      shownTab = path;
      await settled();
      await readScreen(page, screen, found, true);
      const add = await page.$(`section[data-pane="${path}"] [data-toolbar="add"]`);
      if (add) {
        await add.click();
        await page.waitForSelector('dialog[open], .modal.show');
        await settled();
        await readScreen(page, `${screen}: add dialog`, found, lang === 'en');
        await closeWithEscape(page, 'dialog[open], .modal.show');
      }
    }
    // Back on the dashboard with the last screen's tab still open: the tab bar as it is with tabs besides the
    // shown one (each stop above had its own tab only).
    await showInApp(page, `/admin/dashboard?lang=${lang}`);
    await page.waitForSelector(shownPane('/admin/dashboard', '[data-screen="dashboard"]'));
    await settled();
    await readScreen(page, 'dashboard, another tab open', found, true);
    if (shownTab) await closeTab(page, shownTab);
    // The screen search, with screens found and with none.
    await page.waitForSelector('[data-menu-search-open]');
    await settled();
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await page.waitForSelector('[data-menu-search] [role="option"][aria-selected="true"]');
    await readScreen(page, 'screen search', found, true);
    await page.keyboard.type('zzqx');
    await page.waitForSelector('[data-menu-search-empty]');
    await readScreen(page, 'screen search, nothing found', found, true);
    await page.close();
    t.deepEqual(found.violations, {});
    t.deepEqual(found.keys, {});
    t.deepEqual([...found.unstyled], []);
    t.deepEqual(errors, []);
  });
}
