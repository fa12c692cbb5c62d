import test from 'ava';
import type { Page } from 'puppeteer-core';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { adminPage, openMenu } from './adminHelpers.ts';
import { waitForPath } from './userHelpers.ts';

// On an activity page, one member takes the last place and another joins the waitlist; the first gives the
// place up, the second is promoted, sees the QR code of their check-in code in "My activities", and staff check
// them in at the door by typing the code into the roster's check-in dialog.

const suite = browserSuite(test);

async function memberPage(name: string, errors: string[]): Promise<{ page: Page; id: number }> {
  const member = await createMember(suite.server, { username: name });
  const token = await memberToken(suite.server, member.id);
  // A context of its own: members in one context would share one login (localStorage).
  const page = await (await suite.browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1280, height: 900 });
  collectErrors(page, errors);
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify({ id: member.id, username: name, nickname: name, token, refresh_token: '' }));
  return { page, id: member.id };
}

const text = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText);

test.serial('a member signs up, another waits, is promoted after a cancellation, shows the QR code and is checked in by staff', async (t) => {
  const { server } = suite;
  const now = Math.floor(Date.now() / 1000);
  const [row] = await server.app
    .knex('brand_activity')
    .insert({
      title: '清名桥古运河夜游',
      title_en: 'Qingming Bridge night boat tour',
      summary: '乘船夜游无锡古运河。',
      summary_en: 'An evening on the old canal of Wuxi by boat.',
      content: '<p>集合地点：清名桥。</p>',
      content_en: '<p>Meet at Qingming Bridge.</p>',
      place: '无锡清名桥',
      place_en: 'Qingming Bridge, Wuxi',
      start_time: now + 5 * 86_400,
      end_time: now + 5 * 86_400 + 7200,
      activity_status: 'upcoming',
      capacity: 1,
      fee: 0,
      signup_start: now - 3600,
      signup_end: now + 4 * 86_400,
      cancel_end: now + 3 * 86_400,
      weigh: 0,
      status: '1',
      create_time: now,
      update_time: now,
    })
    .returning('id');
  const id = (row as { id: number }).id;
  const url = `${server.url}/brand/info?id=${id}&lang=en`;
  const errors: string[] = [];

  // A guest sees the facts and a login link, in the cached page everyone gets.
  const guest = await suite.browser.newPage();
  collectErrors(guest, errors);
  await guest.goto(url, { waitUntil: 'networkidle0' });
  await guest.waitForSelector('[data-signup="open"]');
  t.regex(await text(guest, '[data-signup]'), /1 of 1 places left[\s\S]*Free[\s\S]*Sign-ups close/);
  t.truthy(await guest.$('[data-signup] a[href*="/user/login?redirect="]'));
  await guest.close();

  const first = await memberPage('boat_first', errors);
  await first.page.goto(url);
  await first.page.waitForSelector('button[data-action="signup"]');
  t.is(await text(first.page, 'button[data-action="signup"]'), 'Sign up');
  await first.page.click('button[data-action="signup"]');
  await first.page.waitForSelector('[data-mine="confirmed"]');
  t.regex(await text(first.page, '[data-signup]'), /All places are taken; 0 on the waitlist[\s\S]*You have a place\. Check-in code: [A-Z2-9]{10}/);

  const second = await memberPage('boat_second', errors);
  await second.page.goto(url);
  await second.page.waitForSelector('button[data-action="signup"]');
  t.is(await text(second.page, 'button[data-action="signup"]'), 'Join the waitlist');
  await second.page.click('button[data-action="signup"]');
  await second.page.waitForSelector('[data-mine="waitlisted"]');
  t.regex(await text(second.page, '[data-signup]'), /All places are taken; 1 on the waitlist/);

  // The first gives the place up (after confirming); the second is promoted. A tab acts only in front.
  await first.page.bringToFront();
  await first.page.click('button[data-action="cancel"]');
  await first.page.click('button[data-action="confirm-cancel"]');
  await first.page.waitForSelector('button[data-action="signup"]');
  t.regex(await text(first.page, '[data-signup]'), /All places are taken; 0 on the waitlist/);
  t.is(await first.page.$('[data-mine]'), null);

  await second.page.bringToFront();
  await second.page.goto(`${server.url}/user/account/activity?lang=en`);
  await waitForPath(second.page, '/user/account/activity');
  await second.page.waitForSelector('[data-status="confirmed"] img[data-qr]');
  const code = await second.page.$eval('img[data-qr]', (img) => img.getAttribute('data-qr') ?? '');
  t.regex(code, /^[A-HJ-NP-Z2-9]{10}$/);
  t.true(await second.page.$eval('img[data-qr]', (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), 'the QR image is drawn');
  t.regex(await text(second.page, '[data-status="confirmed"]'), /Qingming Bridge night boat tour[\s\S]*Place confirmed[\s\S]*Check-in code/);

  // Staff check the member in by typing the code at the door.
  const admin = await adminPage(server, suite.browser, '/admin');
  await openMenu(admin.page, 'content/activitySignup');
  await admin.page.waitForSelector('button[data-action="check-in"]');
  await admin.page.click('button[data-action="check-in"]');
  await admin.page.waitForSelector('#checkin-code');
  await admin.page.type('#checkin-code', `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`);
  await admin.page.keyboard.press('Enter');
  await admin.page.waitForSelector('[data-checkin-outcome="ok"]');
  t.regex(await text(admin.page, '[data-checkin-outcome]'), /boat_second is checked in for Qingming Bridge night boat tour|boat_second 已签到/);
  await admin.page.type('#checkin-code', code);
  await admin.page.keyboard.press('Enter');
  await admin.page.waitForSelector('[data-checkin-outcome="refused"]');
  t.regex(await text(admin.page, '[data-checkin-outcome]'), /already checked in|已经签到/);

  await second.page.bringToFront();
  await second.page.reload();
  await second.page.waitForSelector('[data-status="confirmed"]');
  await second.page.waitForFunction(() => /Checked in/.test(document.querySelector('[data-status="confirmed"]')?.textContent ?? ''));
  t.deepEqual(errors.concat(admin.errors), []);
});
