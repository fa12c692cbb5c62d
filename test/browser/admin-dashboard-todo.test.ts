import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage } from './adminHelpers.ts';

const suite = browserSuite(test);

// Issue 28, item 5 in the browser: the dashboard lists the trail applications waiting and leads to their screen.
test.serial('the dashboard says what needs doing and links to the screen that does it', async (t) => {
  const { server, browser } = suite;
  const now = Math.floor(Date.now() / 1000);
  await server.app.knex('trail_application').insert({ user_id: 1, canal_id: 1, title: '等待审核的步道', title_en: 'A walk waiting for review', status: 'pending', create_time: now, update_time: now });
  const { page, errors } = await adminPage(server, browser, '/admin/dashboard?lang=en');
  const section = '[data-todo-section="content/trailApplication:waiting"]';
  await page.waitForSelector(section);
  t.regex((await page.$eval(section, (e) => e.textContent)) ?? '', /Trail applications: \d+ waiting for review.*A walk waiting for review/s);
  await page.click(`${section} a`);
  await page.waitForSelector('[data-crud-page="content/trailApplication"]');
  t.is(new URL(page.url()).pathname, '/admin/content/trailApplication');
  t.deepEqual(errors, []);
});

test.serial('a coming activity shows its sign-ups, and failed payment notifications lead to the top-up orders', async (t) => {
  const { server, browser } = suite;
  const { knex } = server.app;
  const now = Math.floor(Date.now() / 1000);
  await knex('brand_activity').insert({
    title: '报名中的活动',
    title_en: 'Signing up now',
    summary: '',
    content: '',
    cover: '',
    place: '',
    activity_status: 'upcoming',
    weigh: 0,
    status: '1',
    start_time: now + 7200,
    end_time: now + 10800,
    capacity: 5,
    signup_end: now + 3600,
    create_time: now,
    update_time: now,
  });
  const activity = await knex('brand_activity').where({ title_en: 'Signing up now' }).first<{ id: number }>('id');
  const signup = (user: number, status: string, code: string) => ({ resource: 'content/activity', row_id: activity.id, user_id: user, status, code, signup_time: now, create_time: now, update_time: now });
  await knex('activity_signup').insert([signup(801, 'confirmed', 'BRWS0001'), signup(802, 'confirmed', 'BRWS0002'), signup(803, 'waitlisted', 'BRWS0003')]);
  await knex('pay_notify_failure').insert({ provider: 'alipay', reason: 'unknown', order_no: '20990101000000000077', amount: 500, ip: '203.0.113.9', create_time: now - 60 });

  const { page, errors } = await adminPage(server, browser, '/admin/dashboard?lang=en');
  const coming = '[data-todo-section="content/activity:upcoming"]';
  await page.waitForSelector(coming);
  const item = await page.$$eval(`${coming} li`, (items) => items.find((li) => li.textContent?.includes('Signing up now'))?.querySelector('[data-signups]')?.textContent);
  t.is(item, '2 of 5 places taken, 1 on the waitlist');
  const failed = '[data-todo-section="pay/order:failed"]';
  t.regex((await page.$eval(failed, (e) => e.textContent)) ?? '', /Failed payment notifications: 1 in the last 7 days.*Alipay, order 20990101000000000077: no such order/s);
  await page.click(`${failed} a`);
  await page.waitForSelector('[data-crud-page="pay/order"]');
  t.is(new URL(page.url()).pathname, '/admin/pay/order');
  t.deepEqual(errors, []);
});
