import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../shared/i18n/langs.ts';
import { createAppHistory, linkInterceptor, type AppHistory, type HistoryOptions, type LinkClickEvent } from '../app/history.ts';
import { normalizePathname, type AppLocation } from '../app/paths.ts';
import { buildNodeMap } from '../app/permissions.ts';
import { resolveLocation, type Resolution } from '../app/routes.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { adminScreen } from './screens/index.ts';
import { useAppLocation } from '../app/useLocation.ts';
import { browserRequest } from '../lib/request.ts';
import { toast } from '../lib/toast.ts';
import { checkNavigation, navErrorKey, type NavError } from './navigation.ts';
import type { ShellApi } from './ScreenPane.tsx';
import type { Loaded } from './useMenus.ts';

export interface AdminRouter {
  /** Null while rendering on the server and hydrating. */
  history: AppHistory | null;
  location: AppLocation | null;
  /** What the location leads to against the routes built from the menus: loading, a page, a redirect, not found. */
  resolution: Resolution;
  /** The route path of the page showing (a screen or an iframe), else null. */
  activePath: string | null;
  /** In-app navigation with the spec's checks: a known page, not the current one, and no screen objecting. */
  go(path: string): void;
  /** Whether the screens at `path` let the admin leave (or close, or refresh) them. */
  leaveAllowed(path: string | null): boolean;
  /** Shows a navigation error. */
  notify(error: NavError): void;
  /** What every screen gets from the shell; null until the menus have loaded. */
  shell: ShellApi | null;
  /** The shell root's click handler: links inside it to admin pages go through `go`. */
  onLinkClick(event: LinkClickEvent): void;
}

export interface RouterOptions {
  adminBase: string;
  lang: Lang;
  loaded: Loaded | null;
  reload(): Promise<void>;
}

/**
 * The admin's client router: the browser history under the admin base, the location resolved against the
 * routes the menu rules give (the loading route until they arrive, iframe routes, group redirects), in-app
 * navigation past the screens' leave guards, and the permission nodes each screen checks its buttons with.
 */
export function useAdminRouter({ adminBase, lang, loaded, reload }: RouterOptions): AdminRouter {
  const { t } = useTranslation('admin');
  const historyOptions = useMemo<HistoryOptions>(() => ({ base: adminBase, external: [`${adminBase}/login`] }), [adminBase]);
  const [history] = useState(() => (typeof window === 'undefined' ? null : createAppHistory(historyOptions)));
  const location = useAppLocation(history);
  const guards = useRef(new Map<string, Set<() => boolean>>());
  const table = loaded?.table ?? null;

  const resolution = useMemo<Resolution>(
    () => (location ? resolveLocation(adminBase, table, location, (path) => adminScreen(path.slice(adminBase.length + 1)) !== undefined) : { kind: 'loading' }),
    [adminBase, table, location],
  );
  const showing = resolution.kind === 'screen' || resolution.kind === 'iframe';
  const activePath = showing && location ? normalizePathname(location.pathname) : null;

  useEffect(() => {
    if (resolution.kind === 'redirect') history?.replace(resolution.to);
    // A screen the admin's rules do not open: the no-permission page (spec section 6), not just a message.
    if (resolution.kind === 'noPower') window.location.replace(withLang('/401', lang));
  }, [history, resolution, lang]);

  const notify = useCallback((error: NavError) => toast(error === 'alreadyThere' ? 'info' : 'error', t(navErrorKey(error))), [t]);

  const leaveAllowed = useCallback((path: string | null) => (path ? [...(guards.current.get(path) ?? [])].every((check) => check()) : true), []);

  // The page showing when a click happens (go() is created less often than the page changes).
  const activeRef = useRef(activePath);
  useEffect(() => {
    activeRef.current = activePath;
  });

  const go = useCallback(
    (path: string) => {
      if (!history || !table) return;
      const verdict = checkNavigation(table, history.location(), path);
      if (!verdict.ok) return notify(verdict.error);
      if (!leaveAllowed(activeRef.current)) return notify('guardIntercepted');
      history.push(verdict.href);
    },
    [history, table, notify, leaveAllowed],
  );

  const shell = useMemo<ShellApi | null>(() => {
    if (!loaded) return null;
    return {
      request: browserRequest(),
      lang,
      adminBase,
      adminInfo: loaded.adminInfo,
      siteConfig: loaded.siteConfig,
      navigate: go,
      reload,
      nodeMap: buildNodeMap(loaded.menus, adminBase),
      guard(path, check) {
        const set = guards.current.get(path) ?? new Set();
        set.add(check);
        guards.current.set(path, set);
        return () => set.delete(check);
      },
    };
  }, [loaded, lang, adminBase, go, reload]);

  const onLinkClick = useMemo(() => linkInterceptor(historyOptions, go), [historyOptions, go]);

  return { history, location, resolution, activePath, go, leaveAllowed, notify, shell, onLinkClick };
}
