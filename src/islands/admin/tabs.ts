/**
 * The admin's open pages ("tabs"): which are open, in which order, and how they survive a reload (localStorage
 * `tabView`). Pure functions over an immutable list; the shell decides where to navigate afterwards.
 */
import { normalizePathname } from '../app/paths.ts';

/** An open page: its route path (the tab's identity) and the query it was last shown with. */
export interface Tab {
  path: string;
  search: string;
}

/** Where a tab leads. */
export function tabHref(tab: Tab): string {
  return tab.search && tab.search !== '?' ? `${tab.path}${tab.search}` : tab.path;
}

/** Opens a page as a tab (at the end), or updates the query of its open tab in place. */
export function openTab(tabs: readonly Tab[], path: string, search: string): Tab[] {
  const key = normalizePathname(path);
  const at = tabs.findIndex((t) => t.path === key);
  if (at === -1) return [...tabs, { path: key, search }];
  if (tabs[at]!.search === search) return [...tabs];
  return tabs.map((t, i) => (i === at ? { path: key, search } : t));
}

/**
 * Closes a tab. `next` is the tab to show when the closed one was showing: its right-hand neighbour, else
 * its left-hand one, else null (nothing left open).
 */
export function closeTab(tabs: readonly Tab[], path: string): { tabs: Tab[]; next: Tab | null } {
  const at = tabs.findIndex((t) => t.path === path);
  if (at === -1) return { tabs: [...tabs], next: null };
  const rest = tabs.filter((_, i) => i !== at);
  return { tabs: rest, next: rest[at] ?? rest[at - 1] ?? null };
}

/** Keeps only the given tab. */
export function closeOtherTabs(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.filter((t) => t.path === path);
}

export type MoveResult = { ok: true; tabs: Tab[] } | { ok: false; error: 'beyondRange' };

/** Moves a tab one place left (-1) or right (+1); past either end is refused (spec: position beyond range). */
export function moveTab(tabs: readonly Tab[], path: string, step: -1 | 1): MoveResult {
  const at = tabs.findIndex((t) => t.path === path);
  const to = at + step;
  if (at === -1 || to < 0 || to >= tabs.length) return { ok: false, error: 'beyondRange' };
  const next = [...tabs];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return { ok: true, tabs: next };
}

/** What goes into localStorage `tabView`. */
export function serializeTabs(tabs: readonly Tab[]): string {
  return JSON.stringify({ tabs });
}

/**
 * The stored tabs that are still pages of the menu (rules may have been removed or disabled since), in
 * their order and without repeats; anything malformed is dropped.
 */
export function restoreTabs(raw: string | null, isPage: (path: string) => boolean): Tab[] {
  let stored: unknown;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    return [];
  }
  const list = typeof stored === 'object' && stored !== null ? (stored as { tabs?: unknown }).tabs : undefined;
  if (!Array.isArray(list)) return [];
  const tabs: Tab[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, search } = item as Record<string, unknown>;
    if (typeof path !== 'string' || !isPage(normalizePathname(path))) continue;
    const key = normalizePathname(path);
    if (tabs.some((t) => t.path === key)) continue;
    tabs.push({ path: key, search: typeof search === 'string' && (search === '' || search.startsWith('?')) ? search : '' });
  }
  return tabs;
}
