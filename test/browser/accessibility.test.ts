import { createRequire } from 'node:module';
import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { superToken } from '../helpers/admins.ts';
import { api } from '../helpers/server.ts';
import type { MenuNode } from '../../src/shared/account.ts';
import { adminPage } from './adminHelpers.ts';
import { MEMBERS_ONLY, memberPage, publicRoutes } from './publicRoutes.ts';

// What Lighthouse and axe-core report about the public pages and both login pages (issue 17, item 12): no
// WCAG 2.2 AA violation on a phone or a desktop, in either language. And every screen of the back office, with
// its add dialog, and of the member centre (issue 32, item 4).

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let routes: string[];

const suite = browserSuite(test);
test.before(async () => {
  routes = [...(await publicRoutes(suite.server.url)), '/admin/login'];
});

const inLang = (path: string, lang: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** axe-core over the page as it is now: WCAG 2.0–2.2 A and AA rules, and headings in order. */
async function violations(page: Page): Promise<Violation[]> {
  // Our CSP allows no inline or foreign script: the test's own script goes in around it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'heading-order': { enabled: true } },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

test.serial('axe-core finds no WCAG 2.2 AA violation on any public page or login page, phone or desktop, in either language', async (t) => {
  t.timeout(20 * 60_000, 'about ninety pages, each loaded and checked');
  t.true(routes.length >= 22, 'every public route and both login pages');
  // Every page is checked before the verdict, so one run names every violation.
  const failures: Record<string, Violation[]> = {};
  for (const viewport of VIEWPORTS) {
    const guest = await suite.browser.newPage();
    await guest.setBypassCSP(true);
    await guest.setViewport(viewport);
    const member = await memberPage(suite.server, suite.browser);
    await member.setBypassCSP(true);
    await member.setViewport(viewport);
    for (const lang of ['zh-cn', 'en']) {
      for (const route of routes) {
        const page = MEMBERS_ONLY.includes(route) ? member : guest;
        await page.goto(suite.server.url + inLang(route, lang), { waitUntil: 'networkidle0' });
        const found = await violations(page);
        if (found.length > 0) failures[`${viewport.name} ${lang} ${route}`] = found;
      }
    }
    await guest.close();
    await member.browserContext().close();
  }
  t.deepEqual(failures, {});
});

test.serial('what Lighthouse reports beyond axe: the first cover of a list loads first, "More" links name their section, the menu toggle is out of the desktop tab order', async (t) => {
  for (const list of ['/news', '/culture', '/brand', '/trail', '/canals']) {
    const html = await (await fetch(`${suite.server.url}${list}`)).text();
    const covers = [...html.matchAll(/<img[^>]*class="cover"[^>]*>/g)].map((m) => m[0]);
    t.true(covers.length >= 2, `${list}: a list of covers`);
    // HTML attribute names are case-free; React writes this one as fetchPriority.
    t.regex(covers[0]!, /fetchpriority="high"/i, `${list}: the first cover, the largest paint, is fetched first`);
    t.notRegex(covers[0]!, /loading="lazy"/, `${list}: the first cover is not lazy`);
    for (const later of covers.slice(1)) t.regex(later, /loading="lazy"/, `${list}: the covers below load lazily`);
  }
  const page = await suite.browser.newPage();
  for (const lang of ['zh-cn', 'en']) {
    await page.setViewport({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}${inLang('/', lang)}`);
    // The accessible text of every link, as a screen reader's list of links reads it.
    const names = await page.$$eval('a', (links) => links.map((a) => (a.textContent ?? '').replace(/\s+/g, ' ').trim()));
    const bare = names.filter((name) => ['more', '更多', 'read more', 'click here', 'here'].includes(name.toLowerCase()));
    t.deepEqual(bare, [], `${lang}: no link says only "More"`);
    t.true(names.some((name) => /^(More|更多) \S/.test(name)), `${lang}: "More" links name their section (${names.filter((n) => /More|更多/.test(n)).join(' | ')})`);
    const desktop = await page.$eval('#nav-toggle', (input) => getComputedStyle(input).display);
    t.is(desktop, 'none', `${lang}: on a desktop the always-open menu has no toggle to tab to`);
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const phone = await page.$eval('input#nav-toggle', (input) => ({ display: getComputedStyle(input).display, label: input.labels?.[0]?.textContent?.trim() ?? '' }));
    t.not(phone.display, 'none', `${lang}: on a phone the menu toggle is there`);
    t.not(phone.label, '', `${lang}: and it has a name`);
  }
  await page.close();
});

/** The pages of a menu tree (not its folders or external links), as paths below the app's base. */
function menuPages(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.type === 'menu' && n.menu_type === 'tab' ? [n.path] : []), ...menuPages(n.children ?? [])]);
}

/**
 * A function that waits until the page has drawn what it loads: no request of its own in flight for 300 ms and
 * no spinner left. (Counted here: puppeteer's waitForNetworkIdle never settled on the admin shell.) A request a
 * navigation cut off may report neither end, so the count starts afresh with each document, and a connection
 * held open stops the wait after ten seconds.
 */
function settling(page: Page): () => Promise<void> {
  let pending = new Set<unknown>();
  let changed = Date.now();
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) pending = new Set();
    pending.add(r);
    changed = Date.now();
  });
  const end = (r: unknown) => {
    pending.delete(r);
    changed = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return async () => {
    const giveUp = Date.now() + 10_000;
    while ((pending.size > 0 || Date.now() - changed < 300) && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 50));
    await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'));
  };
}

/** Every violation found, by screen: each test checks all its screens before its verdict, so one run names them all. */
async function check(failures: Record<string, Violation[]>, page: Page, where: string): Promise<void> {
  const found = await violations(page);
  if (found.length > 0) failures[where] = found;
}

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

test.serial('axe-core finds no WCAG 2.2 AA violation on any member-centre screen, phone or desktop, in either language', async (t) => {
  t.timeout(10 * 60_000, 'every member-centre screen, four times');
  const failures: Record<string, Violation[]> = {};
  const member = await memberPage(suite.server, suite.browser);
  await member.setBypassCSP(true);
  const settled = settling(member);
  const memberToken = await member.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
  const memberMenus = (await api<{ menus: MenuNode[] }>(suite.server.url, '/api/index/index', { headers: { 'ba-user-token': memberToken } })).body.data.menus;
  const pages = menuPages(memberMenus);
  t.true(pages.length >= 6, `every member-centre screen (${pages.join(', ')})`);
  for (const viewport of VIEWPORTS) {
    await member.setViewport(viewport);
    for (const lang of ['zh-cn', 'en']) {
      for (const path of pages) {
        await member.goto(`${suite.server.url}/user/${path}?lang=${lang}`);
        await member.waitForSelector('.member-content > h1');
        await settled();
        await check(failures, member, `member ${viewport.name} ${lang} ${path}`);
      }
    }
  }
  await member.browserContext().close();
  t.deepEqual(failures, {});
});
