import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { isCaptcha, loginPageReady, pngFile, solveCaptcha, startInbox, storedUserInfo, useInbox, waitForPath, type Inbox } from './userHelpers.ts';

// A visitor registers with an e-mail code (captured by a real SMTP server on 127.0.0.1), solving the click
// captcha by clicking in the image, then uses the member centre and logs out and in again.

let inbox: Inbox;
const suite = browserSuite(test, async () => {
  inbox = await startInbox();
  return { USER_LOGIN_CAPTCHA: '1' };
});
test.before(async () => {
  await useInbox(suite.server, inbox);
  // SMS through a gateway too (never called here), so members are offered both ways.
  await suite.server.app.knex('config').where({ name: 'sms_driver' }).update({ value: 'webhook' });
  await suite.server.app.knex('config').where({ name: 'sms_webhook_url' }).update({ value: 'http://127.0.0.1:9/sms' });
  suite.server.app.services.settings.invalidate();
});
test.after.always(async () => {
  await inbox?.close();
});

test.serial('register with an e-mail code, edit the profile, upload an avatar, log out and back in', async (t) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = collectErrors(page);

  // --- register -------------------------------------------------------------------------------------
  await page.goto(`${suite.server.url}/user/login?lang=en`);
  t.is(await page.title(), 'Member login - Grand Canal Culture Association');
  await loginPageReady(page);
  await page.click('#user-tab-register');
  // The registration form is fetched when its tab first opens.
  await page.waitForSelector('#register-username');
  await page.type('#register-username', 'canal_walker');
  await page.type('#register-password', 'towpath2024');
  t.true(await page.$eval('#register-type-email', (r) => (r as HTMLInputElement).checked), 'e-mail is the first way offered');
  await page.type('#register-email', 'walker@example.org');
  const firstCaptcha = page.waitForResponse(isCaptcha);
  await page.click('[data-send-code]');
  await solveCaptcha(suite.server, page, firstCaptcha);
  await page.waitForFunction(() => /Resend in \d+ s/.test(document.querySelector('[data-send-code]')?.textContent ?? ''));
  t.is(inbox.messages.length, 1);
  const mail = inbox.messages[0]!;
  t.is((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text, 'walker@example.org');
  const code = /code is ([2-8A-NP-Z]{4})/.exec(mail.text ?? '')?.[1];
  t.truthy(code, mail.text);
  await page.type('#register-captcha', code!);
  await Promise.all([page.waitForNavigation(), page.click('form:not([role="search"]) button[type="submit"]')]);

  // --- the member centre opens on the overview with both charts ---------------------------------------
  await waitForPath(page, '/user/account/overview');
  await page.waitForSelector('[data-screen="overview"] svg[data-chart]');
  t.is(await page.$$eval('svg[data-chart]', (s) => s.length), 2);
  t.is(await page.$$eval('svg[data-chart] rect', (r) => r.length), 14);
  t.is(await page.$$eval('figure table tbody tr', (r) => r.length), 14, 'each chart has a table for screen readers');
  t.is(await page.title(), 'Overview - Grand Canal Culture Association');
  const info = await storedUserInfo(page);
  t.is(info?.username, 'canal_walker');
  t.is(info?.email, 'walker@example.org');
  t.regex(String(info?.token), /^[0-9a-f-]{36}$/);
  // Already logged in, the login page sends the member on to the member centre.
  await page.goto(`${suite.server.url}/user/login?lang=en`);
  await waitForPath(page, '/user/account/overview');
  await page.waitForSelector('[data-screen="overview"]');

  // --- profile: fields and avatar, saved and still there after a reload ------------------------------
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.click('a[href="/user/account/profile"]');
  await page.waitForSelector('[data-screen="profile"]');
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#profile-username')?.value === 'canal_walker');
  t.true(await page.evaluate(() => Reflect.get(window, 'sameDocument') === true), 'menu links navigate inside the app');
  t.is(await page.title(), 'Profile - Grand Canal Culture Association');
  await page.$eval('#profile-nickname', (i) => ((i as HTMLInputElement).value = ''));
  await page.type('#profile-nickname', '运河行者');
  await page.select('#profile-gender', '2');
  await page.type('#profile-motto', 'Walk the towpath, read the water.');
  const input = await page.$('.portal-uploader input[type="file"]');
  await input!.uploadFile(pngFile());
  await page.waitForSelector('.portal-uploader img[src*="/storage/"]');
  t.is(await page.$eval('.portal-uploader', (e) => e.getAttribute('data-direct-upload')), 'disable', 'local storage: through the portal');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/profile') && r.request().method() === 'POST');
  await page.click('[data-screen="profile"] form button[type="submit"]');
  t.is(((await (await saved).json()) as { code: number }).code, 1);
  await page.waitForFunction(() => document.querySelector('[data-member-nickname]')?.textContent === '运河行者');

  await page.reload();
  await page.waitForSelector('[data-screen="profile"]');
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#profile-nickname')?.value === '运河行者');
  t.is(await page.$eval('#profile-gender', (s) => (s as HTMLSelectElement).value), '2');
  t.is(await page.$eval('#profile-motto', (s) => (s as HTMLTextAreaElement).value), 'Walk the towpath, read the water.');
  await page.waitForFunction(() => (document.querySelector('.member-avatar') as HTMLImageElement | null)?.naturalWidth === 64);
  const avatar = await page.$eval('.member-avatar', (img) => (img as HTMLImageElement).src);
  t.regex(avatar, /\/storage\/avatar\/.+\.png$/);
  t.is((await fetch(avatar)).status, 200);
  t.is((await storedUserInfo(page))?.nickname, '运河行者', 'the stored member info follows the profile');

  // --- messages: none yet --------------------------------------------------------------------------------
  await page.click('a[href="/user/account/message"]');
  await page.waitForSelector('[data-empty]');
  t.is(await page.$eval('[data-empty]', (e) => e.textContent?.trim()), 'No messages yet.');

  // --- log out: stored info cleared, back on the login page ----------------------------------------------
  await page.click('[data-logout]');
  await waitForPath(page, '/user/login');
  await loginPageReady(page);
  t.is(await storedUserInfo(page), null);

  // --- log in again through the click captcha; back to the page the member left -------------------------
  await page.type('#login-username', 'walker@example.org');
  await page.type('#login-password', 'towpath2024');
  const loginCaptcha = page.waitForResponse(isCaptcha);
  await page.click('form:not([role="search"]) button[type="submit"]');
  await solveCaptcha(suite.server, page, loginCaptcha);
  await waitForPath(page, '/user/account/message');
  await page.waitForSelector('[data-empty]');
  t.is((await storedUserInfo(page))?.username, 'canal_walker');

  t.deepEqual(errors, []);
  await page.close();
});

/** The code in the newest mail to `address`. */
async function codeFor(address: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = inbox.messages.slice(before).find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text === address);
    const code = mail && /code is ([2-8A-NP-Z]{4})/.exec(mail.text ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits for the flow to move focus to its step's heading, as it does once a step is drawn: typing before that
 * would lose the keys typed before the move, which no one typing by hand can do.
 */
async function stepShown(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.id === 'bind-email-title');
}

test.serial('change the bound e-mail: prove the current address, then confirm the new one', async (t) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = collectErrors(page);
  await page.goto(`${suite.server.url}/user/account/profile?lang=en`);
  await page.waitForSelector('[data-screen="profile"]');
  t.is(await page.$eval('[data-bound="email"]', (e) => e.textContent), 'walker@example.org');
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('[data-bind-button="email"]')?.disabled === false);
  t.is(await page.$eval('[data-bind-button="email"]', (b) => b.textContent), 'Change');
  await page.click('[data-bind-button="email"]');
  await stepShown(page);

  // Step 1: the current address, with the password.
  await page.type('#bind-email-password', 'towpath2024');
  let before = inbox.messages.length;
  const verifyCaptcha = page.waitForResponse(isCaptcha);
  await page.click('[data-bind-flow] [data-send-code]');
  await solveCaptcha(suite.server, page, verifyCaptcha);
  await page.type('#bind-email-verifyCode', await codeFor('walker@example.org', before));
  await page.click('[data-bind-flow] button[type="submit"]');

  // Step 2: the new address.
  await page.waitForSelector('#bind-email-address');
  await stepShown(page);
  await page.type('#bind-email-address', 'walker@canal.example.org');
  before = inbox.messages.length;
  const changeCaptcha = page.waitForResponse(isCaptcha);
  await page.click('[data-bind-flow] [data-send-code]');
  await solveCaptcha(suite.server, page, changeCaptcha);
  await page.type('#bind-email-captcha', await codeFor('walker@canal.example.org', before));
  await page.click('[data-bind-flow] button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('[data-bound="email"]')?.textContent === 'walker@canal.example.org');
  t.is(await page.$('[data-bind-flow]'), null);
  t.is((await storedUserInfo(page))?.email, 'walker@canal.example.org');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('retrieve the password with an e-mail code, then log in with the new one', async (t) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 375, height: 740, isMobile: true });
  const errors = collectErrors(page);
  await page.goto(`${suite.server.url}/about`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${suite.server.url}/user/login?lang=en`);
  await loginPageReady(page);
  await page.click('[data-forgot]');
  await page.waitForSelector('#retrieve-email');
  await page.type('#retrieve-email', 'walker@canal.example.org');
  const before = inbox.messages.length;
  const captcha = page.waitForResponse(isCaptcha);
  await page.click('[data-send-code]');
  await solveCaptcha(suite.server, page, captcha);
  await page.type('#retrieve-captcha', await codeFor('walker@canal.example.org', before));
  await page.type('#retrieve-password', 'lockgate789');
  await page.click('form:not([role="search"]) button[type="submit"]');
  // Back on the login form with the account filled in.
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#login-username')?.value === 'walker@canal.example.org');
  await page.type('#login-password', 'lockgate789');
  const loginCaptcha = page.waitForResponse(isCaptcha);
  await page.click('form:not([role="search"]) button[type="submit"]');
  await solveCaptcha(suite.server, page, loginCaptcha);
  await waitForPath(page, '/user/account/overview');
  t.is((await storedUserInfo(page))?.username, 'canal_walker');
  t.deepEqual(errors, []);
  await page.close();
});
