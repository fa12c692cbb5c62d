import test from 'ava';
import { match } from 'pinyin-pro';
import type { MenuNode } from '../../src/shared/account.ts';
import { buildRouteTable } from '../../src/islands/app/routes.ts';
import { findScreens, screenEntries, type PinyinMatcher } from '../../src/islands/admin/menuSearch.ts';

// The admin's screen search (issue 28, item 4): titles in both languages, pinyin whole or by initials, folders.

const pinyin: PinyinMatcher = (text, query) => match(text, query, { precision: 'start', continuous: true, insensitive: true });

let id = 0;
function node(name: string, zh: string, en: string, children?: MenuNode[]): MenuNode {
  const folder = children !== undefined;
  return {
    id: ++id,
    pid: 0,
    type: folder ? 'menu_dir' : 'menu',
    title: en || zh,
    title_en: en,
    title_zh: zh,
    name,
    path: name,
    icon: '',
    menu_type: folder ? '' : 'tab',
    url: '',
    component: folder ? '' : `/src/views/backend/${name}/index.vue`,
    extend: 'none',
    ...(folder ? { children } : {}),
  };
}

// As an English reader gets them: `title` in English, the stored Chinese beside it.
const menus = [
  node('dashboard', '控制台', 'Dashboard'),
  node('content', '内容管理', 'Content', [node('content/news', '新闻资讯', 'News'), node('content/activity', '品牌活动', 'Brand activities')]),
  node('routine', '常规管理', 'Routine', [node('routine/attachment', '附件管理', 'Attachments'), node('routine/config', '系统配置', '')]),
  { ...node('outside', '外链', 'Outside'), menu_type: 'link', url: 'https://example.org' },
];
const table = buildRouteTable(menus, { base: '/admin', hasComponent: () => true });
const entries = screenEntries(table.menu);
const names = (query: string, matcher: PinyinMatcher | null = pinyin) => findScreens(entries, query, matcher).map((e) => e.item.node.name);

test('every screen of the menu, in menu order, with its folders; links leave the admin and are not screens', (t) => {
  t.deepEqual(names(''), ['dashboard', 'content/news', 'content/activity', 'routine/attachment', 'routine/config']);
  const news = entries.find((e) => e.item.node.name === 'content/news')!;
  t.is(news.title, 'News');
  t.is(news.otherTitle, '新闻资讯');
  t.deepEqual(news.folders, ['Content']);
  t.is(entries.find((e) => e.item.node.name === 'routine/config')!.otherTitle, '', 'no English title: nothing beside the Chinese');
});

test('a screen is found by its Chinese title, its English title and its pinyin, whole or by initials', (t) => {
  for (const query of ['附件', '附件管理', 'attach', 'ATTACHMENTS', 'fjgl', 'fj', 'fujian', 'fujianguanli', 'fu jian']) {
    t.is(names(query)[0], 'routine/attachment', query);
  }
  t.deepEqual(names('xtpz'), ['routine/config'], 'a screen with no English title too');
});

test('a folder finds the screens inside it, after screens matching by their own title', (t) => {
  t.deepEqual(names('nrgl'), ['content/news', 'content/activity']);
  t.deepEqual(names('内容'), ['content/news', 'content/activity']);
  t.deepEqual(names('content'), ['content/news', 'content/activity']);
  // "gl" (管理) starts no title but is inside 附件管理 itself, and is the end of two folders' titles.
  t.deepEqual(names('gl'), ['routine/attachment', 'content/news', 'content/activity', 'routine/config']);
});

test('titles that start with the query come first; nothing found is an empty list', (t) => {
  // News starts with it; Brand activities and Attachments hold it; System config only by its folder, Routine.
  t.deepEqual(names('n'), ['content/news', 'content/activity', 'routine/attachment', 'routine/config']);
  t.deepEqual(names('zzqx'), []);
  t.deepEqual(names('外链'), [], 'a link is not a screen');
});

test('without the pinyin dictionary, titles are still found by their text', (t) => {
  t.deepEqual(names('附件', null), ['routine/attachment']);
  t.deepEqual(names('fjgl', null), []);
});
