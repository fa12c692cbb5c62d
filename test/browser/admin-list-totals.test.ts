import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { superToken } from '../helpers/admins.ts';
import { api } from '../helpers/server.ts';
import { adminPage } from './adminHelpers.ts';

// A list longer than the exact-count limit (lowered here to 20 by LIST_EXACT_COUNT) shows its estimated total as
// "about N" in both languages; its last page, as far as the estimate reaches, shows the last rows and the exact
// total (issue 31 item 6).

const suite = browserSuite(test, { LIST_EXACT_COUNT: '20' });

test.serial.before(async () => {
  const { knex } = suite.server.app;
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const now = Math.floor(Date.now() / 1000);
  // About 200 more, so that the rows end in 5: the estimate (two significant figures) rounds up to the tens,
  // and its last page is the real one.
  const [{ n }] = (await knex('news').count({ n: '*' })) as [{ n: number | string }];
  const rows = Array.from({ length: 200 + ((15 - (Number(n) % 10)) % 10) }, (_, i) => ({ category_id: category.id, title: `Lock keeper's log ${i}`, summary: '', content: '', publish_time: now - i, status: '0', weigh: 0, create_time: now, update_time: now }));
  await knex.batchInsert('news', rows, 100);
});

test.serial('an estimated total reads "about N"; the last page it reaches shows the exact total, in both languages', async (t) => {
  const { server } = suite;
  const [{ n }] = (await server.app.knex('news').count({ n: '*' })) as [{ n: number | string }];
  const rows = Number(n);
  const answer = await api<{ total: number; totalEstimated?: boolean }>(server.url, '/admin/content.News/index?limit=10', { headers: { batoken: await superToken(server) } });
  const { total, totalEstimated } = answer.body.data;
  t.true(totalEstimated && total > 20, 'the server estimates');
  for (const [lang, about, exact] of [
    ['en', `Total: about ${total.toLocaleString('en')}`, `Total: ${rows}`],
    ['zh-cn', `约 ${total.toLocaleString('zh-cn')} 条`, `共 ${rows} 条`],
  ] as const) {
    const { page, errors } = await adminPage(server, suite.browser, `/admin/content/news?lang=${lang}`);
    const footer = '[data-crud-page="content/news"] [data-pagination]';
    const estimated = await page.waitForSelector(`${footer} [data-total][data-estimated]`);
    t.is(await estimated!.evaluate((e) => e.textContent), about, lang);
    const last = Math.ceil(total / 10);
    await page.click(`${footer} [data-page="${last}"]`);
    const counted = await page.waitForSelector(`${footer} [data-total]:not([data-estimated])`);
    t.is(await counted!.evaluate((e) => e.textContent), exact, `${lang}: the last page knows`);
    const shown = await page.$$eval('[data-crud-page="content/news"] tbody tr[data-row-id]', (trs) => trs.length);
    t.is(shown, rows - (Math.ceil(rows / 10) - 1) * 10, `${lang}: the last rows`);
    t.deepEqual(errors, []);
    await page.close();
  }
});
