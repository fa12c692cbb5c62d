import test from 'ava';
import { browserSuite, collectErrors } from '../helpers/browser.ts';

// A visitor searches the site from the header's box (issue 27), in Chinese and in English, on a phone (390 px)
// and a desktop (1366 px): the results page keeps the query, marks the words, fits the screen, loads no script,
// and its result opens the item.

const suite = browserSuite(test);
const ZH_TITLE = '鼍龙运河古桥修缮完成';
const EN_TITLE = 'Restoration of the Quillbridge is complete';
let newsId: number;

test.before(async () => {
  const { knex, services } = suite.server.app;
  const category = await knex('news_category').where({ status: '1' }).orderBy('id').first<{ id: number }>('id');
  const time = Math.floor(Date.now() / 1000) - 3600;
  const [row] = await knex('news')
    .insert({
      category_id: category.id,
      title: ZH_TITLE,
      title_en: EN_TITLE,
      summary: '修缮后的古桥重新向游人开放，鼍龙石雕得以保存。',
      summary_en: 'The old Quillbridge is open to walkers again, its carvings kept.',
      content: '',
      content_en: '',
      publish_time: time,
      status: '1',
      weigh: 0,
      create_time: time,
      update_time: time,
    })
    .returning('id');
  newsId = Number(typeof row === 'object' ? (row as { id: number }).id : row);
  // Written beside the engine, as an import would be: the terminal's rebuild indexes it.
  await services.search.rebuildAll();
});

const cases = [
  // Explicitly: the browser remembers the language of the page before (a cookie), as a visitor's does.
  { lang: 'zh-cn', query: '鼍龙', title: ZH_TITLE, marked: '鼍龙', home: '/?lang=zh-cn' },
  { lang: 'en', query: 'quillbridge', title: EN_TITLE, marked: 'Quillbridge', home: '/?lang=en' },
] as const;

for (const width of [390, 1366]) {
  for (const c of cases) {
    test.serial(`a visitor searches in ${c.lang === 'en' ? 'English' : 'Chinese'} from the header at ${width} px and opens the result`, async (t) => {
      const { server, browser } = suite;
      const page = await browser.newPage();
      const errors = collectErrors(page);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.setViewport({ width, height: 900, isMobile: width < 500, hasTouch: width < 500 });
      await page.goto(server.url + c.home, { waitUntil: 'networkidle0' });
      const box = await page.$('header input[name="q"]');
      t.truthy(box, 'the header has a search box');
      t.true(await box!.isIntersectingViewport(), 'visible without opening the menu');
      await box!.type(c.query);
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), box!.press('Enter')]);

      const url = new URL(page.url());
      t.is(url.pathname, '/search');
      t.is(url.searchParams.get('q'), c.query);
      t.is(url.searchParams.get('lang'), c.lang === 'en' ? 'en' : null, 'the language is kept');
      t.deepEqual(await page.$$eval('input[name="q"]', (inputs) => inputs.map((i) => (i as HTMLInputElement).value)), [c.query, c.query], 'the query stays in both boxes');
      const results = await page.$$eval('.search-item', (items) => items.map((i) => ({ title: i.querySelector('h2 a')!.textContent, marks: [...i.querySelectorAll('mark')].map((m) => m.textContent) })));
      t.deepEqual(results, [{ title: c.title, marks: [c.marked] }]);
      t.true(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing sticks out sideways');

      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.search-item h2 a')]);
      t.is(new URL(page.url()).pathname, '/news/info');
      t.is(new URL(page.url()).searchParams.get('id'), String(newsId));
      t.is(await page.$eval('h1', (h) => h.textContent), c.title);
      t.deepEqual(scripts, [], 'the home page, the search page and the article load no script');
      t.deepEqual(errors, []);
      await page.close();
    });
  }
}

test.serial('nothing found: the page says so in the visitor’s language and suggests the sections', async (t) => {
  const page = await suite.browser.newPage();
  await page.goto(`${suite.server.url}/search?q=${encodeURIComponent('完全不存在的词语')}&lang=zh-cn`, { waitUntil: 'networkidle0' });
  t.is(await page.$eval('.empty-state p', (p) => p.textContent), '本站没有与“完全不存在的词语”相符的内容。');
  t.true((await page.$$('.empty-state a')).length >= 8);
  await page.goto(`${suite.server.url}/search?q=nothing-like-it-anywhere&lang=en`, { waitUntil: 'networkidle0' });
  t.is(await page.$eval('.empty-state p', (p) => p.textContent), 'Nothing on the site matches “nothing-like-it-anywhere”.');
  await page.close();
});
