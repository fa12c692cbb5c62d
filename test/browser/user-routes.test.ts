import test from 'ava';
import type { Page } from 'puppeteer-core';
import { createMember } from '../helpers/accounts.ts';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { loginPageReady, storedUserInfo, waitForPath } from './userHelpers.ts';

// Member-centre routing: unknown paths, the bare base, guests sent to log in and brought back, in-app page
// links, the phone drawer and the password change. The click captcha is covered by user.test.ts; here the
// login captcha is off so the tests can log in quickly.

let member: { id: number; username: string; password: string };
const suite = browserSuite(test, { USER_LOGIN_CAPTCHA: '0' });
test.before(async () => {
  member = await createMember(suite.server, { username: 'lock_keeper', password: 'sluice123' });
  // 17 balance changes: two pages of 15, and a withdrawal among them.
  const now = Math.floor(Date.now() / 1000);
  await suite.server.app.knex('user_money_log').insert(
    Array.from({ length: 17 }, (_, i) => ({
      user_id: member.id,
      money: i === 16 ? -250 : 100,
      before: i * 100,
      after: i === 16 ? i * 100 - 250 : (i + 1) * 100,
      memo: `entry ${i + 1}`,
      create_time: now - (17 - i) * 60,
    })),
  );
});

async function newPage(width = 1280, height = 800): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width, height, isMobile: width < 600 });
  const errors = collectErrors(page);
  return { page, errors };
}

async function logIn(page: Page): Promise<void> {
  await loginPageReady(page);
  await page.type('#login-username', member.username);
  await page.type('#login-password', member.password);
  await Promise.all([page.waitForNavigation(), page.click('form:not([role="search"]) button[type="submit"]')]);
}

test.serial('an unknown member path ends on the not-found state via the loading route, after logging in', async (t) => {
  const { page, errors } = await newPage();
  await page.goto(`${suite.server.url}/user/nothing?x=1&lang=en`);
  // A guest: the request client sends them to log in (303), and the login page brings them back.
  await waitForPath(page, '/user/login');
  await logIn(page);
  const here = await waitForPath(page, /^\/user\/loading\//);
  const to: unknown = JSON.parse(decodeURIComponent(here.slice('/user/loading/'.length)));
  t.deepEqual(to, { path: '/user/nothing', query: { x: '1', lang: 'en' } });
  await page.waitForSelector('[data-not-found]');
  t.is(await page.title(), 'Page not found - Grand Canal Culture Association');
  t.is(await page.$eval('[data-not-found] a[href="/user"]', (a) => a.textContent), 'Member centre home');

  // The bare base goes through the loading route to the first menu page.
  await page.goto(`${suite.server.url}/user`);
  await waitForPath(page, '/user/account/overview');
  await page.waitForSelector('[data-screen="overview"]');
  // So does the link home from the not-found state, inside the app.
  await page.goto(`${suite.server.url}/user/missing/page`);
  await page.waitForSelector('[data-not-found]');
  await page.click('[data-not-found] a[href="/user"]');
  await waitForPath(page, '/user/account/overview');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('a guest opening the balance page logs in and returns to it; page links stay in the app', async (t) => {
  const { page, errors } = await newPage();
  // Forget the login of the previous test.
  await page.goto(`${suite.server.url}/about`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${suite.server.url}/user/account/balance?lang=en`);
  await waitForPath(page, '/user/login');
  t.is(await storedUserInfo(page), null);
  await logIn(page);
  await waitForPath(page, '/user/account/balance');
  await page.waitForSelector('table tbody tr');
  t.is(await page.$$eval('table tbody tr', (r) => r.length), 15);
  const first = await page.$eval('table tbody tr', (tr) => [...tr.querySelectorAll('td')].map((td) => ({ text: td.textContent, className: td.className })));
  t.is(first[1]!.text, '-2.50 decrease');
  t.regex(first[1]!.className, /text-danger/);
  // A memo staff wrote has no English version: an English page marks it so.
  t.regex(first[4]!.text!, /^entry 17zh/);
  t.regex(await page.$eval('table tbody tr:nth-child(2) td:nth-child(2)', (td) => td.className), /text-success/);

  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.click('a[rel="next"]');
  await waitForPath(page, /^\/user\/account\/balance\?page=2$/);
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
  t.true(await page.evaluate(() => Reflect.get(window, 'sameDocument') === true), 'page links navigate inside the app');
  t.is(await page.$eval('.pagination [aria-current="page"]', (a) => a.textContent), '2');
  await page.goBack();
  await waitForPath(page, /^\/user\/account\/balance\?lang=en$/);
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 15);

  // Points: nothing yet.
  await page.click('a[href="/user/account/integral"]');
  await page.waitForSelector('[data-empty]');
  t.is(await page.$eval('[data-empty]', (e) => e.textContent?.trim()), 'No points changes yet.');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('on a phone the menu is a drawer opened from the bar', async (t) => {
  const { page, errors } = await newPage(375, 740);
  await page.goto(`${suite.server.url}/user/account/overview?lang=en`);
  await page.waitForSelector('[data-screen="overview"]');
  const visible = () => page.$eval('#member-side', (side) => getComputedStyle(side).visibility === 'visible' && side.getBoundingClientRect().right > 0);
  t.false(await visible());
  await page.click('button[aria-controls="member-side"]');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#member-side')!).visibility === 'visible');
  t.is(await page.$eval('button[aria-controls="member-side"]', (b) => b.getAttribute('aria-expanded')), 'true');
  t.is(await page.$eval('#member-side', (side) => getComputedStyle(side).transitionDuration), '0s', 'reduced motion (test/helpers/browser.ts): no slide');
  await page.click('#member-side a[href="/user/account/message"]');
  await waitForPath(page, '/user/account/message');
  await page.waitForSelector('[data-empty]');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#member-side')!).visibility === 'hidden');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('what the member types before the profile has loaded is kept when it arrives, and is what gets saved', async (t) => {
  await suite.server.app.knex('user').where({ id: member.id }).update({ nickname: 'Old name', motto: 'Set by staff' });
  const { page, errors } = await newPage();
  // Hold the profile's GET until the member has typed, as on a slow network.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (request.method() === 'GET' && request.url().includes('/api/account/profile')) void held.then(() => request.continue());
    else void request.continue();
  });
  const loaded = page.waitForResponse((r) => r.url().includes('/api/account/profile') && r.request().method() === 'GET');
  await page.goto(`${suite.server.url}/user/account/profile?lang=en`);
  await page.waitForSelector('#profile-nickname');
  await page.$eval('#profile-nickname', (i) => (i as HTMLInputElement).select());
  await page.type('#profile-nickname', '纤道行者');
  release();
  await loaded;
  // The fresh copy fills what the member did not touch.
  await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#profile-motto')?.value === 'Set by staff');
  t.is(await page.$eval('#profile-nickname', (i) => (i as HTMLInputElement).value), '纤道行者');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/profile') && r.request().method() === 'POST');
  await page.click('[data-screen="profile"] form button[type="submit"]');
  t.is(((await (await saved).json()) as { code: number }).code, 1);
  await page.waitForFunction(() => document.querySelector('[data-member-nickname]')?.textContent === '纤道行者');
  t.like(await suite.server.app.knex('user').where({ id: member.id }).first('nickname', 'motto'), { nickname: '纤道行者', motto: 'Set by staff' });
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('changing the password signs the member out and the login page says why', async (t) => {
  const { page, errors } = await newPage();
  await page.goto(`${suite.server.url}/user/account/changePassword?lang=en`);
  await page.waitForSelector('[data-screen="changePassword"]');
  await page.type('#password-oldPassword', member.password);
  await page.type('#password-newPassword', 'floodgate456');
  await page.type('#password-confirm', 'floodgate45');
  await page.click('[data-screen="changePassword"] button[type="submit"]');
  t.is(await page.$eval('#password-confirm-error', (e) => e.textContent), 'The two new passwords do not match');
  t.is(await page.evaluate(() => document.activeElement?.id), 'password-confirm');
  await page.type('#password-confirm', '6');
  await Promise.all([page.waitForNavigation(), page.click('[data-screen="changePassword"] button[type="submit"]')]);
  await waitForPath(page, '/user/login');
  t.regex(page.url(), /\?notice=passwordChanged&redirect=%2Fuser$/);
  await page.waitForSelector('.alert-info');
  t.is(await page.$eval('.alert-info', (e) => e.textContent), 'Your password was changed. Please log in again with the new password.');
  t.is(await storedUserInfo(page), null);
  member.password = 'floodgate456';
  await logIn(page);
  await waitForPath(page, '/user/account/overview');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('with the member centre closed, the login page and the centre say so', async (t) => {
  await suite.server.app.knex('config').where({ name: 'open_member_center' }).update({ value: '0' });
  suite.server.app.services.settings.invalidate();
  try {
    const { page, errors } = await newPage();
    // Still logged in from the previous test: the centre itself shows the closed state.
    await page.goto(`${suite.server.url}/user/account/overview?lang=en`);
    await page.waitForSelector('.member-status .alert-warning');
    t.is(await page.$eval('.member-status .alert-warning', (e) => e.textContent), 'The member centre is closed at the moment.');
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${suite.server.url}/user/login?lang=en`);
    await page.waitForSelector('.user-login .alert-warning');
    t.is(await page.$eval('.user-login .alert-warning', (e) => e.textContent), 'The member centre is closed');
    t.is(await page.$('#login-username'), null);
    t.deepEqual(errors, []);
    await page.close();
  } finally {
    await suite.server.app.knex('config').where({ name: 'open_member_center' }).update({ value: '1' });
    suite.server.app.services.settings.invalidate();
  }
});
