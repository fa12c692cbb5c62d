import test from 'ava';
import { createElement, type ReactElement } from 'react';
import { ActivityCardView, ArticleCardView, CardList, CityCardView, TrailCardView, activityCard, articleCard, canalCard, trailCard, type Card, type CardContext, type CardPlace } from '../../src/components/content/cards.tsx';
import { LANGS } from '../../src/shared/i18n/langs.ts';
import type { ActivityCard, ArticleCard, CanalCard, CityCard, TrailCard } from '../../src/shared/content.ts';
import { CountingFragments, renderPart as render } from '../helpers/fragments.ts';

// A list's cards are stamped (components/content/cards.tsx): rendered once per shape and language with marks
// for their texts, the texts filled in for each card. A stamped card must be the card React renders inline,
// to the byte, whatever its texts.

const text = (value: string, fallback = false) => ({ text: value, fallback });
const odd = text(`"引号" & <尖括号> 'x' \uE0000\uE001`);

const article: ArticleCard = { id: 7, title: text('运河新闻'), summary: text('摘要'), cover: '/storage/a.jpg', category: { id: 1, name: text('协会动态') }, publishTime: 1_790_000_000 };
const activity: ActivityCard = { id: 3, title: text('运河号子音乐会'), summary: text('摘要'), cover: '', place: text('扬州'), startTime: 1_790_000_000, endTime: 1_790_003_600, stage: 'upcoming' };
const trail: TrailCard = { id: 5, title: text('拱宸桥步道'), summary: text('摘要'), cover: '/storage/t.jpg', canal: { id: 1, name: text('江南运河') }, city: { id: 2, name: text('杭州') }, lengthKm: 4.5, durationMin: 90, difficulty: 'easy' };
const canal: CanalCard = { id: 2, name: text('通惠河'), era: text('元代'), summary: text('摘要'), provinces: text('北京'), lengthKm: 20, cover: '' };
const city: CityCard = { id: 4, name: text('杭州'), summary: text('摘要'), cover: '' };

type Make<I> = (item: I, place: CardPlace, context: CardContext) => Card;
const listOf = <I,>(items: readonly I[], make: Make<I>) => createElement(CardList<I>, { items, make });
const makeNews: Make<ArticleCard> = (item, place, context) => articleCard(item, '/news/info', place, context);

const articles: ArticleCard[] = [article, { ...article, id: 8, title: odd, publishTime: 1_700_000_000 }, { ...article, category: null }, { ...article, category: { id: 2, name: text('遗产保护', true) } }, { ...article, title: text('只有中文', true), summary: text('只有中文的摘要', true) }, { ...article, summary: text(''), cover: '' }, { ...article, title: text('') }];
const activities: ActivityCard[] = [activity, { ...activity, endTime: activity.startTime + 3 * 86_400, stage: 'ongoing' }, { ...activity, place: text('', false), title: odd }, { ...activity, place: text('扬州', true), stage: 'ended' }];
const trails: TrailCard[] = [trail, { ...trail, canal: null }, { ...trail, city: null, lengthKm: null }, { ...trail, canal: { id: 1, name: text('') }, durationMin: null, difficulty: 'hard' }, { ...trail, city: { id: 2, name: text('杭州', true) }, lengthKm: 12, durationMin: 60 }];
const canals: CanalCard[] = [canal, { ...canal, era: text(''), name: odd }, { ...canal, era: text('元代', true) }];
const cities: CityCard[] = [city, { ...city, summary: text('') }, { ...city, name: text('杭州', true) }];

/**
 * Each kind of card with texts of every shape (fallen back to Chinese, empty, absent, needing escapes), on its own
 * (a section's card, h3) and in a page's list (h2), as its first card (eager picture) and as a later one.
 */
const cards: [string, ReactElement][] = [
  ...articles.flatMap((item, i): [string, ReactElement][] => [
    [`article ${i}`, createElement(ArticleCardView, { item, path: '/news/info' })],
    [`article ${i} in a list`, listOf([item, item], makeNews)],
  ]),
  ...activities.flatMap((item, i): [string, ReactElement][] => [
    [`activity ${i}`, createElement(ActivityCardView, { item })],
    [`activity ${i} in a list`, listOf([item, item], activityCard)],
  ]),
  ...trails.flatMap((item, i): [string, ReactElement][] => [
    [`trail ${i}`, createElement(TrailCardView, { item })],
    [`trail ${i} in a list`, listOf([item, item], trailCard)],
  ]),
  ...canals.map((item, i): [string, ReactElement] => [`canal ${i} in a list`, listOf([item, item], canalCard)]),
  ...cities.map((item, i): [string, ReactElement] => [`city ${i}`, createElement(CityCardView, { item })]),
];

test('a stamped card is the card rendered inline, for every kind, shape, place and language', (t) => {
  const fragments = new CountingFragments();
  for (const lang of LANGS) {
    for (const [name, element] of cards) {
      const inline = render(lang, element);
      t.is(render(lang, element, fragments), inline, `${name} (${lang})`);
      t.is(render(lang, element, fragments), inline, `${name} again`);
    }
  }
  t.true(fragments.renders > 0);
});

test('cards of one shape are rendered once and filled in with each one’s texts', (t) => {
  const fragments = new CountingFragments();
  const items = [article, { ...article, id: 8, title: text('另一条新闻'), summary: text('另一段摘要'), cover: '/storage/b.jpg', publishTime: 1_700_000_000 }, { ...article, id: 9, title: odd }];
  const pages = items.map((item) => render('zh-cn', createElement(ArticleCardView, { item, path: '/news/info' }), fragments));
  t.is(fragments.renders, 1);
  t.regex(pages[1]!, /href="\/news\/info\?id=8"[^>]*>另一条新闻<\/a>/);
  t.true(pages[1]!.includes('<time dateTime="2023-11-15">2023年11月15日</time>'));
  t.true(pages[2]!.includes('&quot;引号&quot; &amp; &lt;尖括号&gt; &#x27;x&#x27; \uE0000\uE001'));
});

test('a card whose picture is a javascript: URL renders inline, as React rewrites it', (t) => {
  const fragments = new CountingFragments();
  const card = createElement(ArticleCardView, { item: { ...article, cover: ' javascript:alert(1)' }, path: '/news/info' });
  const stamped = render('zh-cn', card, fragments);
  t.is(stamped, render('zh-cn', card));
  t.false(stamped.includes('alert(1)'));
  t.is(fragments.renders, 0);
});

/** A page's list of each kind of card, its items of several shapes. */
const lists: [string, (length: number) => ReactElement][] = [
  ['news', (n) => listOf([article, { ...article, id: 8, title: odd }, { ...article, category: null }, { ...article, title: text('只有中文', true) }].slice(0, n), makeNews)],
  ['activities', (n) => listOf([activity, { ...activity, stage: 'ongoing' as const, endTime: activity.startTime + 86_400 * 2 }, { ...activity, place: text('') }].slice(0, n), activityCard)],
  ['trails', (n) => listOf([trail, { ...trail, canal: null, lengthKm: null }, { ...trail, difficulty: 'hard' as const }].slice(0, n), trailCard)],
  ['canals', (n) => listOf([canal, { ...canal, era: text(''), name: odd }, { ...canal, era: text('元代', true) }].slice(0, n), canalCard)],
];

test('a stamped list of cards is the list rendered inline, for every kind, length and language', (t) => {
  const fragments = new CountingFragments();
  for (const lang of LANGS) {
    for (const [name, list] of lists) {
      for (const length of [0, 1, 2, 4]) {
        const inline = render(lang, list(length));
        t.is(render(lang, list(length), fragments), inline, `${name}, ${length} (${lang})`);
        const renders = fragments.renders;
        t.is(render(lang, list(length), fragments), inline, `${name} again`);
        t.is(fragments.renders, renders, 'a list seen before renders nothing anew');
      }
    }
  }
  t.true(fragments.renders > 0);
});

test('a stamped list preloads its first picture once, from the top of the page, as React does for it inline', (t) => {
  const fragments = new CountingFragments();
  const page = render('zh-cn', lists[0]![1](4), fragments);
  t.true(page.startsWith('<link rel="preload" as="image" href="/storage/a.jpg" fetchPriority="high"/><div class="row g-4'), page.slice(0, 120));
  t.is(page.split('rel="preload"').length, 2);
  t.is(page.split('<article').length, 5);
  // The first card shares its markup with every list's first card of its shape, the others with every other card.
  const renders = fragments.renders;
  const other = render('zh-cn', listOf([{ ...article, id: 20, cover: '/storage/c.jpg' }, { ...article, id: 21 }], makeNews), fragments);
  t.is(fragments.renders, renders);
  t.true(other.startsWith('<link rel="preload" as="image" href="/storage/c.jpg" fetchPriority="high"/>'));
  t.true(other.includes('href="/news/info?id=21"'));
});

test('a list whose first picture is a data: URL, or with a javascript: URL, renders inline', (t) => {
  const fragments = new CountingFragments();
  const data = listOf([{ ...article, cover: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, article], makeNews);
  t.is(render('zh-cn', data, fragments), render('zh-cn', data));
  t.is(fragments.renders, 0);
  const script = listOf([article, { ...article, id: 9, cover: 'javascript:alert(1)' }], makeNews);
  const page = render('zh-cn', script, fragments);
  t.is(page, render('zh-cn', script));
  t.false(page.includes('alert(1)'));
});
