import { useCallback, useEffect, useRef, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import type { AdminInfo, MenuNode } from '../../shared/account.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { ApiCode } from '../../shared/api/envelope.ts';
import { RequestError } from '../../shared/request/client.ts';
import type { ProgressBar } from '../app/progress.ts';
import { buildRouteTable, type RouteTable } from '../app/routes.ts';
import type { ScreenLoader } from '../app/screens.ts';
import { browserRequest } from '../lib/request.ts';
import type { ScreenProps, SiteConfig } from './context.ts';
import { setGeneratedResources } from './crud/resourceStore.ts';
import { loginHref } from './navigation.ts';
import { readAdminLogin } from './store.ts';

/** GET /admin/index/index. */
interface IndexAnswer {
  adminInfo: AdminInfo;
  menus: MenuNode[];
  siteConfig: SiteConfig;
  terminal: { phpDevelopmentServer: boolean; npmPackageManager: string };
}

/** The admin, the menu rules and the client routes built from them. */
export interface Loaded extends IndexAnswer {
  table: RouteTable;
}

export type Phase = 'loading' | 'ready' | 'failed';

export interface Menus {
  phase: Phase;
  /** Why the first load failed. */
  failure: string;
  loaded: Loaded | null;
  /**
   * Fetches the admin and the menus. The first load shows the loading state and its failure; a later one
   * (after the rules, the admin's groups or profile changed) keeps what shows when it fails.
   */
  load(first: boolean): Promise<void>;
  reload(): Promise<void>;
}

export interface MenusOptions {
  adminBase: string;
  screens: ScreenLoader<ScreenProps>;
  progress: ProgressBar | null;
  i18n: I18n;
  /** After every successful load, with the routes just built. */
  onLoaded(loaded: Loaded, first: boolean): void;
}

/** The admin's menus as the shell's state: loaded on mount, and again when a screen asks (`reload`). */
export function useMenus({ adminBase, screens, progress, i18n, onLoaded }: MenusOptions): Menus {
  const [phase, setPhase] = useState<Phase>('loading');
  const [failure, setFailure] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // The latest callback, read when a load ends: a new one every render must not start a new load.
  const loadedRef = useRef(onLoaded);
  useEffect(() => {
    loadedRef.current = onLoaded;
  });

  const load = useCallback(
    async (first: boolean) => {
      if (!readAdminLogin()?.token) {
        // Nobody logged in on this browser: straight to the login page, which brings the admin back here.
        window.location.replace(loginHref(adminBase, window.location.pathname + window.location.search));
        return;
      }
      if (first) setPhase('loading');
      progress?.start();
      try {
        const request = browserRequest();
        const [{ data }, generated] = await Promise.all([
          request<IndexAnswer>('/admin/index/index'),
          // Resources of the CRUD generator: their screens and menu titles come with the menus.
          request<{ list: ResourceDef[] }>('/admin/index/resources').then(
            (r) => r.data.list,
            () => [],
          ),
        ]);
        setGeneratedResources(generated, i18n);
        const next = { ...data, table: buildRouteTable(data.menus, { base: adminBase, hasComponent: (c) => screens.has(c) }) };
        setLoaded(next);
        loadedRef.current(next, first);
        setPhase('ready');
      } catch (error) {
        // A guest or an expired login is on the way to the login page (the request client handles 303 and 409).
        if (error instanceof RequestError && error.envelope?.code === ApiCode.loginState) return;
        if (first) {
          setFailure(error instanceof Error ? error.message : String(error));
          setPhase('failed');
        }
      } finally {
        progress?.done();
      }
    },
    [adminBase, progress, screens, i18n],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  const reload = useCallback(() => load(false), [load]);
  return { phase, failure, loaded, load, reload };
}
