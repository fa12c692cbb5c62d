import fs from 'node:fs';
import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';

// The admin login form fetches its rules (zod) when the admin starts on it, not with the page (issue 17,
// item 13): the form must still flag every empty field, and say so when the rules cannot be fetched.
const suite = browserSuite(test, { ADMIN_LOGIN_CAPTCHA: '0' });

const offlineText = (lang: string) => (JSON.parse(fs.readFileSync(new URL(`../../src/locales/${lang}/request.json`, import.meta.url), 'utf8')) as { offline: string }).offline;

/** A login page in a browser context of its own: no other page's cache holds the form's rules. */
async function loginPage(lang: string): Promise<Page> {
  const page = await (await suite.browser.createBrowserContext()).newPage();
  await page.goto(`${suite.server.url}/admin/login?lang=${lang}`);
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form:not([role="search"]) button[type="submit"]')?.disabled === false);
  return page;
}

for (const lang of ['zh-cn', 'en']) {
  test(`${lang}: an empty submit flags both fields, and a form whose rules cannot be fetched says the network is gone`, async (t) => {
    const offline = await loginPage(lang);
    const logins: string[] = [];
    offline.on('request', (r) => r.url().includes('/admin/index/login') && logins.push(r.url()));
    await offline.setOfflineMode(true);
    await offline.click('form:not([role="search"]) button[type="submit"]');
    await offline.waitForSelector('form .alert-danger');
    t.is(await offline.$eval('form .alert-danger', (e) => e.textContent), offlineText(lang));
    await offline.setOfflineMode(false);
    await offline.click('form:not([role="search"]) button[type="submit"]');
    await offline.waitForSelector('#admin-login-username-error');
    t.is(await offline.$('form .alert-danger'), null, 'back online, the stale message is gone');
    const messages = await offline.$$eval('.invalid-feedback', (els) => els.map((e) => e.textContent ?? ''));
    t.is(messages.length, 2, `both fields flagged at once (${messages.join(' | ')})`);
    for (const m of messages) t.regex(m, lang === 'en' ? /[a-z]/i : /[\u4e00-\u9fff]/, `in the page's language: ${m}`);
    t.deepEqual(logins, [], 'nothing is sent while the form is invalid');
    await offline.browserContext().close();
  });
}
