import fs from 'node:fs';
import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { createMember } from '../helpers/accounts.ts';
import { adminPage, isCall, pickRemote } from './adminHelpers.ts';
import { memberPage } from './publicRoutes.ts';

// Server answers that name a field mark that field inline, every one at once, as the browser's own checks
// do (issue 32, item 9): a duplicate username on the member's profile, a bad mobile number beside a taken
// username in the admin's member form.

const suite = browserSuite(test);
const LANGS = ['zh-cn', 'en'] as const;
const catalogue = (lang: string, ns: string) => JSON.parse(fs.readFileSync(new URL(`../../src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const VIEWPORTS = [
  { width: 390, height: 844, isMobile: true, hasTouch: true },
  { width: 1366, height: 768 },
];

test.serial('the member profile marks a username someone else has under its field, not in a passing message', async (t) => {
  const other = await createMember(suite.server);
  const page = await memberPage(suite.server, suite.browser);
  for (const viewport of VIEWPORTS) {
    await page.setViewport(viewport);
    for (const lang of LANGS) {
      await page.goto(`${suite.server.url}/user/account/profile?lang=${lang}`);
      const input = await page.waitForSelector('#profile-username');
      await input!.click({ count: 3 });
      await input!.type(other.username);
      const answer = page.waitForResponse(isCall('/api/account/profile', 'POST'));
      await page.click('[data-screen="profile"] button[type="submit"]');
      t.is(((await (await answer).json()) as { code: number }).code, 0);
      await page.waitForSelector('#profile-username[aria-invalid="true"]');
      t.is(await page.$eval('#profile-username-error', (e) => e.textContent), catalogue(lang, 'account').usernameTaken, `${viewport.width} ${lang}`);
      t.is(await page.evaluate(() => document.activeElement?.id), 'profile-username', `${viewport.width} ${lang}: the field has the focus`);
      t.is(await page.$$eval('#portal-toasts .alert', (toasts) => toasts.length), 0, `${viewport.width} ${lang}: no toast says it again`);
    }
  }
  await page.browserContext().close();
});

test.serial('the admin member form marks a taken username and a bad mobile number together, each under its field', async (t) => {
  const other = await createMember(suite.server);
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGS) {
      const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/user/user?lang=${lang}`, viewport);
      const screen = '[data-crud-page="user/user"]';
      await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
      await page.click(`${screen} [data-toolbar="add"]`);
      const form = '[data-crud-form="user/user"]';
      await page.waitForSelector(form);
      await pickRemote(page, `${form} [data-column="group_id"]`, '');
      await page.type(`${form} [data-column="username"] input`, other.username);
      await page.type(`${form} [data-column="mobile"] input`, '12345');
      await page.type(`${form} [data-column="password"] input`, 'keeper2026');
      const answer = page.waitForResponse(isCall('user.User/add', 'POST'));
      await page.click('[data-form-submit]');
      t.is(((await (await answer).json()) as { code: number }).code, 0);
      await page.waitForSelector(`${form} [data-column="mobile"] .invalid-feedback`);
      const marked = await page.$$eval(`${form} [data-column] [aria-invalid="true"]`, (inputs) => inputs.map((i) => i.closest<HTMLElement>('[data-column]')!.dataset.column));
      t.deepEqual(marked.sort(), ['mobile', 'username'], `${viewport.width} ${lang}: both fields at once`);
      t.is(await page.$eval(`${form} [data-column="username"] .invalid-feedback`, (e) => e.textContent), catalogue(lang, 'account').usernameTaken);
      t.is(await page.$eval(`${form} [data-column="mobile"] .invalid-feedback`, (e) => e.textContent), catalogue(lang, 'validate').mobile);
      t.is(await page.$(`${form} .alert-danger`), null, `${viewport.width} ${lang}: no banner instead`);
      t.is(await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-column]')?.dataset.column), 'username', 'the first field has the focus');
      t.deepEqual(errors, []);
      await page.close();
    }
  }
});
