/**
 * The route table an app shell builds from the menu nodes the server sends (`menus` of /api/index/index or
 * /admin/index/index), and how a location resolves against it (spec section 2). Pure functions.
 */
import type { MenuNode } from '../../shared/account.ts';
import {
  iframePath,
  isWebUrl,
  joinPath,
  loadingPath,
  normalizePathname,
  parseIframePath,
  parseLoadingPath,
  targetHref,
  toLoadingTarget,
  type AppLocation,
  type LoadingTarget,
} from './paths.ts';

export type MenuKind = 'group' | 'tab' | 'link' | 'iframe';

/** A menu entry as the side menu shows it; `href` is where a click goes. */
export interface MenuItem {
  kind: MenuKind;
  node: MenuNode;
  /** Route path for groups and tabs, iframe route for iframe items, the outside url for links. */
  href: string;
  children: MenuItem[];
}

/** A path the app answers: a tab renders its screen, an iframe item its page, a group goes to its first child. */
export interface AppRoute {
  path: string;
  kind: Exclude<MenuKind, 'link'>;
  node: MenuNode;
  /** Groups only: the first page inside. */
  redirect?: string;
}

export interface RouteTable {
  base: string;
  menu: MenuItem[];
  routes: Map<string, AppRoute>;
  /** The first page of the menu (where the bare base leads), null when there is none. */
  first: string | null;
}

export interface RouteTableOptions {
  /** The app's root path, e.g. '/user'. */
  base: string;
  /** Whether a `tab` node's component is a screen this app has; others are left out of the menu. */
  hasComponent(component: string): boolean;
}

function itemOf(node: MenuNode, options: RouteTableOptions): MenuItem | null {
  if (node.type === 'menu_dir') {
    const children = (node.children ?? []).map((child) => itemOf(child, options)).filter((i): i is MenuItem => i !== null);
    // An empty group has nowhere to go.
    if (children.length === 0) return null;
    return { kind: 'group', node, href: joinPath(options.base, node.path), children };
  }
  if (node.type !== 'menu') return null;
  switch (node.menu_type) {
    case 'tab':
      return options.hasComponent(node.component) ? { kind: 'tab', node, href: joinPath(options.base, node.path), children: [] } : null;
    case 'link':
      return isWebUrl(node.url) ? { kind: 'link', node, href: node.url.trim(), children: [] } : null;
    case 'iframe':
      return isWebUrl(node.url) ? { kind: 'iframe', node, href: iframePath(options.base, node.url.trim()), children: [] } : null;
    default:
      // An unrecognised menu type cannot be opened.
      return null;
  }
}

/** The first tab or iframe page of a menu, depth first. */
function firstPage(items: MenuItem[]): string | null {
  for (const item of items) {
    if (item.kind === 'tab' || item.kind === 'iframe') return item.href;
    if (item.kind === 'group') {
      const inside = firstPage(item.children);
      if (inside) return inside;
    }
  }
  return null;
}

function collect(items: MenuItem[], routes: Map<string, AppRoute>): void {
  for (const item of items) {
    if (item.kind === 'link') continue;
    const path = normalizePathname(item.href);
    // The first node claiming a path wins, as the menu order (weigh) says.
    if (!routes.has(path)) {
      if (item.kind === 'group') {
        const redirect = firstPage(item.children);
        if (redirect) routes.set(path, { path, kind: 'group', node: item.node, redirect });
      } else {
        routes.set(path, { path, kind: item.kind, node: item.node });
      }
    }
    collect(item.children, routes);
  }
}

/** Builds the menu (empty groups, unknown screens and unsafe urls dropped) and the routes behind it. */
export function buildRouteTable(menus: MenuNode[], options: RouteTableOptions): RouteTable {
  const menu = menus.map((node) => itemOf(node, options)).filter((i): i is MenuItem => i !== null);
  const routes = new Map<string, AppRoute>();
  collect(menu, routes);
  return { base: options.base, menu, routes, first: firstPage(menu) };
}

/** What the shell shows for a location. */
export type Resolution =
  /** Go there instead (history replace). */
  | { kind: 'redirect'; to: string }
  | { kind: 'screen'; route: AppRoute }
  | { kind: 'iframe'; url: string; route: AppRoute | null }
  /** The routes are not known yet. */
  | { kind: 'loading' }
  /** The wanted page does not exist; `to` is what was asked for. */
  | { kind: 'notFound'; to: LoadingTarget | null }
  /** The wanted page exists, but not among this account's menus: the visitor goes to /401 (spec section 6). */
  | { kind: 'noPower' }
  /** Logged in, but the menu holds no page at all. */
  | { kind: 'empty' };

function hrefWithSearch(path: string, search: string): string {
  return search && search !== '?' ? `${path}${search.startsWith('?') ? search : `?${search}`}` : path;
}

/**
 * Resolves a location under `base`. `table` is null until the menus have arrived: the base and unknown
 * paths then go to the loading route, which follows its target once the table is known. `isPage` tells a
 * page the app has (which this account's menus lack: no permission) from one that does not exist.
 */
export function resolveLocation(base: string, table: RouteTable | null, location: AppLocation, isPage: (path: string) => boolean = () => false): Resolution {
  const path = normalizePathname(location.pathname);
  if (path === base) return { kind: 'redirect', to: loadingPath(base) };

  const wanted = parseLoadingPath(base, path);
  if (wanted !== undefined) {
    if (!table) return { kind: 'loading' };
    if (wanted === null || normalizePathname(wanted.path) === base) {
      return table.first ? { kind: 'redirect', to: table.first } : { kind: 'empty' };
    }
    const href = targetHref(base, wanted);
    const target = href === null ? null : normalizePathname(href.split('?')[0]!);
    if (href === null || target === null) return { kind: 'notFound', to: wanted };
    // Following a target that is itself a loading route would loop.
    if (parseLoadingPath(base, target) !== undefined) return { kind: 'notFound', to: wanted };
    if (table.routes.has(target) || isFrameRoute(base, target)) return { kind: 'redirect', to: href };
    return isPage(target) ? { kind: 'noPower' } : { kind: 'notFound', to: wanted };
  }

  const frameUrl = parseIframePath(base, path);
  if (frameUrl !== undefined) {
    if (!isWebUrl(frameUrl)) return { kind: 'notFound', to: toLoadingTarget(location) };
    return { kind: 'iframe', url: frameUrl.trim(), route: table?.routes.get(path) ?? null };
  }

  const route = table?.routes.get(path);
  if (!route) return { kind: 'redirect', to: loadingPath(base, toLoadingTarget(location)) };
  if (route.kind === 'group') return { kind: 'redirect', to: hrefWithSearch(route.redirect!, location.search) };
  if (route.kind === 'iframe') return { kind: 'iframe', url: route.node.url.trim(), route };
  return { kind: 'screen', route };
}

function isFrameRoute(base: string, path: string): boolean {
  const url = parseIframePath(base, path);
  return url !== undefined && isWebUrl(url);
}

/** The menu item whose page is showing (for highlighting), matched by route path. */
export function activeItem(items: MenuItem[], path: string): MenuItem | null {
  const wanted = normalizePathname(path);
  for (const item of items) {
    if (item.kind !== 'group' && item.kind !== 'link' && normalizePathname(item.href) === wanted) return item;
    const inside = activeItem(item.children, wanted);
    if (inside) return inside;
  }
  return null;
}
