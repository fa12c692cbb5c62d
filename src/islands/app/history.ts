/**
 * A small history-based router for an app shell that owns every path under its base: pushState /
 * replaceState navigation, back/forward, and same-app links turned into in-app navigation (`linkInterceptor`,
 * the one both shells use).
 */
import type { AppLocation } from './paths.ts';

export interface HistoryOptions {
  /** The app's root path, e.g. '/user'. */
  base: string;
  /** Paths under the base that other pages serve (e.g. '/user/login'): links to them load normally. */
  external?: readonly string[];
}

export interface AppHistory {
  /** The current location; the same object until it changes (for useSyncExternalStore). */
  location(): AppLocation;
  push(href: string): void;
  replace(href: string): void;
  /** Called after every change of location, whatever caused it. */
  subscribe(listener: () => void): () => void;
}

/** What a click on a link looked like, as far as deciding whether the app takes it over. */
export interface LinkClick {
  /** The link's resolved absolute href. */
  href: string;
  target: string;
  download: boolean;
  button: number;
  modified: boolean;
  defaultPrevented: boolean;
}

/** Is `pathname` one of the app's own paths (under the base and not served by another page)? */
export function ownsPath(options: HistoryOptions, pathname: string): boolean {
  const { base, external = [] } = options;
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  return !external.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * The in-app href (path + query + hash) a click should navigate to, or null when the browser should
 * handle it: other sites, other pages, new tabs and windows, downloads, modified or non-primary clicks.
 */
export function inAppHref(click: LinkClick, origin: string, options: HistoryOptions): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.modified || click.download) return null;
  if (click.target && click.target !== '_self') return null;
  let url: URL;
  try {
    url = new URL(click.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !ownsPath(options, url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** What a link interceptor reads of a click: a DOM or a React mouse event has all of it. */
export type LinkClickEvent = Pick<MouseEvent, 'target' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'preventDefault'>;

/**
 * The `onClick` of an app shell's root element: a click on a link that leads to one of the app's own pages
 * goes to `navigate` instead of loading the page. React runs it after the handlers of the elements inside
 * (a menu entry that navigated itself has prevented the default) and for its portals too (a drawer, a dialog).
 */
export function linkInterceptor(options: HistoryOptions, navigate: (href: string) => void): (event: LinkClickEvent) => void {
  return (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    // A jump inside the page stays the browser's business.
    if (link.getAttribute('href')?.startsWith('#')) return;
    const href = inAppHref(
      {
        href: link.href,
        target: link.target,
        download: link.hasAttribute('download'),
        button: event.button,
        modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        defaultPrevented: event.defaultPrevented,
      },
      window.location.origin,
      options,
    );
    if (href === null) return;
    event.preventDefault();
    navigate(href);
  };
}

export function createAppHistory(options: HistoryOptions): AppHistory {
  const listeners = new Set<() => void>();
  let current: AppLocation = read();

  function read(): AppLocation {
    return { pathname: window.location.pathname, search: window.location.search };
  }

  function changed(): void {
    const next = read();
    if (next.pathname === current.pathname && next.search === current.search) return;
    current = next;
    for (const listener of listeners) listener();
  }

  function go(href: string, replace: boolean): void {
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || !ownsPath(options, url.pathname)) {
      // Not ours: a normal page load.
      if (replace) window.location.replace(url.href);
      else window.location.assign(url.href);
      return;
    }
    const same = url.pathname === window.location.pathname && url.search === window.location.search;
    if (replace || same) window.history.replaceState(null, '', url.href);
    else window.history.pushState(null, '', url.href);
    if (!replace) window.scrollTo(0, 0);
    changed();
  }

  window.addEventListener('popstate', changed);

  return {
    location: () => current,
    push: (href) => go(href, false),
    replace: (href) => go(href, true),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
