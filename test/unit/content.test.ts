import test from 'ava';
import { createI18n } from '../../src/shared/i18n/instance.ts';
import { toResources } from '../../src/shared/i18n/catalogues.ts';
import { catalogues } from '../helpers/catalogues.ts';
import { LANGS } from '../../src/shared/i18n/langs.ts';
import type { ResourceDef } from '../../src/resources/types.ts';
import { resources } from '../../src/resources/index.ts';
import { parseChoice, parseId, parsePage, DIFFICULTIES } from '../../src/shared/content.ts';
import { formatDate } from '../../src/shared/time.ts';
import { localize, parseCourse } from '../../src/server/services/content.ts';
import { pageWindow } from '../../src/components/content/Pagination.tsx';
import { absoluteUrl, clip, pageHref } from '../../src/components/content/meta.ts';
import { queryWithoutLang, withLang } from '../../src/shared/i18n/links.ts';
import { MAP_WIDTH, PHONE_FRAME, PHONE_SPACING, STOP_SPACING, WIDE_MAP, labelsWest, placeStops } from '../../src/islands/CanalMap.tsx';
import { LABEL_SIDES, labelBox, placeLabels, type LabelSide } from '../../src/islands/tourLabels.ts';

/** The content resources as the portal registers them. */
async function contentResources(): Promise<ResourceDef[]> {
  return resources.filter((r) => r.name.startsWith('content/'));
}

test('every resource label resolves in both languages, quick-search columns of joined tables too (the slash in the name is not a separator)', async (t) => {
  const catalogue = toResources(catalogues());
  t.is((await contentResources()).length, 12);
  for (const lang of LANGS) {
    const i18n = createI18n(lang, catalogue, Object.keys(catalogue[lang] ?? {}));
    const missing: string[] = [];
    const check = (key: string) => {
      // Look up without the fallback language, so an English gap is not hidden by the Chinese text.
      if (!i18n.exists(`resources:${key}`, { lng: lang, fallbackLng: false })) missing.push(key);
    };
    for (const def of resources) {
      check(`${def.name}.title`);
      for (const field of def.fields) {
        check(`${def.name}.fields.${field.name}`);
        for (const option of field.options ?? []) check(`${def.name}.options.${field.name}.${option}`);
      }
      for (const column of def.quickSearch) check(`${def.name}.fields.${column}`);
    }
    t.deepEqual(missing, [], `${lang}: missing labels`);
    t.is(i18n.t('resources:content/news.title'), lang === 'en' ? 'News' : '新闻资讯');
  }
});

test('content resources are complete: timestamps, weigh, publish status, recycle, menu under content', async (t) => {
  // The roster of sign-ups is written by members and read by staff: not content, never deleted.
  for (const def of (await contentResources()).filter((r) => r.name !== 'content/activitySignup')) {
    const names = def.fields.map((f) => f.name);
    t.true(def.timestamps && def.recycle === true, def.name);
    t.is(def.menu.parent, 'content', def.name);
    t.true(names.includes('create_time') && names.includes('update_time'), def.name);
    for (const q of def.quickSearch) t.true(names.includes(q), `${def.name}: quick search ${q} is a field`);
    t.true(names.includes(def.defaultOrder[0]), `${def.name}: default order field`);
    for (const f of def.fields) if (f.remote) t.true(f.name.endsWith('_id'), `${def.name}.${f.name}`);
    if (def.name === 'content/trailApplication') continue;
    t.is(def.weighField, 'weigh', def.name);
    t.deepEqual(def.fields.find((f) => f.name === 'status')?.options, ['0', '1'], def.name);
    t.true((def.cacheTags?.length ?? 0) > 0, def.name);
  }
});

test('query parsing: ids, pages and choices', (t) => {
  t.is(parseId('12'), 12);
  for (const bad of ['abc', '0', '-1', '1.5', '', ' ', '99999999999', undefined]) t.is(parseId(bad), null, String(bad));
  t.is(parseId(['7', '8']), 7);
  t.is(parsePage('3'), 3);
  for (const bad of ['0', 'x', '-2', undefined, '1e3']) t.is(parsePage(bad), 1, String(bad));
  t.is(parseChoice('hard', DIFFICULTIES), 'hard');
  t.is(parseChoice('HARD', DIFFICULTIES), null);
});

test('localize: English falls back to Chinese and says so', (t) => {
  const row = { title: '拱宸桥', title_en: 'Gongchen Bridge', summary: '三孔石拱桥', summary_en: '  ', content: '', content_en: '' };
  t.deepEqual(localize(row, 'title', 'en'), { text: 'Gongchen Bridge', fallback: false });
  t.deepEqual(localize(row, 'title', 'zh-cn'), { text: '拱宸桥', fallback: false });
  t.deepEqual(localize(row, 'summary', 'en'), { text: '三孔石拱桥', fallback: true });
  t.deepEqual(localize(row, 'content', 'en'), { text: '', fallback: false }, 'nothing to fall back to is not marked');
});

test('course text becomes map points; junk is skipped', (t) => {
  t.deepEqual(parseCourse('39.9,116.4; 39.1 , 117.2\n38.3,116.8;x,y;91,10'), [
    [39.9, 116.4],
    [39.1, 117.2],
    [38.3, 116.8],
  ]);
  t.deepEqual(parseCourse(''), []);
});

test('pagination window and links keep language and filters', (t) => {
  t.deepEqual(pageWindow(1, 1), [1]);
  t.deepEqual(pageWindow(5, 10), [1, null, 3, 4, 5, 6, 7, null, 10]);
  t.deepEqual(pageWindow(2, 4), [1, 2, 3, 4]);
  t.is(pageHref('/news', { category: 2, page: 3 }, 'en'), '/news?category=2&page=3&lang=en');
  t.is(pageHref('/news', { category: null, page: 1 }, 'zh-cn'), '/news');
  t.is(pageHref('/news/info', { id: 5 }, 'zh-cn'), '/news/info?id=5');
  // Values with characters to escape are written as URLSearchParams writes them, as the links always were.
  for (const q of ['a b&c=d', '运河 Grand!', "it's (x)~*", 'ok_1.2-3', 'a+b/c?d#e', '\ud800']) {
    const params = { q, kind: 'k y', page: 2 };
    t.is(pageHref('/search', params, 'zh-cn'), `/search?${new URLSearchParams({ q, kind: 'k y', page: '2' }).toString()}`, q);
  }
});

test('meta helpers: absolute URLs, clipped descriptions, dates in China time', (t) => {
  t.is(absoluteUrl('https://canal.example.org', '/images/a.svg'), 'https://canal.example.org/images/a.svg');
  t.is(absoluteUrl('https://canal.example.org', 'https://cdn.example.org/a.png'), 'https://cdn.example.org/a.png');
  t.is(clip('<p>一段  很长的\n文字</p>', 5), '一段 很…');
  // 2014-06-22 00:30 in Beijing is still 21 June in UTC.
  const ts = Date.UTC(2014, 5, 21, 16, 30) / 1000;
  t.is(formatDate('zh-cn', ts), '2014年6月22日');
  t.is(formatDate('en', ts), '22 Jun 2014');
});

test('map stops too close to tell apart are nudged apart until their buttons cannot overlap; the others stay', (t) => {
  // Yangzhou and Zhenjiang face each other across the Yangtze; Beijing is far from both.
  const [yangzhou, zhenjiang, beijing] = placeStops([
    { lat: 32.39, lng: 119.43 },
    { lat: 32.21, lng: 119.45 },
    { lat: 39.94, lng: 116.39 },
  ]);
  const [alone] = placeStops([{ lat: 39.94, lng: 116.39 }]);
  t.deepEqual(beijing, alone);
  // Square buttons overlap unless they are STOP_SPACING apart along x or y.
  const gap = Math.max(Math.abs(zhenjiang![0] - yangzhou![0]), Math.abs(zhenjiang![1] - yangzhou![1]));
  t.true(gap >= STOP_SPACING - 0.01 && gap < STOP_SPACING + 2, `gap ${gap}`);
  t.true(STOP_SPACING * (WIDE_MAP / MAP_WIDTH) >= 24, 'drawn wide, the map keeps 24 px between stops');
  t.true(PHONE_SPACING * (PHONE_FRAME / MAP_WIDTH) >= 24, 'the whole map on a phone keeps 24 px between stops');
  const [near, far] = placeStops([{ lat: 32.39, lng: 119.43 }, { lat: 32.21, lng: 119.45 }], PHONE_SPACING);
  t.true(Math.max(Math.abs(far![0] - near![0]), Math.abs(far![1] - near![1])) >= PHONE_SPACING - 0.01, 'and parts them further there');
  t.true(yangzhou![1] < zhenjiang![1], 'north stays north');
});

test('map names point away from a close neighbour, never off the map', (t) => {
  // Two stops in one row: the western one names itself to the west, the eastern one to the east.
  t.deepEqual(labelsWest([[200, 300], [250, 305]]), [true, false]);
  // Near the western edge there is no room to the west: the name stays east.
  t.deepEqual(labelsWest([[120, 300], [170, 300]]), [false, false]);
  // The eastern third names to the west; alone in its row it keeps that side.
  t.deepEqual(labelsWest([[MAP_WIDTH - 20, 100]]), [true]);
  // Far apart rows do not count as neighbours.
  t.deepEqual(labelsWest([[200, 300], [250, 400]]), [false, false]);
});

test('map names in the browser: none leaves the map, none covers another, the preferred side where nothing is in the way', (t) => {
  const area = { width: 300, height: 200, gap: 10, stopRadius: 6, obstacles: [] };
  const name = (x: number, y: number, preferred: LabelSide = 'e') => ({ x, y, width: 60, height: 14, preferred });
  t.deepEqual(placeLabels([name(50, 50), name(50, 150)], area), ['e', 'e'], 'room everywhere: the server\'s sides stay');
  // A name that would run off the map's east edge turns round.
  t.deepEqual(placeLabels([name(280, 100)], area), ['w']);
  // Two stops one above the other, both named east: the names would touch, so one moves.
  const close = [name(100, 100), name(100, 108)];
  const sides = placeLabels(close, area);
  const boxes = sides.map((side, i) => labelBox(side, close[i]!.x, close[i]!.y, 60, 14, 10));
  t.true(Math.min(boxes[0]!.bottom, boxes[1]!.bottom) <= Math.max(boxes[0]!.top, boxes[1]!.top) || Math.min(boxes[0]!.right, boxes[1]!.right) <= Math.max(boxes[0]!.left, boxes[1]!.left), JSON.stringify(sides));
  // An obstacle (the zoom buttons) pushes a name to another side.
  t.not(placeLabels([name(100, 100)], { ...area, obstacles: [{ left: 105, top: 80, right: 200, bottom: 120 }] })[0], 'e');
  for (const side of LABEL_SIDES) {
    const box = labelBox(side, 100, 100, 60, 14, 10);
    t.true(box.right - box.left === 60 && box.bottom - box.top === 14 && !(box.left < 100 && box.right > 100 && box.top < 100 && box.bottom > 100), `${side} beside the stop, not on it`);
  }
});

test('a link keeps the language as URLSearchParams would write it, whatever its query', (t) => {
  const slow = (href: string, lang: 'zh-cn' | 'en') => {
    const [beforeHash, hash] = href.split('#', 2) as [string, string | undefined];
    const [path, query = ''] = beforeHash.split('?', 2) as [string, string | undefined];
    const params = new URLSearchParams(query);
    params.set('lang', lang);
    return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
  };
  const hrefs = ['/', '/news', '/news?id=5', '/news?category=2&page=3', '/news?id=5#top', '/news?lang=zh-cn&id=5', '/news?id=5&lang=en', '/news?xlang=1', '/news?a', '/news?a=1&', '/news?q=a%20b', '/news?q=a+b', '/news?q=运河', '/news?a=~', '/news?a=1#x#y', '/news?'];
  for (const href of hrefs) for (const lang of ['zh-cn', 'en'] as const) t.is(withLang(href, lang, true), slow(href, lang), `${href} (${lang})`);
  t.is(withLang('/news?id=5', 'zh-cn'), '/news?id=5', 'Chinese links stay bare unless asked');
  const searches: Record<string, string>[] = [{}, { lang: 'en' }, { id: '5' }, { id: '5', lang: 'en', page: '2' }, { q: 'a b', lang: 'en' }, { q: '运河' }, { 2: 'x', b: 'y', 1: 'z' }, { a: '' }, { 'a b': '~' }];
  for (const search of searches) {
    const params = new URLSearchParams(search);
    params.delete('lang');
    t.is(queryWithoutLang(search), params.toString(), JSON.stringify(search));
  }
});
