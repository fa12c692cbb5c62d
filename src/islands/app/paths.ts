/**
 * The special routes every app shell has (spec section 2): `<base>/loading/{to}` waits for the menu routes
 * and then goes where the visitor wanted, `<base>/iframe/{url}` shows an iframe menu item. Pure functions,
 * shared by the member app and the admin app.
 */

/** Where a visitor wanted to go before the routes were known: the loading route carries it as JSON. */
export interface LoadingTarget {
  path: string;
  query: Record<string, string>;
}

/** What the router knows of the address bar. */
export interface AppLocation {
  /** As `location.pathname` gives it (percent-encoded). */
  pathname: string;
  /** '' or '?a=b'. */
  search: string;
}

export const LOADING_SEGMENT = 'loading';
export const IFRAME_SEGMENT = 'iframe';

/** `/user/` + `account/overview` → `/user/account/overview`, whatever slashes either side has. */
export function joinPath(base: string, path: string): string {
  const tail = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return tail ? `${base}/${tail}` : base;
}

/** Trailing slashes do not make another route: `/user/a/` is `/user/a`. */
export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed || '/';
}

/** The segment after `<base>/<name>/`, or null when the path is not that route (or has nothing after it). */
function segmentAfter(base: string, name: string, pathname: string): string | null | undefined {
  const path = normalizePathname(pathname);
  const prefix = `${base}/${name}`;
  if (path === prefix) return null;
  if (!path.startsWith(`${prefix}/`)) return undefined;
  return path.slice(prefix.length + 1);
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The target of a location: its path and its query as a flat object (a repeated key keeps its last value). */
export function toLoadingTarget(location: AppLocation): LoadingTarget {
  return {
    path: normalizePathname(location.pathname),
    query: Object.fromEntries(new URLSearchParams(location.search)),
  };
}

/** `<base>/loading`, or `<base>/loading/{encoded JSON of to}`. */
export function loadingPath(base: string, to?: LoadingTarget): string {
  const prefix = `${base}/${LOADING_SEGMENT}`;
  return to ? `${prefix}/${encodeURIComponent(JSON.stringify(to))}` : prefix;
}

/**
 * Reads a loading route. `undefined`: not a loading route; `null`: a loading route without a usable target
 * (none given, or not the JSON `loadingPath` writes).
 */
export function parseLoadingPath(base: string, pathname: string): LoadingTarget | null | undefined {
  const segment = segmentAfter(base, LOADING_SEGMENT, pathname);
  if (segment === undefined || segment === null) return segment;
  const text = decode(segment);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { path, query } = value as Record<string, unknown>;
  if (typeof path !== 'string') return null;
  const flat: Record<string, string> = {};
  if (typeof query === 'object' && query !== null && !Array.isArray(query)) {
    for (const [key, v] of Object.entries(query)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') flat[key] = String(v);
    }
  }
  return { path, query: flat };
}

/**
 * The address a loading target leads to, or null when it would leave the app: only paths under `base`
 * are followed, so a crafted link cannot send the visitor to another site or another part of this one.
 */
export function targetHref(base: string, to: LoadingTarget): string | null {
  const path = normalizePathname(to.path);
  if (path !== base && !path.startsWith(`${base}/`)) return null;
  // `/user/../..` style paths never come from our own encoder; refuse rather than resolve them.
  if (path.split('/').some((part) => part === '..' || part === '.')) return null;
  const query = new URLSearchParams(to.query).toString();
  return query ? `${path}?${query}` : path;
}

/** `<base>/iframe/{encoded url}`. */
export function iframePath(base: string, url: string): string {
  return `${base}/${IFRAME_SEGMENT}/${encodeURIComponent(url)}`;
}

/** The url of an iframe route; `undefined` when the path is not one. */
export function parseIframePath(base: string, pathname: string): string | undefined {
  const segment = segmentAfter(base, IFRAME_SEGMENT, pathname);
  if (!segment) return undefined;
  return decode(segment) ?? undefined;
}

/**
 * May this url be shown in an iframe or opened from a menu? Only web addresses: http(s) or a path on this
 * site. `javascript:` and `data:` urls would run in the page's origin.
 */
export function isWebUrl(url: string): boolean {
  const text = url.trim();
  if (text.startsWith('/')) return !text.startsWith('//') && !text.startsWith('/\\');
  return /^https?:\/\/[^/\\]/i.test(text);
}
