import test from 'ava';
import { browserSuite, collectErrors } from '../helpers/browser.ts';

const suite = browserSuite(test);

const VIEWPORTS = [
  { width: 390, height: 844, isMobile: true },
  { width: 1366, height: 900, isMobile: false },
] as const;

test('lists fit their grid: all ten canal sections on /canals, whole rows of three on /news, activities soonest first with past ones after', async (t) => {
  const sections = Number((await suite.server.app.knex('canal').where({ status: '1' }).count<{ n: number }[]>('id as n'))[0]!.n);
  t.is(sections, 10, 'the seeded sections');
  for (const viewport of VIEWPORTS) {
    for (const lang of ['zh-cn', 'en'] as const) {
      const errors: string[] = [];
      const page = await suite.browser.newPage();
      collectErrors(page, errors);
      await page.setViewport(viewport);
      const where = `${viewport.width} px, ${lang}`;

      await page.goto(`${suite.server.url}/canals?lang=${lang}`);
      t.is(await page.$$eval('main .content-card', (cards) => cards.length), 10, `/canals shows every section (${where})`);
      t.is(await page.$('main .pagination'), null, `/canals has no second page (${where})`);

      await page.goto(`${suite.server.url}/news?lang=${lang}`);
      const tops = await page.$$eval('main .row .col', (cols) => cols.map((c) => Math.round(c.getBoundingClientRect().top)));
      t.is(tops.length, 9, `/news shows nine cards (${where})`);
      if (viewport.width >= 992) t.is(new Set(tops).size, 3, `three full rows of three (${where})`);

      await page.goto(`${suite.server.url}/brand?lang=${lang}`);
      const cards = await page.$$eval('main .content-card', (list) =>
        list.map((card) => ({ ended: card.querySelector('.stage-ended') !== null, start: card.querySelector('time')!.getAttribute('datetime')! })),
      );
      const firstEnded = cards.findIndex((c) => c.ended);
      t.true(firstEnded > 0, `upcoming ones first (${where}): ${JSON.stringify(cards)}`);
      const coming = cards.slice(0, firstEnded).map((c) => c.start);
      const past = cards.slice(firstEnded);
      t.true(past.every((c) => c.ended), `past ones after (${where})`);
      t.deepEqual(coming, [...coming].sort(), `soonest first (${where})`);
      t.deepEqual(past.map((c) => c.start), past.map((c) => c.start).sort().reverse(), `the latest past one first (${where})`);
      t.deepEqual(errors, []);
      await page.close();
    }
  }
});
