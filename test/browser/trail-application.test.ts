import test from 'ava';
import type { Page } from 'puppeteer-core';
import fs from 'node:fs';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { api } from '../helpers/server.ts';
import { superToken } from '../helpers/admins.ts';
import { browserSuite, collectErrors, focusedOnArrival } from '../helpers/browser.ts';
import { adminPage } from './adminHelpers.ts';
import { memberPage } from './publicRoutes.ts';
import { loginPageReady, pngFile, waitForPath } from './userHelpers.ts';

const suite = browserSuite(test, { USER_LOGIN_CAPTCHA: '0' });

/** The review dialog's facts, label → text. */
function reviewFacts(page: Page): Promise<Record<string, string>> {
  return page.$eval('[data-review-panel]', (panel) => {
    const facts: Record<string, string> = {};
    for (const dt of panel.querySelectorAll('dt')) facts[dt.textContent!.trim()] = dt.nextElementSibling!.textContent!.trim();
    return facts;
  });
}

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
  await Promise.all([page.waitForNavigation(), page.click('form:not([role="search"]) button[type="submit"]')]);
  await waitForPath(page, '/trail/apply');

  // The form, filled in with the keyboard where a person would.
  await page.waitForSelector('#trail-apply-title');
  const focusedWithMessage = focusedOnArrival(page, '#trail-apply-title-error', '#trail-apply-title');
  await page.click('#trail-apply button[type="submit"]');
  t.true(await focusedWithMessage, 'the first problem has the focus as soon as its message shows');
  t.is(await page.$eval('#trail-apply-title-error', (e) => e.textContent), '请填写步道名称');
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
  await page.click('.trail-apply-other summary');
  await page.type('#trail-apply-title_en', TITLE_EN);
  await page.click('#trail-apply button[type="submit"]');
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
  t.like(await reviewFacts(admin), { 河段: '淮扬运河', 城市: '淮安', 中文名称: TITLE, 英文名称: TITLE_EN, 英文简介: '未填写' }, 'both languages, relations in Chinese');
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

test.serial('an English member applies in English: the main fields are English, the review shows both languages in English, the trail is not a fallback', async (t) => {
  const errors: string[] = [];
  const page = await memberPage(suite.server, suite.browser);
  collectErrors(page, errors);
  await page.setViewport({ width: 1366, height: 900 });
  await page.goto(`${suite.server.url}/trail/apply?lang=en`);
  // The name field is the English one; the Chinese texts are folded away as optional.
  await page.waitForSelector('#trail-apply-title_en');
  t.false(await page.$eval('.trail-apply-other', (d) => (d as HTMLDetailsElement).open), 'the Chinese texts are folded away');
  t.false(await page.$eval('#trail-apply-title', (e) => e.checkVisibility()), 'the Chinese name is not shown');
  t.is(await page.$eval('.trail-apply-other summary', (e) => e.textContent), 'Chinese version (optional)');
  await page.click('#trail-apply button[type="submit"]');
  await page.waitForSelector('#trail-apply-title_en-error');
  t.is(await page.$eval('#trail-apply-title_en-error', (e) => e.textContent), "Please enter the trail's name");
  await page.type('#trail-apply-title_en', 'Test walk');
  const canal = await suite.server.app.knex('canal').where({ name: '通惠河' }).first<{ id: number }>('id');
  const city = await suite.server.app.knex('canal_city').where({ canal_id: canal.id, name: '北京' }).first<{ id: number }>('id');
  await page.select('#trail-apply-canal_id', String(canal.id));
  await page.waitForSelector(`#trail-apply-city_id option[value="${city.id}"]`);
  await page.select('#trail-apply-city_id', String(city.id));
  await page.type('#trail-apply-length_km', '3');
  await page.type('#trail-apply-duration_min', '60');
  await page.click('#trail-apply-difficulty-easy');
  await page.type('#trail-apply-route_en', 'Start at the lock and follow the towpath north.');
  const input = await page.$('#trail-apply-photos input[type="file"]');
  await input!.uploadFile(pngFile());
  await page.waitForSelector('#trail-apply-photos li img');
  await page.click('#trail-apply button[type="submit"]');
  await page.waitForSelector('[data-trail-applied]');

  const application = await suite.server.app.knex('trail_application').where({ title_en: 'Test walk' }).first<{ id: number; title: string }>('id', 'title');
  t.is(application.title, 'Test walk', 'the Chinese column holds the English where no Chinese was given');
  await page.goto(`${suite.server.url}/user/account/trailApplication?lang=en`);
  await page.waitForSelector('[data-application]');
  const listed = await page.$eval('[data-application]', (e) => e.textContent ?? '');
  t.true(listed.includes('Test walk') && !listed.includes('[zh]'), listed);

  // The review dialog, in English: relations named in English, both languages' texts.
  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    const { page: admin, errors: adminErrors } = await adminPage(suite.server, suite.browser, '/admin/content/trailApplication?lang=en', { width, height });
    await admin.waitForSelector(`tr[data-row-id="${application.id}"] [data-action="review"], [data-row-id="${application.id}"] [data-action="review"]`, { timeout: 20_000 });
    await admin.click(`[data-row-id="${application.id}"] [data-action="review"]`);
    await admin.waitForSelector(`[data-review-panel="${application.id}"]`);
    const facts = await reviewFacts(admin);
    t.like(facts, {
      'Canal section': 'Tonghui River',
      City: 'Beijing',
      'Name in Chinese': 'Not given (Chinese pages show the English)',
      'Name in English': 'Test walk',
      'Route in English': 'Start at the lock and follow the towpath north.',
    });
    t.false(/[\u4e00-\u9fff]/.test(Object.entries(facts).join(' ')), `no Chinese in the English dialog: ${JSON.stringify(facts)}`);
    t.is(await admin.$eval('dialog[open] h2', (e) => e.textContent), 'Review: Test walk');
    if (width === 1366) {
      await admin.click('[data-review="approve"]');
      await admin.waitForFunction(() => !document.querySelector('[data-review-panel]'));
    }
    t.deepEqual(adminErrors, []);
    await admin.close();
  }

  const trail = await suite.server.app.knex('trail_application').where({ id: application.id }).first<{ trail_id: number }>('trail_id');
  await page.goto(`${suite.server.url}/trail/info?id=${trail.trail_id}&lang=en`);
  t.is(await page.$eval('main h1', (e) => e.textContent), 'Test walk');
  t.is(await page.$('.fallback-mark'), null, 'not badged "Shown in Chinese"');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('a rejected application is changed and sent again with its photos; unread messages show a count in the menu and the header', async (t) => {
  const knex = suite.server.app.knex;
  const canal = await knex('canal').where({ name: '淮扬运河' }).first<{ id: number }>('id');
  const admin = await superToken(suite.server);
  for (const [lang, width, height] of [['en', 390, 844], ['zh-cn', 1366, 900]] as const) {
    const member = await createMember(suite.server);
    const token = await memberToken(suite.server, member.id);
    // An application with a photo of the member's own, rejected with a remark (which sends a message).
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(pngFile())], { type: 'image/png' }), 'walk.png');
    form.append('topic', `trail-u${member.id}`);
    const upload = (await (await fetch(`${suite.server.url}/api/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', 'ba-user-token': token } })).json()) as { data: { file: { url: string } } };
    const photo = upload.data.file.url;
    const body = { title: '里运河夜游线', title_en: 'Night walk on the Li Canal', canal_id: canal.id, length_km: '3', duration_min: '60', difficulty: 'easy', route: '从清江浦楼出发，沿里运河向东走到御码头。', route_en: 'From Qingjiangpu Tower east along the Li Canal to the Imperial Wharf.', photos: [photo] };
    const applied = await api<{ id: number }>(suite.server.url, '/api/trail/apply', { body, headers: { 'ba-user-token': token }, lang });
    const id = applied.body.data.id;
    t.is((await api(suite.server.url, '/admin/content.TrailApplication/reject', { body: { id, remark: lang === 'en' ? 'Please add the opening hours' : '请补充开放时间' }, headers: { batoken: admin } })).body.code, 1);

    const errors: string[] = [];
    const page = await suite.browser.newPage();
    collectErrors(page, errors);
    await page.setViewport({ width, height, isMobile: width < 600 });
    await page.goto(`${suite.server.url}/robots.txt`);
    await page.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify({ id: member.id, username: member.username, nickname: member.username, token, refresh_token: '' }));
    await page.goto(`${suite.server.url}/user/account/trailApplication?lang=${lang}`);
    await page.waitForSelector(`[data-application="${id}"][data-status="rejected"]`);

    // One unread message: counted on the inbox's menu entry, the header's envelope, and (phones) the menu button.
    await page.waitForSelector('[data-inbox-link] [data-unread-badge="1"]', { visible: true });
    t.is(await page.$eval('[data-inbox-link] [data-unread-badge] .visually-hidden', (a) => a.textContent), lang === 'en' ? '1 unread' : '1 条未读');
    t.is(await page.$eval('[data-inbox-link] > .visually-hidden', (a) => a.textContent), lang === 'en' ? 'Messages' : '站内消息');
    if (width < 992) {
      t.truthy(await page.waitForSelector('button[aria-controls="member-side"] [data-unread-badge="1"]', { visible: true }));
      await page.click('button[aria-controls="member-side"]');
    }
    await page.waitForSelector('.member-menu-link [data-unread-badge="1"]', { visible: true });
    t.regex(await page.$eval('.member-menu-link:has([data-unread-badge])', (a) => a.textContent ?? ''), lang === 'en' ? /^Messages1/ : /^站内消息1/);
    if (width < 992) await page.click('#member-side .btn-close');

    // Change and send again: the form comes back filled in, with the photo and the reviewer's remark.
    await Promise.all([page.waitForNavigation(), page.click(`[data-change-application="${id}"]`)]);
    t.is(new URL(page.url()).pathname, '/trail/apply');
    await page.waitForSelector(`[data-changing="${id}"]`);
    t.regex(await page.$eval(`[data-changing="${id}"]`, (e) => e.textContent ?? ''), lang === 'en' ? /Please add the opening hours/ : /请补充开放时间/);
    const main = lang === 'en' ? 'title_en' : 'title';
    t.is(await page.$eval(`#trail-apply-${main}`, (e) => (e as HTMLInputElement).value), lang === 'en' ? 'Night walk on the Li Canal' : '里运河夜游线');
    t.is(await page.$$eval('#trail-apply-photos li img', (imgs) => imgs.length), 1, 'the photo is kept');
    await page.type(`#trail-apply-${main}`, lang === 'en' ? ' (opening hours: 8 am to 10 pm)' : '（开放时间 8:00-22:00）');
    t.is(await page.$eval('#trail-apply button[type="submit"]', (e) => e.textContent), lang === 'en' ? 'Send it again' : '重新提交');
    await page.click('#trail-apply button[type="submit"]');
    await page.waitForSelector('[data-trail-applied]');
    t.false(page.url().includes('id='), 'a reload does not reopen the sent application');
    const row = await knex('trail_application').where({ id }).first<{ status: string; photos: string; title: string; title_en: string }>();
    t.like(row, { status: 'pending', photos: photo });
    t.regex(lang === 'en' ? row.title_en : row.title, lang === 'en' ? /opening hours/ : /开放时间/);
    t.is(await knex('trail_application').where({ user_id: member.id }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 1);

    // Reading the message clears the count.
    await page.goto(`${suite.server.url}/user/account/message?lang=${lang}`);
    await page.waitForSelector('.list-group-item button[aria-controls^="message-"]');
    await page.click('.list-group-item button[aria-controls^="message-"]');
    await page.waitForSelector('.member-message-body');
    await page.waitForFunction(() => !document.querySelector('[data-unread-badge]'));
    t.deepEqual(errors, []);
    await page.close();
  }
});
