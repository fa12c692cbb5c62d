import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage } from './adminHelpers.ts';

const suite = browserSuite(test);

// Issue 28, item 5 in the browser: the dashboard lists the trail applications waiting and leads to their screen.
test('the dashboard says what needs doing and links to the screen that does it', async (t) => {
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
