import test from 'ava';
import type { Page } from 'puppeteer-core';
import { createMember } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { loginPageReady, pngFile, waitForPath } from './userHelpers.ts';

const suite = browserSuite(test, { USER_LOGIN_CAPTCHA: '0' });

/** A page that records script errors. */
async function newPage(errors: string[], width = 1280, height = 900): Promise<Page> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width, height, isMobile: width < 600 });
  collectErrors(page, errors);
  return page;
}

const TITLE = '淮安清江浦运河步道';
const TITLE_EN = 'Qingjiangpu canal walk, Huai\'an';

test.serial('applies for a trail as a member and sees the application approved after an admin approves it', async (t) => {
  const errors: string[] = [];
  const member = await createMember(suite.server, { username: 'towpath_walker', password: 'sluice123' });
  // A phone: the form must work there too.
  const page = await newPage(errors, 390, 844);

  // A guest is sent to log in before the form's code loads, and comes back to the form afterwards.
  const scripts: string[] = [];
  let guest = true;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.url().includes('/user/login')) guest = false;
    else if (guest && r.resourceType() === 'script') scripts.push(r.url());
  });
  const apply = await page.goto(`${suite.server.url}/trail/apply?lang=zh-cn`);
  t.is(apply!.status(), 200);
  await waitForPath(page, '/user/login');
  // The loader alone, some 17 KB: React (200 KB), i18next and the form's code (zod) would be far more.
  const loaded = await Promise.all(scripts.map(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength));
  t.true(loaded.reduce((a, b) => a + b, 0) < 40_000, `JavaScript before the redirect: ${loaded.join(' + ')} bytes`);
  t.is(new URL(page.url()).searchParams.get('redirect'), '/trail/apply');
  await loginPageReady(page);
  await page.type('#login-username', member.username);
  await page.type('#login-password', member.password);
  await Promise.all([page.waitForNavigation(), page.click('form button[type="submit"]')]);
  await waitForPath(page, '/trail/apply');

  // The form, filled in with the keyboard where a person would.
  await page.waitForSelector('#trail-apply-title');
  await page.click('button[type="submit"]');
  await page.waitForSelector('#trail-apply-title-error');
  t.is(await page.$eval('#trail-apply-title-error', (e) => e.textContent), '请填写步道名称');
  t.true(await page.$eval('#trail-apply-title', (e) => e === document.activeElement), 'the first problem gets the focus');
  await page.type('#trail-apply-title', TITLE);
  const canal = await suite.server.app.knex('canal').where({ name: '淮扬运河' }).first<{ id: number }>('id');
  const city = await suite.server.app.knex('canal_city').where({ canal_id: canal.id, name: '淮安' }).first<{ id: number }>('id');
  await page.select('#trail-apply-canal_id', String(canal.id));
  // The city list follows the chosen canal on the next render: select only once the option is there.
  await page.waitForSelector(`#trail-apply-city_id option[value="${city.id}"]`);
  await page.select('#trail-apply-city_id', String(city.id));
  await page.type('#trail-apply-length_km', '6.8');
  await page.type('#trail-apply-duration_min', '150');
  t.is(await page.$eval('#trail-apply-duration_min ~ .form-text', (e) => e.textContent), '约 2 小时 30 分钟');
  await page.click('#trail-apply-difficulty-moderate');
  await page.type('#trail-apply-summary', '从清江浦楼沿里运河走到御码头。');
  await page.type('#trail-apply-route', '从清江浦楼出发，沿里运河东岸向西。\n\n经过清江大闸，终点是御码头。');
  const input = await page.$('#trail-apply-photos input[type="file"]');
  await input!.uploadFile(pngFile());
  await page.waitForSelector('#trail-apply-photos li img');
  await page.click('.trail-apply-english summary');
  await page.type('#trail-apply-title_en', TITLE_EN);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-trail-applied]');
  t.true(await page.$eval('[data-trail-applied] h2', (e) => e === document.activeElement), 'the confirmation is announced by focus');

  // Pending in the member centre.
  await Promise.all([page.waitForNavigation(), page.click('[data-trail-applied] a.btn-primary')]);
  await waitForPath(page, '/user/account/trailApplication');
  await page.waitForSelector('[data-application][data-status="pending"]');
  t.regex(await page.$eval('[data-application]', (e) => e.textContent ?? ''), new RegExp(`${TITLE}.*待审核`));
  const application = await suite.server.app.knex('trail_application').where({ user_id: member.id }).first<{ id: number; photos: string }>('id', 'photos');
  t.regex(application.photos, /^\/storage\/trail-u\d+\//, 'the photo went up under the member\'s own topic');

  // An admin reviews it in the back office.
  const adminErrors: string[] = [];
  const admin = await newPage(adminErrors);
  // A page without scripts, to write the admin's login into this origin's storage.
  await admin.goto(`${suite.server.url}/about`);
  const token = await superToken(suite.server);
  await admin.evaluate((value) => localStorage.setItem('adminInfo', JSON.stringify({ token: value, refresh_token: '' })), token);
  // The admin app passes through its loading route while the menus load, which aborts the first navigation.
  await admin.goto(`${suite.server.url}/admin/content/trailApplication`).catch((error: unknown) => {
    if (!String(error).includes('ERR_ABORTED')) throw error;
  });
  const reviewButton = `tr[data-row-id="${application.id}"] [data-action="review"]`;
  await admin.waitForSelector(reviewButton, { timeout: 20_000 });
  t.is(await admin.$(`tr[data-row-id="${application.id}"] [data-action="edit"]`), null, 'no generic edit form for applications');
  await admin.click(reviewButton);
  await admin.waitForSelector(`[data-review-panel="${application.id}"]`);
  t.is(await admin.$$eval(`[data-review-panel="${application.id}"] img`, (imgs) => imgs.length), 1, 'the photo is shown');
  await admin.type('textarea', '路线清楚，照片真实');
  await admin.click('[data-review="approve"]');
  await admin.waitForFunction(() => !document.querySelector('[data-review-panel]'));
  const approved = await suite.server.app.knex('trail_application').where({ id: application.id }).first<{ status: string; trail_id: number }>('status', 'trail_id');
  t.is(approved.status, 'approved');
  t.deepEqual(adminErrors, []);
  await admin.close();

  // The member reloads the list: approved, with the reviewer's remark and the trail's link.
  await page.reload();
  await page.waitForSelector('[data-application][data-status="approved"]');
  t.regex(await page.$eval('[data-application]', (e) => e.textContent ?? ''), /已通过.*路线清楚，照片真实/);
  await Promise.all([page.waitForNavigation(), page.click(`[data-trail-link="${approved.trail_id}"]`)]);
  t.is(new URL(page.url()).pathname, '/trail/info');
  t.is(await page.$eval('main h1', (e) => e.textContent), TITLE);
  t.is(await page.title(), `${TITLE} - 大运河文化协会`);

  // And the published trail is on the public list.
  await page.goto(`${suite.server.url}/trail?lang=en`);
  t.true(await page.$$eval('main a', (links, title) => links.some((a) => a.textContent?.includes(title)), TITLE_EN));
  t.deepEqual(errors, []);
  await page.close();
});
