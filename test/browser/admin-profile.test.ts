import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { ADMIN_PASSWORD, solvedCaptcha } from '../helpers/accounts.ts';
import { api } from '../helpers/server.ts';
import { adminPage, isCall, setValue } from './adminHelpers.ts';

// The admin's own profile asks for a new password twice (issue 32, item 13): a typing mistake in a hidden field
// would otherwise become a password nobody knows.

const suite = browserSuite(test);

const MISMATCH = { 'zh-cn': '两次输入的新密码不一致', en: 'The two new passwords do not match' } as const;
const FIELD = '[data-screen="adminInfo"] #admin-info';

test.serial('a new password is typed twice: two that differ are marked on the second field and nothing is sent, in either language', async (t) => {
  for (const lang of ['zh-cn', 'en'] as const) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/routine/adminInfo?lang=${lang}`, { width: 390, height: 844 });
    await page.waitForSelector(`${FIELD}-password`);
    t.is(await page.$(`${FIELD}-passwordAgain`), null, `${lang}: no second field while the password is kept`);
    let edits = 0;
    page.on('request', (r) => void (r.url().includes('AdminInfo/edit') && edits++));
    await setValue(page, `${FIELD}-password`, 'Lock@gate7');
    await page.waitForSelector(`${FIELD}-passwordAgain`);
    await setValue(page, `${FIELD}-passwordAgain`, 'Lock@gate8');
    await setValue(page, `${FIELD}-oldPassword`, ADMIN_PASSWORD);
    await page.click('[data-screen="adminInfo"] button[type="submit"]');
    await page.waitForSelector(`${FIELD}-passwordAgain[aria-invalid="true"]`);
    t.is(await page.$eval(`${FIELD}-passwordAgain-error`, (e) => e.textContent), MISMATCH[lang]);
    t.is(await page.$eval(`${FIELD}-passwordAgain`, (e) => e.getAttribute('type')), 'password');
    t.is(await page.evaluate(() => document.activeElement?.id), 'admin-info-passwordAgain', `${lang}: the field to correct has the focus`);
    t.is(edits, 0, `${lang}: nothing was sent`);
    t.deepEqual(errors, []);
    await page.close();
  }
});

test.serial('the same new password twice is saved, and only once: the admin signs in with it', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/routine/adminInfo?lang=en');
  await page.waitForSelector(`${FIELD}-password`);
  await setValue(page, `${FIELD}-password`, 'Lock@gate7');
  await page.waitForSelector(`${FIELD}-passwordAgain`);
  await setValue(page, `${FIELD}-passwordAgain`, 'Lock@gate7');
  await setValue(page, `${FIELD}-oldPassword`, ADMIN_PASSWORD);
  const saved = page.waitForResponse(isCall('AdminInfo/edit', 'POST'));
  await page.click('[data-screen="adminInfo"] button[type="submit"]');
  const sent = JSON.parse((await saved).request().postData() ?? '{}') as Record<string, unknown>;
  t.is(sent.password, 'Lock@gate7');
  t.false('passwordAgain' in sent, 'the server gets the password once');
  t.is(((await (await saved).json()) as { code: number }).code, 1);
  await page.waitForFunction((f) => !document.querySelector(`${f}-passwordAgain`), {}, FIELD);
  const login = await api(suite.server.url, '/admin/index/login', { body: { username: 'admin', password: 'Lock@gate7', ...(await solvedCaptcha(suite.server)) } });
  t.is(login.body.code, 1, login.body.msg);
  t.deepEqual(errors, []);
  await page.close();
});
