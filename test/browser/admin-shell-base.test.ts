import test from 'ava';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { waitForPath } from './userHelpers.ts';

// The admin moved to ADMIN_BASE=/manage: pages, links, the router and the API all follow it. The click
// captcha is covered by admin-shell.test.ts; here the login captcha is off.

const suite = browserSuite(test, { ADMIN_PASSWORD, ADMIN_BASE: '/manage', ADMIN_LOGIN_CAPTCHA: '0' });
test.before(async () => {
  // Menu entries of the other kinds: an iframe page, an outside link, and a type the shell does not know.
  const rule = { pid: 0, type: 'menu', icon: 'bi-window', component: '', extend: 'none', status: '1' };
  await suite.server.app.knex('admin_rule').insert([
    { ...rule, title: '协会概况', name: 'aboutFrame', path: 'aboutFrame', menu_type: 'iframe', url: '/about', weigh: 1 },
    { ...rule, title: '运河地图', name: 'mapLink', path: 'mapLink', menu_type: 'link', url: 'https://example.org/map', weigh: 1 },
    { ...rule, title: '弹窗', name: 'popup', path: 'popup', menu_type: 'popup', url: '', weigh: 1 },
  ]);
});

test('a guest is sent to /manage/login and brought back; every admin link stays under /manage', async (t) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = collectErrors(page);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.headers().server === 'true') apiCalls.push(new URL(r.url()).pathname);
  });

  await page.goto(`${suite.server.url}/manage/routine/adminInfo?lang=en`);
  await waitForPath(page, /^\/manage\/login\?redirect=%2Fmanage%2Froutine%2FadminInfo/);
  t.is(await page.evaluate(() => document.documentElement.dataset.adminBase), '/manage');
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form:not([role="search"]) button[type="submit"]')?.disabled === false);
  await page.type('#admin-login-username', 'admin');
  await page.type('#admin-login-password', ADMIN_PASSWORD);
  await page.click('form:not([role="search"]) button[type="submit"]');
  await waitForPath(page, '/manage/routine/adminInfo');
  await page.waitForSelector('[data-screen="adminInfo"] #admin-info-nickname');
  t.is(await page.title(), 'Profile - Grand Canal Culture Association');

  const hrefs = await page.$$eval('.admin-side a[href], .admin-tab-link, .admin-logo', (links) => links.map((a) => a.getAttribute('href') ?? ''));
  t.true(hrefs.length > 10);
  t.deepEqual(
    hrefs.filter((h) => !h.startsWith('/manage')),
    ['https://example.org/map'],
  );
  t.true(apiCalls.length > 0);
  t.deepEqual(
    apiCalls.filter((p) => !p.startsWith('/manage.php/') && !p.startsWith('/api/')),
    [],
    'admin API calls go to /manage.php/...',
  );

  // Saving the profile through the moved API: the new nickname shows in the header.
  await page.$eval('#admin-info-nickname', (i) => ((i as HTMLInputElement).value = ''));
  await page.type('#admin-info-nickname', 'Lock keeper');
  await page.click('[data-screen="adminInfo"] button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('[data-admin-nickname]')?.textContent === 'Lock keeper');

  // Link entries open a new window; iframe entries show their page at /manage/iframe/{encoded url}.
  t.is(await page.$eval('.admin-side a[href="https://example.org/map"]', (a) => a.getAttribute('target')), '_blank');
  await page.click('.admin-side a[data-menu="aboutFrame"]');
  await waitForPath(page, `/manage/iframe/${encodeURIComponent('/about')}`);
  await page.waitForSelector('iframe.admin-iframe[src="/about"]');
  // A rule the English catalogue does not know keeps its stored title.
  t.is(await page.$eval('.admin-tab-link[aria-current="page"]', (a) => a.textContent), '协会概况');
  t.is(await page.title(), '协会概况 - Grand Canal Culture Association');

  // Tab actions from the overflow menu: refresh remounts the page, close others keeps only it.
  const frame = await page.$('[data-pane="/manage/iframe/%2Fabout"]');
  await page.click('[data-tab-actions]');
  await page.waitForSelector('.dropdown-menu.show [data-command="refresh"]', { visible: true });
  await page.click('.dropdown-menu.show [data-command="refresh"]');
  await page.waitForFunction((el) => !el.isConnected, {}, frame!);
  t.is(await page.$$eval('.admin-tab-link', (l) => l.length), 2);
  await page.click('[data-tab-actions]');
  await page.waitForSelector('.dropdown-menu.show [data-command="closeOthers"]', { visible: true });
  await page.click('.dropdown-menu.show [data-command="closeOthers"]');
  await page.waitForFunction(() => document.querySelectorAll('.admin-tab-link').length === 1);
  t.is(await page.$('[data-pane="/manage/routine/adminInfo"]'), null);

  // A rule of an unknown menu type has no page: the not-found state says why.
  await page.goto(`${suite.server.url}/manage/popup`);
  await page.waitForSelector('[data-not-found] [data-nav-error="menuTypeUnknown"]');
  t.is(await page.$eval('[data-nav-error]', (e) => e.textContent), 'Navigation failed: the menu type is not recognised.');

  // A narrower window turns the side menu into a drawer once the resize has settled (300 ms).
  await page.setViewport({ width: 700, height: 800 });
  await page.waitForSelector('.admin-app.is-shrink');
  t.is(await page.$('.admin-side'), null);
  await page.setViewport({ width: 1280, height: 800 });
  await page.waitForSelector('.admin-app:not(.is-shrink) .admin-side');

  // The browser cache: layout, tabs and terminal forgotten, the login kept.
  await page.click('[data-clear-cache]');
  await page.waitForSelector('[data-cache="browser"]', { visible: true });
  await Promise.all([page.waitForNavigation(), page.click('[data-cache="browser"]')]);
  await page.waitForSelector('[data-not-found]');
  // The fresh page writes its defaults again, in effects that Preact runs after the next frame; the tabs are
  // those of this page only.
  await page.waitForFunction(() => ['adminInfo', 'config', 'tabView', 'terminal'].every((k) => localStorage.getItem(k) !== null));
  t.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('tabView') ?? 'null') as unknown), { tabs: [] });

  // The bare base goes to the first page; an unknown page to /manage/loading/... and the not-found state.
  await page.goto(`${suite.server.url}/manage`);
  await waitForPath(page, '/manage/dashboard');
  await page.waitForSelector('[data-screen="dashboard"]');
  await page.goto(`${suite.server.url}/manage/routine`);
  await waitForPath(page, '/manage/routine/config');
  await page.goto(`${suite.server.url}/manage/nowhere`);
  await waitForPath(page, /^\/manage\/loading\//);
  await page.waitForSelector('[data-not-found]');
  t.is(await page.$eval('[data-not-found] a.btn-primary', (a) => a.getAttribute('href')), '/manage');

  // Logged in, the login page sends the admin on to the admin (303 'logged in').
  await page.goto(`${suite.server.url}/manage/login`);
  await waitForPath(page, '/manage/dashboard');

  await page.click('[data-admin-menu]');
  await page.waitForSelector('[data-logout]', { visible: true });
  await page.click('[data-logout]');
  await waitForPath(page, '/manage/login');
  t.deepEqual(errors, []);
  await page.close();
});
