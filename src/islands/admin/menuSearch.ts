/**
 * Finding a screen of the admin menu by typing (issue 28, item 4): by its title in either language, or by the
 * pinyin of its Chinese title, whole or by initials ("nrgl" for 内容管理), or by the title of a folder it is in.
 * Pure functions; the pinyin matcher is passed in, as its dictionary is loaded only when the search opens.
 */
import type { MenuItem } from '../app/routes.ts';

/**
 * Whether `text` (Chinese) matches the pinyin `query`: the indexes of the characters it matched, or null
 * (pinyin-pro's `match`).
 */
export type PinyinMatcher = (text: string, query: string) => number[] | null;

/** A screen the admin may open, with every title it can be found by. */
export interface ScreenEntry {
  item: MenuItem;
  /** Its title in the reader's language, and in the other one when there is a different one. */
  title: string;
  otherTitle: string;
  /** The folders it is in, outermost first, in the reader's language. */
  folders: string[];
  /** Its own titles, and its folders', in both languages. */
  names: string[];
  folderNames: string[];
}

const namesOf = (item: MenuItem): string[] => [...new Set([item.node.title, item.node.title_zh ?? '', item.node.title_en].filter((t) => t.trim() !== ''))];

/**
 * Every page of the menu (tabs and embedded pages; links leave the admin), depth first in menu order. The menu
 * holds only what the admin's rules open.
 */
export function screenEntries(menu: readonly MenuItem[]): ScreenEntry[] {
  const entries: ScreenEntry[] = [];
  const walk = (items: readonly MenuItem[], folders: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.kind === 'group') walk(item.children, [...folders, item]);
      else if (item.kind === 'tab' || item.kind === 'iframe') {
        const names = namesOf(item);
        entries.push({
          item,
          title: item.node.title,
          otherTitle: names.find((n) => n !== item.node.title) ?? '',
          folders: folders.map((f) => f.node.title),
          names,
          folderNames: folders.flatMap(namesOf),
        });
      }
    }
  };
  walk(menu, []);
  return entries;
}

const HAN = /\p{Script=Han}/u;
const PINYIN = /^[a-z]+$/;

/** 0 when `name` starts with the query (or its pinyin does), 1 when it holds it elsewhere, null when not at all. */
function rank(name: string, query: string, pinyin: PinyinMatcher | null): number | null {
  const text = name.toLowerCase();
  if (text.startsWith(query)) return 0;
  if (text.includes(query)) return 1;
  const letters = query.replace(/\s+/g, '');
  if (!pinyin || !PINYIN.test(letters) || !HAN.test(name)) return null;
  const matched = pinyin(name, letters);
  return matched ? (matched[0] === 0 ? 0 : 1) : null;
}

function best(names: readonly string[], query: string, pinyin: PinyinMatcher | null): number | null {
  let found: number | null = null;
  for (const name of names) {
    const r = rank(name, query, pinyin);
    if (r !== null && (found === null || r < found)) found = r;
  }
  return found;
}

/**
 * The screens matching `query`, best first: a title starting with it, then holding it, then screens in a folder
 * whose title does; menu order within each. Every screen for an empty query.
 */
export function findScreens(entries: readonly ScreenEntry[], query: string, pinyin: PinyinMatcher | null): ScreenEntry[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (q === '') return [...entries];
  const ranked: { entry: ScreenEntry; score: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const own = best(entry.names, q, pinyin);
    const folder = own === null ? best(entry.folderNames, q, pinyin) : null;
    const score = own ?? (folder === null ? null : 2 + folder);
    if (score !== null) ranked.push({ entry, score, order });
  });
  return ranked.sort((a, b) => a.score - b.score || a.order - b.order).map((r) => r.entry);
}
