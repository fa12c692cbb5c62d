import path from 'node:path';
import test from 'ava';
import type { Page } from 'puppeteer-core';
import * as sass from 'sass';
import { SASS_OPTIONS } from '../../scripts/sassOptions.ts';
import { browserSuite } from '../helpers/browser.ts';
import { superToken } from '../helpers/admins.ts';
import { api } from '../helpers/server.ts';
import type { MenuNode } from '../../src/shared/account.ts';
import { adminPage } from './adminHelpers.ts';
import { menuPages, settling } from './axeHelpers.ts';

// The back office's stylesheet is cut at build time to the classes its sources name (scripts/purgeCss.ts, issue
// 31). Its markup is drawn in the browser, so the check walks it there: every class a screen, its add dialog or
// the shell's menus and panels carry that the whole stylesheet styles must still be styled by what was served.

const suite = browserSuite(test);
const ROOT = path.resolve(import.meta.dirname, '../..');

const whole = sass.compile(path.join(ROOT, 'src/styles/admin.scss'), {
  loadPaths: [path.join(ROOT, 'node_modules')],
  ...SASS_OPTIONS,
  silenceDeprecations: [...SASS_OPTIONS.silenceDeprecations],
  logger: sass.Logger.silent,
}).css;

const styles = (css: string, name: string) => new RegExp(`\\.${name.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`).test(css);

/** The classes the page carries now, and the addresses of the stylesheets it has linked so far. */
function drawn(page: Page): Promise<{ classes: string[]; sheets: string[] }> {
  return page.evaluate(() => ({
    classes: [...new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]))],
    sheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href),
  }));
}

test.serial('every class the back office draws keeps its rules in the cut stylesheet', async (t) => {
  t.timeout(15 * 60_000, 'about seventy screens and their add dialogs');
  const token = await superToken(suite.server);
  const menus = (await api<{ menus: MenuNode[] }>(suite.server.url, '/admin/index/index', { headers: { batoken: token } })).body.data.menus;
  const screens = menuPages(menus);
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en');
  const settled = settling(page);
  const served = new Map<string, string>();
  const lost = new Set<string>();
  const compare = async (where: string) => {
    await settled();
    const { classes, sheets } = await drawn(page);
    for (const href of sheets) if (!served.has(href)) served.set(href, await (await fetch(href)).text());
    const css = [...served.values()].join('\n');
    for (const name of classes) if (styles(whole, name) && !styles(css, name)) lost.add(`${where}: .${name}`);
  };
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
    await compare(`shell ${open}`);
    await page.keyboard.press('Escape');
    await page.waitForFunction((sel: string) => !document.querySelector(sel), {}, shown);
  }
  for (const screen of screens) {
    await page.goto(`${suite.server.url}/admin/${screen}?lang=en`);
    await page.waitForSelector('[data-screen], [data-crud-page], [data-tree-page], [data-page], iframe, [data-not-found]');
    await compare(screen);
    const add = await page.$('[data-toolbar="add"]');
    if (add) {
      await add.click();
      await page.waitForSelector('dialog[open], .modal.show');
      await compare(`${screen}: add dialog`);
    }
  }
  t.true(screens.length >= 30, `every admin screen (${screens.length})`);
  t.deepEqual([...lost], []);
  t.deepEqual(errors, []);
  await page.close();
});
