import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage, openMenu, setValue } from './adminHelpers.ts';
import { addField, toast } from './designerHelpers.ts';

// The designer's public-site settings (issue 27): a table's sign-ups and site search are offered once the
// design can have them (a switch publishing its rows, the sign-up fields, an auto-increment key), saying what
// it lacks until then; ticked, they are declared by the generated definition, and the design read back from its
// log has them ticked.

const suite = browserSuite(test, { RATE_LIMIT_FACTOR: '0' });

const why = (page: Page, id: string) => page.$eval(`#${id}-why`, (p) => p.textContent ?? '').catch(() => '');
const disabled = (page: Page, id: string) => page.$eval(`#${id}`, (i) => (i as HTMLInputElement).disabled);
const error = (page: Page) => page.$eval('[data-design-error]', (e) => e.textContent ?? '').catch(() => '');

test.serial('sign-ups and search are ticked in the design screen once the design can have them, and generated', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin?lang=en');
  await openMenu(page, 'crud/crud');
  await page.waitForSelector('[data-designer-start]');
  await page.click('[data-start="scratch"]');
  await page.waitForSelector('[data-designer]');
  await setValue(page, '[data-table-option="name"]', 'club_course');
  await setValue(page, '[data-table-option="titleZh"]', '课程表');
  await setValue(page, '[data-table-option="titleEn"]', 'Courses');
  await page.click('[data-design-field="id"] button[aria-pressed]');
  await addField(page, 'string', 'title', '名称', 'Name');
  await addField(page, 'timestamp', 'start_time', '开始时间', 'Starts');
  await addField(page, 'switch', 'status', '公开', 'Public');

  t.true(await disabled(page, 'crud-signup'), 'no sign-ups before the rows are public');
  t.is(await why(page, 'crud-signup'), 'Choose the switch that makes a row public first.');
  await page.select('[data-table-option="publishStatus"]', 'status');
  await page.waitForFunction(() => !(document.getElementById('crud-site-search') as HTMLInputElement).disabled);
  t.true(await disabled(page, 'crud-signup'));
  t.regex(await why(page, 'crud-signup'), /^Needs a text field and the fields capacity \(number\), fee \(float, in yuan\) and signup_end/);

  await addField(page, 'number', 'capacity', '名额', 'Places');
  await addField(page, 'float', 'fee', '费用', 'Fee');
  await addField(page, 'timestamp', 'signup_end', '报名截止', 'Sign-ups close');
  await page.waitForFunction(() => !(document.getElementById('crud-signup') as HTMLInputElement).disabled);
  t.is(await why(page, 'crud-signup'), '', 'nothing lacking now');
  await page.click('#crud-signup');
  await page.waitForSelector('[data-table-option="signupTitle"]');
  t.is(await page.$eval('[data-table-option="signupTitle"]', (s) => (s as HTMLSelectElement).value), 'title', 'a row is named by its title');
  t.is(await page.$eval('[data-table-option="signupStart"]', (s) => (s as HTMLSelectElement).value), 'start_time');

  await page.click('#crud-site-search');
  await page.waitForSelector('[data-table-option="searchUrl"]');
  await page.waitForFunction(() => /hold \{id\}/.test(document.querySelector('[data-design-error]')?.textContent ?? ''));
  t.regex(await error(page), /address of a row’s public page/, 'the live check asks for the page');
  await setValue(page, '[data-table-option="searchUrl"]', '/courses?id={id}');
  await page.waitForFunction(() => !document.querySelector('[data-design-error]'));

  // The button heads the designer, under the shell's sticky header once the page has scrolled to the settings.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('[data-generate]');
  await toast(page, /Generated: club\/course/);
  await page.waitForSelector('[data-crud-page="club/course"]');
  const stored = JSON.parse((await knex('crud_resource').where({ name: 'club/course' }).first<{ definition: string }>('definition')).definition) as Record<string, unknown>;
  t.like(stored, {
    publish: { status: 'status' },
    signup: { title: 'title', start: 'start_time' },
    search: { title: 'title', body: [], time: 'start_time', url: '/courses?id={id}' },
  });

  // Taken up again from its log: the settings come back ticked.
  await openMenu(page, 'crud/crud');
  await page.waitForSelector('[data-designer-start] tbody tr[data-row-id] [data-log-action="start"]');
  await page.click('[data-designer-start] tbody tr[data-row-id] [data-log-action="start"]');
  await page.waitForSelector('[data-designer] #crud-signup');
  t.true(await page.$eval('#crud-signup', (i) => (i as HTMLInputElement).checked));
  t.true(await page.$eval('#crud-site-search', (i) => (i as HTMLInputElement).checked));
  t.is(await page.$eval('[data-table-option="publishStatus"]', (s) => (s as HTMLSelectElement).value), 'status');
  t.deepEqual(errors, []);
  await page.close();
});
