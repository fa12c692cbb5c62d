/**
 * How the admin shell decides where a navigation goes, and the navigation errors of spec section 2 (position
 * beyond range, menu type unrecognised, guard intercepted, already at target, invalid route, no child menu to
 * jump to). Pure functions; the shell shows the messages.
 */
import type { MenuNode } from '../../shared/account.ts';
import type { NodeQuery } from '../app/permissions.ts';
import { isWebUrl, joinPath, normalizePathname, parseIframePath } from '../app/paths.ts';
import type { RouteTable } from '../app/routes.ts';
import { MENU_TYPES as MENU_TYPE_VALUES } from '../../resources/ruleTree.ts';

export const NAV_ERRORS = ['beyondRange', 'menuTypeUnknown', 'guardIntercepted', 'alreadyThere', 'invalidRoute', 'noChildMenu'] as const;
export type NavError = (typeof NAV_ERRORS)[number];

/** Catalogue key of a navigation error's message. */
export function navErrorKey(error: NavError): string {
  return `admin:navError.${error}`;
}

/** A page path of the admin: as given when it already starts with the base, else relative to the base. */
export function adminHref(base: string, path: string): string {
  const text = path.trim();
  if (text === base || text.startsWith(`${base}/`) || text.startsWith(`${base}?`)) return text;
  return joinPath(base, text);
}

function split(href: string): { path: string; search: string } {
  const cut = href.indexOf('?');
  return cut === -1 ? { path: normalizePathname(href), search: '' } : { path: normalizePathname(href.slice(0, cut)), search: href.slice(cut) };
}

export type NavCheck = { ok: true; href: string } | { ok: false; error: NavError };

/**
 * May the shell go to `path` (a page path, see `adminHref`) from `current`? Only a page of the menu (or a
 * group, which leads to its first page) or a safe iframe route is a target; the current address is not.
 */
export function checkNavigation(table: RouteTable, current: { pathname: string; search: string }, path: string): NavCheck {
  const href = adminHref(table.base, path);
  const { path: target, search } = split(href);
  // The bare base is the admin's home: the loading route takes it to the first page.
  if (target === table.base) return { ok: true, href };
  const route = table.routes.get(target);
  const frame = parseIframePath(table.base, target);
  if (!route && !(frame !== undefined && isWebUrl(frame))) return { ok: false, error: 'invalidRoute' };
  if (route?.kind === 'group' && !route.redirect) return { ok: false, error: 'noChildMenu' };
  if (target === normalizePathname(current.pathname) && search === (current.search === '?' ? '' : current.search)) {
    return { ok: false, error: 'alreadyThere' };
  }
  return { ok: true, href };
}

/**
 * A permission query of a screen in the form `hasNode` reads: a bare action ('add') belongs to the screen's
 * own page, a path is taken under the admin base ('/auth/admin/add' or '/admin/auth/admin/add').
 */
export function screenNode(query: NodeQuery, base: string, screenPath: string): NodeQuery {
  if (typeof query !== 'string') return query;
  if (query.startsWith('/')) return adminHref(base, query);
  return `${screenPath}/${query}`;
}

/**
 * Where the login page may send an admin afterwards: a page of this admin (not the login page itself),
 * never another site or another part of this one. Null when `redirect` is not such a path.
 */
export function loginRedirect(redirect: string | null, base: string): string | null {
  if (!redirect || !/^\/(?![/\\])/.test(redirect) || /[\u0000-\u001f\\]/.test(redirect)) return null;
  let url: URL;
  try {
    url = new URL(redirect, 'http://admin.invalid');
  } catch {
    return null;
  }
  // The URL parser resolves dot segments; a path that changed on the way was not plain.
  if (url.host !== 'admin.invalid' || url.pathname !== redirect.split(/[?#]/)[0]) return null;
  const path = normalizePathname(url.pathname);
  if (path !== base && !path.startsWith(`${base}/`)) return null;
  if (path === `${base}/login`) return null;
  return url.pathname + url.search;
}

/** The login page, asked to come back to `from` (path + query) afterwards. */
export function loginHref(base: string, from: string): string {
  const back = loginRedirect(from, base);
  return back && back !== base ? `${base}/login?redirect=${encodeURIComponent(back)}` : `${base}/login`;
}

const MENU_TYPES: readonly string[] = MENU_TYPE_VALUES;

/**
 * Why a path of the admin has no page although the menu rules name it: a folder without pages ('noChildMenu'),
 * a menu type the shell does not know ('menuTypeUnknown'), or an entry that cannot be shown here, such as a
 * tab whose screen does not exist or a link ('invalidRoute'). Null when no rule has that path.
 */
export function explainMissing(menus: readonly MenuNode[], base: string, path: string): NavError | null {
  const wanted = normalizePathname(path);
  for (const node of menus) {
    if ((node.type === 'menu' || node.type === 'menu_dir') && node.path && joinPath(base, node.path) === wanted) {
      if (node.type === 'menu_dir') return 'noChildMenu';
      return MENU_TYPES.includes(node.menu_type) ? 'invalidRoute' : 'menuTypeUnknown';
    }
    const inside = explainMissing(node.children ?? [], base, wanted);
    if (inside) return inside;
  }
  return null;
}
