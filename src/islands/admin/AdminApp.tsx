import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import type { AdminInfo, MenuNode } from '../../shared/account.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { ApiCode } from '../../shared/api/envelope.ts';
import { RESIZE_DEBOUNCE_MS } from '../../shared/constants/layout.ts';
import { STORAGE_KEYS } from '../../shared/constants/storage.ts';
import { normalizeLang, DEFAULT_LANG, type Lang } from '../../shared/i18n/langs.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { RequestError } from '../../shared/request/client.ts';
import { adminScreenOf } from '../../shared/views.ts';
import { BlockLoader } from '../app/BlockLoader.tsx';
import { createAppHistory, inAppHref, type HistoryOptions } from '../app/history.ts';
import { normalizePathname, parseIframePath } from '../app/paths.ts';
import { buildNodeMap } from '../app/permissions.ts';
import { createProgressBar } from '../app/progress.ts';
import { activeItem, buildRouteTable, resolveLocation, type AppRoute, type MenuItem, type Resolution, type RouteTable } from '../app/routes.ts';
import { createScreenLoader } from '../app/screens.ts';
import { useAppLocation } from '../app/useLocation.ts';
import { browserRequest } from '../lib/request.ts';
import { toast } from '../lib/toast.ts';
import type { SiteConfig } from './context.ts';
import { HeaderTools, type CacheKind } from './HeaderTools.tsx';
import { DEFAULT_LAYOUT, effectiveMode, isShrink, layoutStyle, parseLayoutConfig, serializeLayoutConfig, type LayoutConfig } from './layout.ts';
import { LayoutSettings } from './LayoutSettings.tsx';
import { CollapsedMenu, SideMenu, TopMenu, isPlainClick, menuTitle } from './Menus.tsx';
import { checkNavigation, explainMissing, loginHref, navErrorKey, type NavError } from './navigation.ts';
import { Pane, ScreenPane, type ShellApi } from './ScreenPane.tsx';
import { Spinner } from '../app/Spinner.tsx';
import { adminScreen } from './screens/index.ts';
import { setGeneratedResources } from './crud/resourceStore.ts';
import { clearAdminLogin, clearBrowserStorage, readAdminLogin, readKey, writeKey } from './store.ts';
import { TabBar, type TabCommand } from './TabBar.tsx';
import { closeOtherTabs, closeTab, moveTab, openTab, restoreTabs, serializeTabs, tabHref, type Tab } from './tabs.ts';
import { TerminalPanel } from './TerminalPanel.tsx';
import { useHydrated } from '../lib/useHydrated.ts';
import { addTask, initTerminal, newTaskId, serializeTerminal, toggleTerminal, type TerminalState } from './terminal.ts';
import { onTaskEnd, type TerminalUpdate } from './terminalRunner.ts';
import { TaskStatus } from '../../shared/constants/terminal.ts';

export interface AdminAppProps {
  /** ADMIN_BASE: the router's base; every admin link starts with it. */
  adminBase: string;
  /** For document titles before the site settings arrive. */
  siteName: string;
}

/** GET /admin/index/index. */
interface IndexAnswer {
  adminInfo: AdminInfo;
  menus: MenuNode[];
  siteConfig: SiteConfig;
  terminal: { phpDevelopmentServer: boolean; npmPackageManager: string };
}

interface Loaded extends IndexAnswer {
  table: RouteTable;
}

type Phase = 'loading' | 'ready' | 'failed';

/** The viewport width, null until mounted (the server cannot know it); resizes settle for 300 ms first. */
function useViewportWidth(): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    setWidth(window.innerWidth);
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return width;
}

/** Rules keep their page mounted while another tab shows when `keepalive` is set (the server sends the name). */
function keepsAlive(route: AppRoute | undefined): boolean {
  const value = route?.node.keepalive;
  return value !== undefined && value !== 0 && value !== '0' && value !== '';
}

function isPage(table: RouteTable) {
  return (path: string) => {
    const route = table.routes.get(path);
    return route !== undefined && route.kind !== 'group';
  };
}

function Logo({ href, siteName, compact }: { href: string; siteName: string; compact: boolean }) {
  return (
    <a className="admin-logo" href={href} title={compact ? siteName : undefined}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!compact && <span className="admin-logo-text">{siteName}</span>}
      {compact && <span className="visually-hidden">{siteName}</span>}
    </a>
  );
}

/**
 * The admin back office (`<adminBase>/...`): one island that loads the admin and the menu rules, builds its
 * routes from them and shows each page in a tab, in the Default, Classic or Streamline layout (a drawer menu
 * on phones), with the layout settings, the terminal panel, language switch, cache clearing and logout.
 */
export default function AdminApp({ adminBase, siteName }: AdminAppProps) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const lang: Lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const historyOptions = useMemo<HistoryOptions>(() => ({ base: adminBase, external: [`${adminBase}/login`] }), [adminBase]);
  const [history] = useState(() => (typeof window === 'undefined' ? null : createAppHistory(historyOptions)));
  const [progress] = useState(() => (typeof window === 'undefined' ? null : createProgressBar()));
  const [screens] = useState(() => createScreenLoader(adminScreen, i18n, adminScreenOf));
  const location = useAppLocation(history);
  const width = useViewportWidth();

  const [phase, setPhase] = useState<Phase>('loading');
  const [failure, setFailure] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [tabs, setTabs] = useState<Tab[]>([]);
  /** Tabs shown since the page loaded: the ones a rule keeps alive stay mounted. */
  const [mounted, setMounted] = useState<ReadonlySet<string>>(new Set());
  const [refreshed, setRefreshed] = useState<Readonly<Record<string, number>>>({});
  const [config, setConfig] = useState<LayoutConfig>(DEFAULT_LAYOUT);
  const [configRead, setConfigRead] = useState(false);
  const [terminal, setTerminal] = useState<TerminalState | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [settings, setSettings] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const guards = useRef(new Map<string, Set<() => boolean>>());
  const contentRef = useRef<HTMLElement>(null);
  const firstView = useRef(true);

  const table = loaded?.table ?? null;

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
        const built = buildRouteTable(data.menus, { base: adminBase, hasComponent: (c) => screens.has(c) });
        setLoaded({ ...data, table: built });
        // Restored once (an iframe page shown before the menus arrived stays open too); a later reload keeps
        // the open tabs that are still pages.
        setTabs((open) => {
          if (!first) return open.filter((tab) => isPage(built)(tab.path));
          const restored = restoreTabs(readKey(STORAGE_KEYS.tabView), isPage(built));
          return [...restored, ...open.filter((tab) => !restored.some((r) => r.path === tab.path))];
        });
        if (first) setTerminal(initTerminal(readKey(STORAGE_KEYS.terminal), data.terminal.npmPackageManager));
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

  // Layout settings live in this browser: read after hydration (the server rendered the defaults).
  useEffect(() => {
    setConfig(parseLayoutConfig(readKey(STORAGE_KEYS.config)));
    setConfigRead(true);
  }, []);
  useEffect(() => {
    if (!configRead) return;
    writeKey(STORAGE_KEYS.config, serializeLayoutConfig(config));
    document.documentElement.setAttribute('data-bs-theme', config.isDark ? 'dark' : 'light');
  }, [config, configRead]);

  useEffect(() => {
    if (phase === 'ready') writeKey(STORAGE_KEYS.tabView, serializeTabs(tabs));
  }, [tabs, phase]);
  useEffect(() => {
    if (terminal) writeKey(STORAGE_KEYS.terminal, serializeTerminal(terminal));
  }, [terminal]);
  const updateTerminal = useCallback<TerminalUpdate>((change) => setTerminal((state) => (state ? change(state) : state)), []);
  const addTerminalTask = (command: string, blockOnFailure: boolean) => {
    const task = { uuid: newTaskId(), createTime: Date.now(), command, blockOnFailure };
    // A migration may bring menu rules: the menus are fetched again once one succeeds.
    if (command.startsWith('migrate.')) {
      onTaskEnd(task.uuid, (end) => {
        if (end === TaskStatus.Success) void load(false);
      });
    }
    if (terminal && addTask(terminal, task).blocked) toast('error', t('terminal.blocked'));
    updateTerminal((state) => addTask(state, task).state);
  };

  const resolution = useMemo<Resolution>(() => (location ? resolveLocation(adminBase, table, location) : { kind: 'loading' }), [adminBase, table, location]);
  const showing = resolution.kind === 'screen' || resolution.kind === 'iframe';
  const activePath = showing && location ? normalizePathname(location.pathname) : null;

  useEffect(() => {
    if (resolution.kind === 'redirect') history?.replace(resolution.to);
  }, [history, resolution]);

  // Every page shown becomes (or updates) its tab; the loading bar marks the change.
  useEffect(() => {
    if (!location || !activePath) return;
    setTabs((open) => openTab(open, activePath, location.search));
    setMounted((seen) => (seen.has(activePath) ? seen : new Set(seen).add(activePath)));
    setDrawer(false);
    progress?.start();
    progress?.done();
    // After an in-app navigation the page's heading takes the focus, so screen readers announce it.
    if (firstView.current) firstView.current = false;
    else contentRef.current?.querySelector<HTMLElement>(`[data-pane="${CSS.escape(activePath)}"] > h1`)?.focus();
  }, [activePath, location, progress]);

  const notify = useCallback((error: NavError) => toast(error === 'alreadyThere' ? 'info' : 'error', t(navErrorKey(error))), [t]);

  const leaveAllowed = useCallback((path: string | null) => (path ? [...(guards.current.get(path) ?? [])].every((check) => check()) : true), []);

  // The page showing when a click happens (go() is created less often than the page changes).
  const activeRef = useRef(activePath);
  useEffect(() => {
    activeRef.current = activePath;
  });

  /** In-app navigation with the spec's checks: a known page, not the current one, and no screen objecting. */
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

  const reload = useCallback(() => load(false), [load]);

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

  function onMenuOpen(item: MenuItem, event: MouseEvent<HTMLElement>): void {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // The page already showing: a click on its own menu entry is no navigation at all ('already at the
    // target' is for programmatic navigation), it only puts the phone drawer away.
    if (item === active) return setDrawer(false);
    go(item.href);
  }

  // Other links inside the shell (screens, the not-found state) that lead to admin pages stay in the app.
  function onShellClick(event: MouseEvent<HTMLDivElement>): void {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const link = event.target.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.getAttribute('href')?.startsWith('#')) return;
    const href = inAppHref(
      {
        href: link.href,
        target: link.target,
        download: link.hasAttribute('download'),
        button: event.button,
        modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        defaultPrevented: false,
      },
      window.location.origin,
      historyOptions,
    );
    if (href === null) return;
    event.preventDefault();
    go(href);
  }

  /** Closes tabs (after their screens agree), then shows `next`, or the first page when nothing is left open. */
  function closeTabs(closing: readonly Tab[], remaining: Tab[], next: Tab | null): void {
    if (!history || !table) return;
    if (closing.some((tab) => !leaveAllowed(tab.path))) return notify('guardIntercepted');
    const gone = new Set(closing.map((tab) => tab.path));
    setMounted((seen) => new Set([...seen].filter((p) => !gone.has(p))));
    if (!activePath || !gone.has(activePath)) {
      setTabs(remaining);
      return;
    }
    if (next) {
      setTabs(remaining);
      history.push(tabHref(next));
    } else if (table.first) {
      // Nothing left: the first page opens again (also when it is the one just closed).
      const home = normalizePathname(table.first);
      setTabs([{ path: home, search: '' }]);
      if (home !== activePath) history.push(table.first);
    }
  }

  function onTabCommand(tab: Tab, command: TabCommand): void {
    switch (command) {
      case 'refresh':
        // A remount loses what the screen holds, so its guards are asked as for leaving it.
        if (!leaveAllowed(tab.path)) return notify('guardIntercepted');
        setRefreshed((r) => ({ ...r, [tab.path]: (r[tab.path] ?? 0) + 1 }));
        if (tab.path !== activePath) go(tabHref(tab));
        return;
      case 'close': {
        const { tabs: remaining, next } = closeTab(tabs, tab.path);
        return closeTabs([tab], remaining, next);
      }
      case 'closeOthers':
        return closeTabs(
          tabs.filter((other) => other.path !== tab.path),
          closeOtherTabs(tabs, tab.path),
          tab,
        );
      case 'closeAll':
        return closeTabs(tabs, [], null);
      case 'moveLeft':
      case 'moveRight': {
        const moved = moveTab(tabs, tab.path, command === 'moveLeft' ? -1 : 1);
        if (moved.ok) setTabs(moved.tabs);
        else notify(moved.error);
      }
    }
  }

  async function clearCache(kind: CacheKind): Promise<void> {
    if (kind !== 'browser') {
      try {
        await browserRequest()('/admin/ajax/clearCache', { method: 'POST', body: { type: 'all' } }, { showSuccessMessage: kind === 'server' });
      } catch {
        return;
      }
    }
    if (kind !== 'server') {
      clearBrowserStorage(window.localStorage);
      // Settings fall back to their defaults on the fresh page.
      window.location.reload();
    }
  }

  async function logout(): Promise<void> {
    setLoggingOut(true);
    try {
      await browserRequest()('/admin/index/logout', { method: 'POST', body: { refreshToken: readAdminLogin()?.refresh_token ?? '' } });
      clearAdminLogin();
      window.location.assign(`${adminBase}/login`);
    } catch {
      // The request client said why; the admin stays logged in.
      setLoggingOut(false);
    }
  }

  const titleOf = (route: AppRoute | null | undefined) => (route ? menuTitle(route.node) : t('common:title.noTitle'));
  const title = (() => {
    if (phase === 'failed') return t('common:title.admin');
    if (phase === 'loading' || !table) return t('common:title.loading');
    switch (resolution.kind) {
      case 'screen':
        return titleOf(resolution.route);
      case 'iframe':
        return titleOf(resolution.route);
      case 'notFound':
        return t('common:title.notFound');
      case 'empty':
        return t('common:title.admin');
      default:
        return t('common:title.loading');
    }
  })();
  const fullSiteName = loaded?.siteConfig.siteName ?? siteName;
  useEffect(() => {
    document.title = `${title} - ${fullSiteName}`;
  }, [title, fullSiteName]);

  const shrink = width !== null && isShrink(width);
  const mode = effectiveMode(config, shrink);
  const sideColumn = !shrink && mode !== 'Streamline';
  const collapsed = sideColumn && config.menuCollapse;
  const computed = useMemo(() => layoutStyle(config, width ?? 1280), [config, width]);
  // Not in the server's HTML (the CSP refuses style attributes): set through the DOM once hydrated.
  const style = useHydrated() ? computed : undefined;
  const classes = ['admin-app', `layout-${mode}`, shrink ? 'is-shrink' : '', collapsed ? 'is-collapsed' : ''].filter(Boolean).join(' ');

  const ready = phase === 'ready' && loaded !== null && table !== null && shell !== null;
  const active = table && location ? activeItem(table.menu, location.pathname) : null;
  const menuProps = { items: table?.menu ?? [], active, onOpen: onMenuOpen };
  const profileRoute = table ? [...table.routes.values()].find((r) => r.kind === 'tab' && r.node.name === 'routine/adminInfo') : undefined;
  const avatar = loaded ? (/^(?:[a-z]+:)?\/\//i.test(loaded.adminInfo.avatar) ? loaded.adminInfo.avatar : loaded.siteConfig.cdnUrl + loaded.adminInfo.avatar) : '';
  const langHref = (l: Lang) => {
    const params = new URLSearchParams(location?.search ?? '');
    params.delete('lang');
    const query = params.toString();
    return withLang((location?.pathname ?? adminBase) + (query ? `?${query}` : ''), l, true);
  };

  const panes = ready
    ? tabs.flatMap((tab) => {
        const route = table.routes.get(tab.path);
        const current = tab.path === activePath;
        if (!current && !(mounted.has(tab.path) && keepsAlive(route))) return [];
        const key = `${tab.path}#${refreshed[tab.path] ?? 0}`;
        const frame = route?.kind === 'iframe' ? route.node.url.trim() : parseIframePath(adminBase, tab.path);
        const paneTitle = titleOf(route);
        return [
          <Pane key={key} title={paneTitle} active={current} path={tab.path}>
            {route?.kind === 'tab' ? (
              <ScreenPane route={route} loader={screens} shell={shell} progress={progress} />
            ) : frame !== undefined ? (
              <iframe className="admin-iframe" src={frame} title={paneTitle} />
            ) : null}
          </Pane>,
        ];
      })
    : [];

  const notFoundReason = resolution.kind === 'notFound' && resolution.to && loaded ? explainMissing(loaded.menus, adminBase, resolution.to.path) : null;

  return (
    <div className={classes} style={style} data-layout={mode} onClick={onShellClick}>
      <BlockLoader active={phase === 'loading'} label={t('common:title.loading')} />
      {phase === 'failed' && (
        <div className="admin-status">
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
          <div className="d-flex gap-2 justify-content-center">
            <button type="button" className="btn btn-primary" onClick={() => void load(true)}>
              {t('shell.retry')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => void logout()} disabled={loggingOut}>
              {t('header.logout')}
            </button>
          </div>
        </div>
      )}
      {ready && (
        <>
          {sideColumn && (
            <aside className="admin-side" aria-label={t('shell.sideMenu')}>
              {mode === 'Default' && <Logo href={adminBase} siteName={fullSiteName} compact={collapsed} />}
              <nav className="admin-side-scroll" aria-label={t('shell.mainMenu')}>
                {collapsed ? <CollapsedMenu {...menuProps} /> : <SideMenu {...menuProps} />}
              </nav>
            </aside>
          )}
          {shrink && (
            <Offcanvas
              show={drawer}
              onHide={() => setDrawer(false)}
              placement="start"
              id="admin-drawer"
              className="admin-drawer"
              aria-labelledby="admin-drawer-title"
              // Rendered outside the shell's element: it needs the shell's colour and size variables itself.
              style={style}
            >
              <Offcanvas.Header closeButton closeLabel={t('shell.closeMenu')}>
                <Offcanvas.Title as="div" id="admin-drawer-title">
                  <Logo href={adminBase} siteName={fullSiteName} compact={false} />
                </Offcanvas.Title>
              </Offcanvas.Header>
              <Offcanvas.Body>
                <nav aria-label={t('shell.mainMenu')}>
                  <SideMenu {...menuProps} />
                </nav>
              </Offcanvas.Body>
            </Offcanvas>
          )}
          <header className="admin-header">
            <div className="admin-bar">
              {shrink && (
                <button type="button" className="admin-icon-button" aria-controls="admin-drawer" aria-expanded={drawer} aria-label={t('shell.openMenu')} onClick={() => setDrawer(true)} data-drawer-toggle="">
                  <i className="bi bi-list" aria-hidden="true" />
                </button>
              )}
              {(mode !== 'Default' || shrink) && <Logo href={adminBase} siteName={fullSiteName} compact={collapsed} />}
              {sideColumn && (
                <button
                  type="button"
                  className="admin-icon-button"
                  aria-pressed={config.menuCollapse}
                  aria-label={t('shell.collapseMenu')}
                  title={t('shell.collapseMenu')}
                  onClick={() => setConfig((c) => ({ ...c, menuCollapse: !c.menuCollapse }))}
                  data-collapse-toggle=""
                >
                  <i className={`bi ${config.menuCollapse ? 'bi-text-indent-left' : 'bi-text-indent-right'}`} aria-hidden="true" />
                </button>
              )}
              {mode === 'Streamline' ? (
                <nav className="admin-topnav" aria-label={t('shell.mainMenu')}>
                  <TopMenu {...menuProps} />
                </nav>
              ) : (
                <TabBar
                  tabs={tabs}
                  activePath={activePath}
                  titleOf={(tab) => {
                    const route = table.routes.get(tab.path);
                    return route ? titleOf(route) : t('common:title.noTitle');
                  }}
                  onSelect={(tab, event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    if (tab.path !== activePath) go(tabHref(tab));
                  }}
                  onCommand={onTabCommand}
                />
              )}
              <HeaderTools
                lang={lang}
                langHref={langHref}
                adminInfo={loaded.adminInfo}
                avatarSrc={avatar}
                onClearCache={(kind) => void clearCache(kind)}
                terminal={loaded.adminInfo.super && terminal ? { dot: terminal.showDot, onToggle: () => updateTerminal((state) => toggleTerminal(state)) } : null}
                onSettings={() => setSettings(true)}
                profileHref={profileRoute ? profileRoute.path : null}
                onProfile={(event) => {
                  if (!isPlainClick(event) || !profileRoute) return;
                  event.preventDefault();
                  go(profileRoute.path);
                }}
                onLogout={() => void logout()}
                loggingOut={loggingOut}
              />
            </div>
          </header>
          <main id="admin-content" className="admin-content" ref={contentRef}>
            {panes}
            {!showing && <Status resolution={resolution} adminBase={adminBase} reason={notFoundReason} />}
          </main>
          <LayoutSettings show={settings} onHide={() => setSettings(false)} config={config} onChange={setConfig} />
          {terminal && loaded.adminInfo.super && <TerminalPanel state={terminal} update={updateTerminal} adminBase={adminBase} lang={lang} timeZone={loaded.siteConfig.timeZone} onAdd={addTerminalTask} />}
        </>
      )}
    </div>
  );
}

/** The content area when no page shows: waiting for the routes, not found, or no page at all. */
function Status({ resolution, adminBase, reason }: { resolution: Resolution; adminBase: string; reason: NavError | null }) {
  const { t } = useTranslation(['admin', 'common']);
  if (resolution.kind === 'empty') {
    return (
      <div className="alert alert-warning" role="alert" data-nav-error="noChildMenu">
        {t(navErrorKey('noChildMenu'))}
      </div>
    );
  }
  if (resolution.kind !== 'notFound') return <Spinner label={t('common:title.loading')} />;
  return (
    <div className="admin-not-found" data-not-found="">
      <div className="admin-not-found-code" aria-hidden="true">
        404
      </div>
      <h1 className="h4">{t('common:title.notFound')}</h1>
      <p>{t('common:notFound.tip')}</p>
      {reason && (
        <div className="alert alert-warning d-inline-block" role="alert" data-nav-error={reason}>
          {t(navErrorKey(reason))}
        </div>
      )}
      <div>
        <a className="btn btn-primary" href={adminBase}>
          {t('shell.adminHome')}
        </a>
      </div>
    </div>
  );
}
