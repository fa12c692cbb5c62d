import test from 'ava';
import { createElement } from 'react';
import { FilterNav } from '../../src/components/content/FilterNav.tsx';
import { PageHeader } from '../../src/components/content/PageHeader.tsx';
import type { Label } from '../../src/components/content/Text.tsx';
import { LANGS } from '../../src/shared/i18n/langs.ts';
import { CountingFragments, renderPart } from '../helpers/fragments.ts';

// A list's filter links and every content page's breadcrumbs are stamped (FilterNav.tsx, PageHeader.tsx):
// rendered once per arrangement and language, links and names filled in. Stamped, they must be what React
// renders inline, to the byte, whatever the names.

const text = (value: string, fallback = false) => ({ text: value, fallback });
const names: Label[] = ['全部', text('协会动态'), text('遗产保护', true), text(`"引号" & <尖括号> 'x' \uE0000\uE001`), text(''), ''];

const filters = (active: number, labels: Label[]) =>
  createElement(FilterNav, {
    label: '分类',
    options: labels.map((label, i) => ({ key: String(i), label, href: `/news?category=${i}&x="${i}"`, active: i === active })),
  });

const header = (crumbs: { label: Label; href?: string }[]) => createElement(PageHeader, { title: '新闻', crumbs });

test('stamped filter links are the links rendered inline, for every kind of name and language', (t) => {
  const fragments = new CountingFragments();
  for (const lang of LANGS) {
    for (let active = -1; active < names.length; active++) {
      // Lists of one length and no empty name differ only by which names fell back, or which is current.
      for (const labels of [names, names.slice(1, 3), [...names].reverse(), [text('甲', true), text('乙')], [text('甲'), text('乙', true)], ['甲', text('乙', true)]]) {
        const inline = renderPart(lang, filters(active, labels));
        t.is(renderPart(lang, filters(active, labels), fragments), inline, `${active} of ${labels.length} (${lang})`);
      }
    }
  }
  t.true(fragments.renders > 0);
});

test('stamped breadcrumbs are the ones rendered inline, links or not, for every kind of name and language', (t) => {
  const fragments = new CountingFragments();
  for (const lang of LANGS) {
    for (const label of names) {
      const arrangements = [[{ label }], [{ label: '新闻', href: '/news' }, { label, href: '/news?category=1&a=<b>' }], [{ label: '新闻' }, { label, href: '/news' }], [{ label, href: 'javascript:alert(1)' }, { label: '详情' }]];
      for (const crumbs of [...arrangements, [{ label: text('甲', true) }, { label: text('乙') }], [{ label: text('甲') }, { label: text('乙', true) }]]) {
        const inline = renderPart(lang, header(crumbs));
        t.is(renderPart(lang, header(crumbs), fragments), inline, `${JSON.stringify(crumbs)} (${lang})`);
      }
    }
  }
});

test('filters and breadcrumbs of one arrangement are rendered once, their links and names filled in', (t) => {
  const fragments = new CountingFragments();
  const news = renderPart('zh-cn', filters(1, ['全部', text('协会动态'), text('遗产保护')]), fragments);
  const culture = renderPart('zh-cn', filters(1, ['全部', text('非遗'), text('诗词')]), fragments);
  t.is(fragments.renders, 1);
  t.true(news.includes('<a class="nav-link active" href="/news?category=1&amp;x=&quot;1&quot;" aria-current="page">协会动态</a>'));
  t.true(culture.includes('>诗词</a>'));
  renderPart('en', header([{ label: 'News', href: '/news?lang=en' }, { label: text('协会动态', true), href: '/news?category=1&lang=en' }]), fragments);
  const other = renderPart('en', header([{ label: 'Culture', href: '/culture?lang=en' }, { label: text('非遗', true), href: '/culture?category=2&lang=en' }]), fragments);
  t.is(fragments.renders, 2, 'one breadcrumb markup for both pages');
  t.regex(other, /<a href="\/culture\?category=2&amp;lang=en"><span lang="zh-CN">非遗<\/span><span class="badge[^"]*fallback-mark[^"]*">[^<]+<\/span><\/a>/);
});
