import test from 'ava';
import { createElement } from 'react';
import { Pagination } from '../../src/components/content/Pagination.tsx';
import { pageHref } from '../../src/components/content/meta.ts';
import { LANGS } from '../../src/shared/i18n/langs.ts';
import { CountingFragments, renderPart } from '../helpers/fragments.ts';

// A list's page links are stamped (components/content/Pagination.tsx): rendered once per arrangement and
// language, the links and numbers filled in. Stamped, they must be the links React renders inline, to the byte.

const pagination = (page: number, pages: number, category: number | string | null = 2) =>
  createElement(Pagination, { page, pages, href: (p: number) => pageHref('/news', { category, page: p }, 'en') });

/** Every arrangement up to 12 pages (first, last, gaps either side, one page), a page past the end, and one of thousands. */
const cases: [number, number][] = [[1, 0], [2, 0], [1, 2], [2, 2], [3, 1], [12, 10], [4_567, 9_999]];
for (let pages = 1; pages <= 12; pages++) for (let page = 1; page <= pages; page++) cases.push([page, pages]);

test('stamped page links are the links rendered inline, in every arrangement and language', (t) => {
  const fragments = new CountingFragments();
  for (const lang of LANGS) {
    for (const [page, pages] of cases) {
      for (const category of [2, null, 'a&b "c"']) {
        const inline = renderPart(lang, pagination(page, pages, category));
        t.is(renderPart(lang, pagination(page, pages, category), fragments), inline, `page ${page} of ${pages}, category ${category} (${lang})`);
      }
    }
  }
  t.true(fragments.renders > 0);
});

test('page links of one arrangement are rendered once, their numbers and links filled in', (t) => {
  const fragments = new CountingFragments();
  const sixth = renderPart('zh-cn', pagination(6, 40), fragments);
  const seventh = renderPart('zh-cn', pagination(17, 40), fragments);
  t.is(fragments.renders, 1, 'both have a gap either side of five numbers around the current one');
  t.regex(sixth, /<a class="page-link" href="\/news\?category=2&amp;page=6&amp;lang=en" aria-current="page" aria-label="第 6 页">6<\/a>/);
  t.regex(seventh, /<a class="page-link" rel="prev" href="\/news\?category=2&amp;page=16&amp;lang=en">上一页<\/a>/);
  t.regex(seventh, /aria-label="第 19 页">19<\/a>/);
  t.true(seventh.startsWith('<nav aria-label="分页" class="my-4"><ul class="pagination'));
  t.is(renderPart('zh-cn', pagination(1, 1), fragments), '', 'one page: no links at all');
});
