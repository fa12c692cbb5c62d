import fs from 'node:fs';
import test from 'ava';
import type { Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, createMember, solvedCaptcha } from '../helpers/accounts.ts';
import { browserSuite, collectErrors, toastText } from '../helpers/browser.ts';
import { api } from '../helpers/server.ts';
import { standInManagers } from '../helpers/terminal.ts';
import { closeWithEscape } from './adminHelpers.ts';
import { isCaptcha, solveCaptcha, waitForPath } from './userHelpers.ts';

// The admin shell: login through the click captcha, the dashboard's figures, pages as tabs that survive a
// reload, layout modes and dark mode that survive one too, the loading → not-found route, the language
// switch, the terminal panel's controls, cache clearing and logout; then the phone layout.

// The package manager dialog offers the managers the server finds: a yarn stand-in on PATH makes one to
// switch to on every machine (CI has none).
const standIns = standInManagers({ yarn: { version: '1.22.22' } });
const suite = browserSuite(test, { ADMIN_PASSWORD });
test.after.always(() => fs.rmSync(standIns.dir, { recursive: true, force: true }));
test.before(async () => {
  // Members who joined today: the dashboard must count them, not show demo numbers.
  for (let i = 0; i < 3; i++) await createMember(suite.server);
});

async function newPage(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width, height, isMobile: width < 600 });
  const errors = collectErrors(page);
  return { page, errors };
}

const activeTab = (page: Page) => page.$eval('.admin-tab-link[aria-current="page"]', (a) => a.getAttribute('data-tab'));
const tabPaths = (page: Page) => page.$$eval('.admin-tab-link', (links) => links.map((a) => a.getAttribute('data-tab')));
const stored = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

/** Opens a menu page from the side menu (or the drawer), unfolding its folder first when it is closed. */
async function openFromSideMenu(page: Page, scope: string, name: string): Promise<void> {
  const link = `${scope} a[data-menu="${name}"]`;
  await page.$eval(link, (a) => a.closest<HTMLElement>('ul[hidden]')?.previousElementSibling?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
  await page.waitForSelector(link, { visible: true });
  await page.click(link);
}

/** Waits until the layout's transitions (menu width, header position) have finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

/** Opens the layout panel and waits until it has slid in. */
async function openLayoutSettings(page: Page): Promise<void> {
  await page.click('[data-open-layout]');
  await page.waitForSelector('[data-layout-settings].show');
  await settled(page);
}

test.serial('the admin logs in through the captcha and works with tabs, layouts, languages and the tools', async (t) => {
  const { page, errors } = await newPage(1280, 800);

  // --- login at /admin/login through the click captcha ------------------------------------------------------
  // Chromium asks for English; the Chinese default is chosen explicitly (and remembered in a cookie).
  await page.goto(`${suite.server.url}/admin/login?lang=zh-cn`);
  t.is(await page.title(), '管理员登录 - 大运河文化协会');
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form:not([role="search"]) button[type="submit"]')?.disabled === false);
  // The schema speaks first: a too short username never reaches the server.
  await page.type('#admin-login-username', 'ad');
  await page.click('form:not([role="search"]) button[type="submit"]');
  // The form's messages load with the first problem (a chunk of their own): on a slow network they come later.
  await page.waitForSelector('#admin-login-username-error');
  t.is(await page.$eval('#admin-login-username-error', (e) => e.textContent), '用户名为 3 到 30 个字符');
  await page.type('#admin-login-username', 'min');
  await page.type('#admin-login-password', ADMIN_PASSWORD);
  await page.click('#admin-login-keep');
  const captcha = page.waitForResponse(isCaptcha);
  await page.click('form:not([role="search"]) button[type="submit"]');
  await solveCaptcha(suite.server, page, captcha);
  await waitForPath(page, '/admin/dashboard');
  const info = (await stored(page, 'adminInfo')) as Record<string, unknown>;
  t.is(info.username, 'admin');
  t.regex(String(info.token), /\S{20,}/);
  t.regex(String(info.refresh_token), /\S{20,}/, 'keep me logged in brings a refresh token');

  // --- the dashboard with real figures ----------------------------------------------------------------------
  await page.waitForSelector('[data-screen="dashboard"] svg[data-chart]');
  t.is(await page.title(), '控制台 - 大运河文化协会');
  t.is(await page.$eval('[data-total="members"]', (e) => e.textContent), '3');
  t.is(await page.$$eval('.admin-card:not([data-paid-chart]) svg[data-chart] circle', (c) => c.length), 30, 'one point per day of members joining');
  t.is(await page.$eval('figure table tbody tr:last-child td', (td) => td.textContent), '3', 'today: three members joined');
  t.true((await page.$$('[data-content-counts] tbody tr')).length >= 5);
  t.regex(await page.$eval('[data-activity]', (e) => e.textContent ?? ''), /admin/);
  t.is(await page.$eval('.admin-app', (e) => e.getAttribute('data-layout')), 'Default');

  // --- menu pages open as tabs ---------------------------------------------------------------------------------
  await openFromSideMenu(page, '.admin-side', 'routine/adminInfo');
  await waitForPath(page, '/admin/routine/adminInfo');
  await page.waitForSelector('[data-screen="adminInfo"] #admin-info-nickname');
  t.is(await page.title(), '个人资料 - 大运河文化协会');
  await openFromSideMenu(page, '.admin-side', 'content/news');
  await waitForPath(page, '/admin/content/news');
  await page.waitForSelector('[data-pane="/admin/content/news"]');
  t.deepEqual(await tabPaths(page), ['/admin/dashboard', '/admin/routine/adminInfo', '/admin/content/news']);
  t.is(await activeTab(page), '/admin/content/news');
  // Back to the dashboard by its tab: the profile stays mounted behind (its rule keeps it alive).
  await page.click('a[data-tab="/admin/dashboard"]');
  await waitForPath(page, '/admin/dashboard');
  t.is(await activeTab(page), '/admin/dashboard');
  t.true(await page.$eval('[data-pane="/admin/routine/adminInfo"]', (e) => (e as HTMLElement).hidden));
  // The current page again: its menu entry does nothing (the "already there" message is for navigation a
  // screen asks for, not for a click).
  await page.click('.admin-side a[data-menu="dashboard"]');
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.false(await page.evaluate(() => [...document.querySelectorAll('#portal-toasts .alert')].some((a) => a.textContent === '导航失败，已在导航目标位置！')));
  t.is(await activeTab(page), '/admin/dashboard');

  // Close the profile tab with its cross.
  await page.click('li.admin-tab:nth-child(2) .admin-tab-close');
  await page.waitForFunction(() => document.querySelectorAll('.admin-tab-link').length === 2);
  t.deepEqual(await tabPaths(page), ['/admin/dashboard', '/admin/content/news']);
  t.is(await page.$('[data-pane="/admin/routine/adminInfo"]'), null, 'its screen is gone');

  // The tab menu by keyboard: Shift+F10 on a tab, then "move left" on the first tab is out of range.
  await page.focus('a[data-tab="/admin/dashboard"]');
  await page.keyboard.down('Shift');
  await page.keyboard.press('F10');
  await page.keyboard.up('Shift');
  await page.waitForSelector('[data-tab-menu]');
  t.is(await page.evaluate(() => document.activeElement?.getAttribute('data-command')), 'refresh', 'the first command has the focus');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  t.is(await page.evaluate(() => document.activeElement?.getAttribute('data-command')), 'moveLeft');
  await page.keyboard.press('Enter');
  await toastText(page, '移动位置超出了可移动范围！');
  // Right click offers the same menu; Escape closes it and gives the focus back to the tab.
  await page.click('a[data-tab="/admin/content/news"]', { button: 'right' });
  await page.waitForSelector('[data-tab-menu]');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-tab-menu]'));
  t.is(await page.evaluate(() => document.activeElement?.getAttribute('data-tab')), '/admin/content/news');

  // --- the open tabs survive a reload ---------------------------------------------------------------------------
  await page.reload();
  await page.waitForSelector('[data-screen="dashboard"] svg[data-chart]');
  t.deepEqual(await tabPaths(page), ['/admin/dashboard', '/admin/content/news']);
  t.is(await activeTab(page), '/admin/dashboard');
  t.deepEqual(await stored(page, 'tabView'), { tabs: [{ path: '/admin/dashboard', search: '' }, { path: '/admin/content/news', search: '' }] });

  // --- layout modes and dark mode, kept over a reload -----------------------------------------------------------
  // The colour the active tab is painted with (the variable: the paint itself fades over 0.2 s).
  const tabBackground = () => page.$eval('.admin-app', (e) => (e as HTMLElement).style.getPropertyValue('--admin-header-bar-tab-active-background'));
  const defaultTab = await tabBackground();
  await openLayoutSettings(page);
  await page.click('label[for="layout-mode-Classic"]');
  await page.waitForSelector('.admin-app[data-layout="Classic"]');
  await settled(page);
  t.not(await tabBackground(), defaultTab, 'Classic shifts the tab background');
  t.is(await page.$eval('.admin-header', (e) => e.getBoundingClientRect().height), 50);
  t.is(await page.$eval('.admin-header', (e) => e.getBoundingClientRect().left), 0, 'the Classic header spans the width');
  t.is(await page.$eval('.admin-side', (e) => e.getBoundingClientRect().top), 50, 'the side menu sits below it');
  await closeWithEscape(page, '[data-layout-settings]');
  await openLayoutSettings(page);
  await page.click('label[for="layout-mode-Default"]');
  await page.waitForSelector('.admin-app[data-layout="Default"]');
  await settled(page);
  t.is(await tabBackground(), defaultTab, 'and Default shifts it back');
  await page.click('label[for="layout-mode-Streamline"]');
  await page.waitForSelector('.admin-app[data-layout="Streamline"]');
  await settled(page);
  t.is(await page.$('.admin-side'), null, 'Streamline has no side menu');
  t.is(await page.$eval('.admin-header', (e) => e.getBoundingClientRect().height), 60);
  await closeWithEscape(page, '[data-layout-settings]');
  await openLayoutSettings(page);
  await page.click('#layout-dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
  await closeWithEscape(page, '[data-layout-settings]');

  await page.reload();
  await page.waitForSelector('[data-screen="dashboard"] svg[data-chart]');
  t.is(await page.$eval('.admin-app', (e) => e.getAttribute('data-layout')), 'Streamline');
  t.is(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme')), 'dark');
  // In Streamline the menu runs across the top: a folder opens as a drop-down.
  // Which folders fit beside the header tools depends on the fonts' glyph widths: the folder is opened where it is,
  // in view or under "More", and both places lead to the page.
  const place = await page.evaluate(() => {
    const folder = [...document.querySelectorAll<HTMLButtonElement>('.admin-topmenu:not(.admin-topmenu-ruler) > li > .dropdown > button:not([data-more-menu])')].find((b) => b.textContent?.includes('常规管理'));
    (folder ?? document.querySelector<HTMLButtonElement>('[data-more-menu]'))?.click();
    return folder ? 'in view' : 'more';
  });
  await page.waitForSelector('.admin-topmenu a[data-menu="routine/adminInfo"]', { visible: true });
  if (place === 'more') t.regex(await page.$eval('.admin-topmenu a[data-menu="routine/adminInfo"]', (a) => a.closest('.dropdown-menu')?.textContent ?? ''), /常规管理/, 'under "More" the folder heads its pages');
  await page.click('.admin-topmenu a[data-menu="routine/adminInfo"]');
  await waitForPath(page, '/admin/routine/adminInfo');
  await page.waitForSelector('[data-screen="adminInfo"] #admin-info-nickname');

  // --- an unknown admin path goes through the loading route to the not-found state -------------------------------
  await page.goto(`${suite.server.url}/admin/no/such/page?x=1`);
  const here = await waitForPath(page, /^\/admin\/loading\//);
  t.deepEqual(JSON.parse(decodeURIComponent(here.slice('/admin/loading/'.length))), { path: '/admin/no/such/page', query: { x: '1' } });
  await page.waitForSelector('[data-not-found]');
  t.is(await page.title(), '页面未找到 - 大运河文化协会');

  // --- English: the other language, menu titles included ----------------------------------------------------------
  await page.click('[data-lang-switch]');
  await page.waitForSelector('[data-lang="en"]', { visible: true });
  await Promise.all([page.waitForNavigation(), page.click('[data-lang="en"]')]);
  await page.waitForSelector('[data-not-found]');
  t.is(await page.title(), 'Page not found - Grand Canal Culture Association');
  // Every top menu entry, those that do not fit beside the header tools included (they are under "More").
  const titles = await page.$$eval('.admin-topmenu-ruler > li .admin-menu-text', (items) => items.map((i) => i.textContent?.trim()));
  t.deepEqual(titles, ['Dashboard', 'Content', 'Permissions', 'Members', 'Payments', 'Routine', 'Data security', 'CRUD generator', 'WeChat', 'SMS', 'More']);
  const shown = await page.$$eval('.admin-topmenu:not(.admin-topmenu-ruler) > li > a, .admin-topmenu:not(.admin-topmenu-ruler) > li button:not([data-more-menu])', (items) => items.map((i) => i.textContent?.trim()));
  t.deepEqual(shown, titles.slice(0, shown.length), 'the entries in view come first, in order');
  await page.click('[data-not-found] a.btn-primary');
  await waitForPath(page, '/admin/dashboard');
  await page.waitForSelector('[data-screen="dashboard"] svg[data-chart]');
  t.is(await page.title(), 'Dashboard - Grand Canal Culture Association');
  t.is(await page.$eval('.admin-tab-link[data-tab="/admin/content/news"]', (a) => a.textContent).catch(() => null), null, 'Streamline shows no tabs');

  // --- the terminal's controls: an honest empty queue, the package manager and settings dialogs -------------------
  await page.click('[data-terminal-toggle]');
  await page.waitForSelector('.modal.show > [data-terminal] [data-empty]');
  await settled(page);
  t.is(await page.$eval('[data-terminal] [data-empty]', (e) => e.textContent), 'No tasks.');
  await page.click('[data-open-package-manager]');
  await page.waitForSelector('.modal.show > [data-package-manager-dialog]');
  await settled(page);
  // The dialog offers the current manager alone, and says it is still looking, until the server's list arrives with
  // the terminal's command menu (its version commands can take a while on a busy host).
  await page.waitForSelector('#pm-yarn');
  t.is(await page.$('[data-package-manager-dialog] [data-managers-loading]'), null, 'the loading line leaves with the list');
  await page.click('#pm-yarn');
  await page.evaluate(() => [...document.querySelectorAll<HTMLButtonElement>('[data-package-manager-dialog] .modal-footer button')].pop()?.click());
  await page.waitForFunction(() => !document.querySelector('[data-package-manager-dialog]'));
  t.is(await page.$eval('[data-open-package-manager]', (b) => b.textContent), 'Package manager: yarn');
  await page.click('[data-open-terminal-config]');
  await page.waitForSelector('.modal.show > [data-terminal-config]');
  await settled(page);
  t.is(await page.$eval('#terminal-port', (i) => (i as HTMLInputElement).value), '8000');
  await page.click('#terminal-cleanup');
  // The switch follows the server: it turns once the setting is stored.
  await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('#terminal-cleanup')?.checked);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-terminal-config]'));
  // The terminal's state is kept in an effect, which Preact runs after the next frame: wait for it.
  await page.waitForFunction(() => (JSON.parse(localStorage.getItem('terminal') ?? 'null') as { automaticCleanupTask?: string } | null)?.automaticCleanupTask === '0');
  t.like(await stored(page, 'terminal'), { automaticCleanupTask: '0', showDot: false, taskList: [] });
  // A closed dialog leaves the modal stack in an effect after it leaves the page, and gives focus back there; until
  // then it is still the top modal and an Escape is its own, not the terminal's.
  await page.waitForFunction(() => document.activeElement?.matches('[data-open-terminal-config]'));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-terminal]'));

  // --- clearing the server cache ---------------------------------------------------------------------------------------
  await page.click('[data-clear-cache]');
  await page.waitForSelector('[data-cache="server"]', { visible: true });
  await page.click('[data-cache="server"]');
  await toastText(page, 'Cache cleared');

  // --- logout -------------------------------------------------------------------------------------------------------
  await page.click('[data-admin-menu]');
  await page.waitForSelector('[data-logout]', { visible: true });
  await page.click('[data-logout]');
  await waitForPath(page, '/admin/login');
  t.is(await stored(page, 'adminInfo'), null);
  t.is(await page.title(), 'Admin login - Grand Canal Culture Association');
  // The logged-out token no longer opens the admin.
  t.is((await api(suite.server.url, '/admin/index/index', { headers: { batoken: String(info.token) } })).body.code, 303);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('on a phone the menu is a drawer and the chrome is sized from the viewport', async (t) => {
  const { page, errors } = await newPage(375, 740);
  const login = await api<{ userInfo: Record<string, unknown> }>(suite.server.url, '/admin/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD, ...(await solvedCaptcha(suite.server)) } });
  t.is(login.body.code, 1);
  await page.goto(`${suite.server.url}/about`);
  // The same browser as the first test (English remembered); a Streamline layout is stored, in light colours.
  await page.evaluate((userInfo) => {
    localStorage.setItem('adminInfo', JSON.stringify(userInfo));
    localStorage.setItem('config', JSON.stringify({ layout: { layoutMode: 'Streamline', isDark: false } }));
  }, login.body.data.userInfo);
  await page.goto(`${suite.server.url}/admin`);
  await waitForPath(page, '/admin/dashboard');
  await page.waitForSelector('[data-screen="dashboard"] svg[data-chart]');
  t.true(await page.$eval('.admin-app', (e) => e.classList.contains('is-shrink')));
  t.is(await page.$eval('.admin-app', (e) => e.getAttribute('data-layout')), 'Default', 'phones get the drawer arrangement whatever is stored');
  t.is(await page.$('.admin-side'), null, 'no side column');
  t.is(await page.$eval('.admin-app', (e) => (e as HTMLElement).style.getPropertyValue('--admin-mobile-base')), '37.5px');
  t.is(await page.$eval('.admin-header', (e) => e.getBoundingClientRect().height), 2 * 37.5 * 1.25, 'two rows of 1.25 base units');
  t.is(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), '16px', 'the document rem is untouched');
  t.false(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), 'nothing overflows sideways');

  await page.click('[data-drawer-toggle]');
  await page.waitForSelector('#admin-drawer.show');
  await settled(page);
  t.is(await page.$eval('[data-drawer-toggle]', (b) => b.getAttribute('aria-expanded')), 'true');
  t.is(await page.$eval('#admin-drawer', (e) => Math.round(e.getBoundingClientRect().width)), 260);
  await page.$eval('#admin-drawer a[data-menu="routine/adminInfo"]', (a) => a.closest('ul[hidden]')?.previousElementSibling?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
  await page.waitForSelector('#admin-drawer a[data-menu="routine/adminInfo"]', { visible: true });
  await page.click('#admin-drawer a[data-menu="routine/adminInfo"]');
  await waitForPath(page, '/admin/routine/adminInfo');
  await page.waitForSelector('[data-screen="adminInfo"] #admin-info-nickname');
  await page.waitForFunction(() => !document.querySelector('#admin-drawer'));
  t.is(await page.$eval('[data-drawer-toggle]', (b) => b.getAttribute('aria-expanded')), 'false');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('on a phone the drawer leaves the page when a child transition ends while it closes (dom-helpers#184)', async (t) => {
  // Logged in by the test before (same browser).
  const { page, errors } = await newPage(375, 740);
  await page.goto(`${suite.server.url}/admin/dashboard`);
  await page.waitForSelector('[data-screen="dashboard"]');
  await page.click('[data-drawer-toggle]');
  await page.waitForSelector('#admin-drawer.show');
  await settled(page);
  // The browser asks for reduced motion (test/helpers/browser.ts): the menu chevrons and the tabs do not move.
  t.deepEqual(await page.$$eval('#admin-drawer .admin-menu-chevron, .admin-tab', (all) => [...new Set(all.map((e) => getComputedStyle(e).transitionDuration))]), ['0s']);
  // As on a slow phone: the drawer's own transition never reports its end (none runs), so only the fallback
  // timer, three seconds here, can finish the closing.
  await page.$eval('#admin-drawer', (d) => (d as HTMLElement).style.setProperty('transition', 'none 3s'));
  // A click on the page already showing only puts the drawer away.
  await page.click('#admin-drawer a[data-menu="dashboard"]');
  await page.waitForSelector('#admin-drawer.offcanvas-toggling:not(.show)');
  // A menu chevron finishing its turn meanwhile: its end bubbles up through the drawer.
  await page.$eval('#admin-drawer .admin-menu-chevron', (i) => i.dispatchEvent(new TransitionEvent('transitionend', { bubbles: true, propertyName: 'transform' })));
  await page.waitForFunction(() => !document.querySelector('#admin-drawer'), { timeout: 10_000 });
  // The scroll lock is released in the commit after the drawer leaves, a frame later on a busy machine: waited
  // for, and judged when the wait is over (with the defect it never is released).
  const locked = "document.body.classList.contains('modal-open') || document.body.style.overflow === 'hidden'";
  await page.waitForFunction(`!(${locked})`, { timeout: 5_000 }).catch(() => undefined);
  t.false(await page.evaluate(locked), 'the page scrolls again');
  t.is(await page.$eval('[data-drawer-toggle]', (b) => b.getAttribute('aria-expanded')), 'false');
  t.deepEqual(errors, []);
  await page.close();
});
