import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { formatTime } from '../../src/shared/time.ts';
import { adminPage, isCall, pickRemote, setValue, submitForm } from './adminHelpers.ts';

// Issue 28, item 1 in the browser: staff schedule a news item for later with "publish at", see it marked
// "Scheduled" in the list, and open its preview link, which shows the real page while the public sees none.

const suite = browserSuite(test);

test('staff schedule a post and preview it', async (t) => {
  const { server, browser } = suite;
  const { page, errors } = await adminPage(server, browser, '/admin/content/news?lang=en');
  const screen = '[data-crud-page="content/news"]';
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  await page.click(`${screen} [data-toolbar="add"]`);
  const form = '[data-crud-form="content/news"]';
  await page.waitForSelector(`${form} [data-publish-time]`);
  t.true(await page.$eval(`${form} [data-publish-mode="now"]`, (r) => (r as HTMLInputElement).checked), 'a new post is published now');
  await pickRemote(page, `${form} [data-column="category_id"]`, '');
  const title = '定时发布的浏览器测试新闻';
  await page.type(`${form} [data-column="title"] input`, title);
  // A time tomorrow, typed in the site's time zone: the choice moves to "at" and says it is scheduled.
  const at = Math.floor(Date.now() / 1000) + 86_400;
  await setValue(page, `${form} [data-column="publish_time"] input[type="datetime-local"]`, formatTime(at, 'yyyy-mm-ddThh:MM:ss', 'Asia/Shanghai'));
  await page.waitForFunction((f) => (document.querySelector(`${f} [data-publish-mode="at"]`) as HTMLInputElement | null)?.checked, {}, form);
  t.regex(await page.$eval(`${form} [data-publish-hint]`, (e) => e.textContent ?? ''), /Scheduled: it will appear on the site at this time/);
  await submitForm(page, 'content.News/index');

  const row = await server.app.knex('news').where({ title }).first<{ id: number; publish_time: number; status: string }>('id', 'publish_time', 'status');
  t.is(Number(row.publish_time), at);
  t.is(String(row.status), '1');
  const cell = `${screen} tr[data-row-id="${row.id}"] [data-column="status"]`;
  await page.waitForSelector(`${cell} [data-scheduled]`);
  t.is(await page.$eval(`${cell} [data-scheduled]`, (e) => e.textContent), `Scheduled · ${formatTime(at, 'yyyy-mm-dd hh:MM', 'Asia/Shanghai')}`);
  t.is((await fetch(`${server.url}/news/info?id=${row.id}`)).status, 404, 'not public yet');

  // Its preview: a dialog with the signed link, which opens the real page, marked as a preview.
  const linked = page.waitForResponse(isCall('content.News/preview'));
  await page.click(`${screen} tr[data-row-id="${row.id}"] [data-action="preview"]`);
  await linked;
  await page.waitForSelector('[data-preview-open]');
  const href = await page.$eval('[data-preview-open]', (a) => (a as HTMLAnchorElement).href);
  t.is(await page.$eval('[data-preview-link]', (i) => (i as HTMLInputElement).value), href);
  t.regex(href, new RegExp(`/news/info\\?id=${row.id}&preview=`));
  const preview = await browser.newPage();
  const answer = await preview.goto(href);
  t.is(answer?.status(), 200);
  t.is(answer?.headers()['x-robots-tag'], 'noindex, nofollow');
  t.true((await preview.$eval('h1', (h) => h.textContent ?? '')).startsWith(title), 'the real page of the post');
  t.truthy(await preview.$('[data-preview-notice]'));
  t.is(await preview.$eval('meta[name="robots"]', (m) => m.getAttribute('content')), 'noindex, nofollow');
  await preview.close();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  // Choosing "now" again publishes it: the badge goes, the page is public.
  await page.click(`${screen} tr[data-row-id="${row.id}"] [data-action="edit"]`);
  await page.waitForSelector(`${form} [data-publish-mode="at"]:checked`);
  await page.click(`${form} [data-publish-mode="now"]`);
  await submitForm(page, 'content.News/index');
  await page.waitForFunction((c) => !document.querySelector(`${c} [data-scheduled]`), {}, cell);
  t.is((await fetch(`${server.url}/news/info?id=${row.id}`)).status, 200, 'public now');
  t.is(await page.$(`${screen} tr[data-row-id="${row.id}"] [data-action="preview"]`), null, 'a public row needs no preview link');
  t.deepEqual(errors, []);
});
