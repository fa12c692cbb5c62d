/**
 * Names the system creates read in the reader's language in both interfaces (issue 17 item 7): the admin's
 * menus, its admin log and the member centre's inbox. A name staff entered only in Chinese shows in Chinese
 * on English pages, marked as not translated.
 */
import test from 'ava';
import type { Page } from 'puppeteer-core';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { browserSuite } from '../helpers/browser.ts';
import { api } from '../helpers/server.ts';
import { adminView } from '../../src/shared/views.ts';
import { adminPage } from './adminHelpers.ts';
import { MEMBERS_ONLY, publicRoutes } from './publicRoutes.ts';
import { keyShapes, pageTexts, rawKeys } from '../helpers/translationKeys.ts';

const suite = browserSuite(test);
test.before(async () => {
  // A folder and page staff added with Chinese titles only.
  const now = Math.floor(Date.now() / 1000);
  const rule = { type: 'menu', title_en: '', icon: 'fa fa-map', url: '', remark: '', status: '1', menu_type: 'tab', extend: 'none', keepalive: 0, create_time: now, update_time: now };
  const [dir] = await suite.server.app.knex('admin_rule').insert({ ...rule, pid: 0, type: 'menu_dir', name: 'towpath', path: 'towpath', title: '纤道工具', component: '', weigh: 1 }).returning('id');
  const pid = typeof dir === 'object' ? (dir as { id: number }).id : (dir as number);
  await suite.server.app.knex('admin_rule').insert({ ...rule, pid, name: 'towpath/map', path: 'towpath/map', title: '纤道地图', component: adminView('dashboard'), weigh: 1 });
});

const CJK = /[\u4e00-\u9fff]/;

/** The side menu's visible texts by rule name, and whether each carries the untranslated mark. */
async function sideMenu(page: Page): Promise<Record<string, { text: string; marked: boolean }>> {
  await page.waitForSelector('.admin-side a[data-menu="dashboard"]');
  return page.$$eval('.admin-side a[data-menu]', (links) =>
    Object.fromEntries(
      links.map((a) => [
        a.getAttribute('data-menu')!,
        { text: (a.querySelector('.admin-menu-text')?.textContent ?? '').trim(), marked: !!a.querySelector('[data-fallback]') },
      ]),
    ),
  );
}

test.serial('the English admin: system menus in English, a staff page in Chinese marked as untranslated', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en');
  const menu = await sideMenu(page);
  t.like(menu['auth/group'], { marked: false });
  t.regex(menu['auth/group']!.text, /^Role groups$/);
  t.is(menu['routine/config']!.text, 'System config');
  const system = Object.entries(menu).filter(([name]) => !name.startsWith('towpath'));
  t.deepEqual(system.filter(([, v]) => CJK.test(v.text)).map(([n]) => n), [], 'no system menu is left in Chinese');
  t.true(menu['towpath/map']!.text.startsWith('纤道地图'));
  t.true(menu['towpath/map']!.marked);
  t.is(await page.$eval('.admin-side a[data-menu="towpath/map"] [lang="zh-CN"]', (s) => s.textContent), '纤道地图', 'tagged for screen readers');
  // The folder's heading is marked too; the page's tab title stays plain text.
  t.true(await page.$$eval('.admin-side .admin-menu-group', (groups) => groups.some((g) => g.textContent!.includes('纤道工具') && !!g.querySelector('[data-fallback]'))));
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('the Chinese admin shows the same rules in Chinese, with no marks', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=zh-cn');
  const menu = await sideMenu(page);
  t.is(menu['auth/group']!.text, '角色组管理');
  t.deepEqual({ ...menu['towpath/map'] }, { text: '纤道地图', marked: false });
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('the admin log lists each title in the reader language', async (t) => {
  await api(suite.server.url, '/admin/ajax/clearCache', { headers: { batoken: await superToken(suite.server) }, body: { type: 'all' } });
  for (const [lang, wanted] of [['en', 'Clear cache'], ['zh-cn', '清理缓存']] as const) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/auth/adminLog?lang=${lang}`);
    await page.waitForSelector('td[data-column="title"]');
    const titles = await page.$$eval('td[data-column="title"]', (cells) => cells.map((c) => c.textContent!.trim()));
    t.true(titles.includes(wanted), `${lang}: ${titles.join(' | ')}`);
    t.deepEqual(errors, []);
    await page.close();
  }
});

test.serial("the member's inbox: each message in the member's language only", async (t) => {
  const member = await createMember(suite.server);
  const added = await api(suite.server.url, '/admin/user.MoneyLog/add', { headers: { batoken: await superToken(suite.server) }, body: { user_id: member.id, money: '5.00', memo: 'Event reward' } });
  t.is(added.body.code, 1, added.body.msg);
  const token = await memberToken(suite.server, member.id);
  for (const [lang, title, body] of [
    ['en', 'Balance changed', /^Your balance changed by \+5\.00 yuan and is now 5\.00 yuan\. Note: Event reward$/],
    ['zh-cn', '余额变动通知', /^您的余额变动 \+5\.00 元，当前余额 5\.00 元。备注：Event reward$/],
  ] as const) {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${suite.server.url}/robots.txt`);
    await page.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify({ id: member.id, username: member.username, token }));
    await page.goto(`${suite.server.url}/user/account/message?lang=${lang}`);
    const item = '.list-group-item button[aria-controls^="message-"]';
    await page.waitForSelector(item);
    t.is(await page.$eval(`${item} .flex-grow-1`, (s) => s.textContent!.trim()), title);
    await page.click(item);
    await page.waitForSelector('.member-message-body');
    t.regex(await page.$eval('.member-message-body', (d) => d.textContent!.trim()), body);
    // The menu's unread count goes once the inbox reports the message read, a render after the message opens.
    const menuName = lang === 'en' ? 'Messages' : '站内消息';
    await page.waitForFunction((name: string) => document.querySelector('.member-menu-link.active')?.textContent?.trim() === name, {}, menuName);
    t.is(await page.$eval('.member-menu-link.active', (a) => a.textContent!.trim()), menuName);
    t.deepEqual(errors, []);
    await page.close();
  }
});

/** Waits until the screen has drawn what it loads: no spinner and nothing busy in the pane. */
async function settled(page: Page, pane: string): Promise<void> {
  await page.waitForSelector(pane);
  await page.waitForFunction((sel: string) => {
    const root = document.querySelector(sel);
    return !!root && !root.querySelector('.spinner-border, [aria-busy="true"]') && root.textContent!.trim() !== '';
  }, {}, pane);
}

// The back office's screens and dialogs are read in admin-walk, which walks them once for all its checks.
test.serial('no public page or member screen shows a translation key instead of its text, in either language', async (t) => {
  const shapes = keyShapes();
  const member = await createMember(suite.server, { username: 'canal_reader' });
  const token = await memberToken(suite.server, member.id);
  let screens = 0;
  for (const lang of ['en', 'zh-cn'] as const) {
    const memberPage = await suite.browser.newPage();
    await memberPage.goto(`${suite.server.url}/robots.txt`);
    await memberPage.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify({ id: member.id, username: member.username, token }));
    await memberPage.goto(`${suite.server.url}/user?lang=${lang}`);
    await memberPage.waitForSelector('.member-menu-link.active');
    const links = await memberPage.$$eval('.member-menu-link:not([target])', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) {
      await memberPage.goto(href);
      await settled(memberPage, 'main');
      t.deepEqual(rawKeys(await pageTexts(memberPage), shapes), [], href);
      screens++;
    }
    await memberPage.close();

    // A guest's context: the member's login, kept in this origin's storage, would send /user/login on to /user.
    const guest = await suite.browser.createBrowserContext();
    const publicPage = await guest.newPage();
    // A guest is sent on from a members' page at once; the login page is read as a route of its own.
    for (const route of (await publicRoutes(suite.server.url)).filter((r) => !MEMBERS_ONLY.includes(r))) {
      await publicPage.goto(`${suite.server.url}${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
      t.deepEqual(rawKeys(await pageTexts(publicPage), shapes), [], route);
      screens++;
    }
    await guest.close();
  }
  t.true(screens > 40, `${screens} screens read`);
});
