import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { normalizeLang, DEFAULT_LANG, type Lang } from '../../shared/i18n/langs.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { adminScreenOf } from '../../shared/views.ts';
import { BlockLoader } from '../app/BlockLoader.tsx';
import { createProgressBar } from '../app/progress.ts';
import { activeItem, type AppRoute, type MenuItem } from '../app/routes.ts';
import { loadNamespaces } from '../app/namespaces.ts';
import { createScreenLoader } from '../app/screens.ts';
import { useOpened } from '../app/useOpened.ts';
import { browserRequest } from '../lib/request.ts';
import { HeaderTools, type CacheKind } from './HeaderTools.tsx';
import { CollapsedMenu, SideMenu, TopMenu, isPlainClick, menuTitle } from './Menus.tsx';
import { explainMissing } from './navigation.ts';
import { MODAL_NAMESPACES } from './crud/namespaces.ts';
import { RouteStatus } from './RouteStatus.tsx';
import { adminScreen } from './screens/index.ts';
import { clearAdminLogin, clearBrowserStorage, readAdminLogin } from './store.ts';
import { TabBar } from './TabBar.tsx';
import { TabPanes } from './TabPanes.tsx';
import { tabHref } from './tabs.ts';
import { hasWork, toggleTerminal } from './terminal.ts';
import { onTaskEnd } from './terminalRunner.ts';
import { TaskStatus } from '../../shared/constants/terminal.ts';
import { useAdminRouter } from './useAdminRouter.ts';
import { useLayout } from './useLayout.ts';
import { useMenuSearch } from './useMenuSearch.ts';
import { useMenus } from './useMenus.ts';
import { useTabs } from './useTabs.ts';
import { useTerminal } from './useTerminal.ts';

export interface AdminAppProps {
  /** ADMIN_BASE: the router's base; every admin link starts with it. */
  adminBase: string;
  /** For document titles before the site settings arrive. */
  siteName: string;
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

// Loaded when first opened: most visits to the back office open none of them.
const LayoutSettings = lazy(async () => ({ default: (await import('./LayoutSettings.tsx')).LayoutSettings }));
const TerminalPanel = lazy(async () => ({ default: (await import('./TerminalPanel.tsx')).TerminalPanel }));

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

/**
 * The admin back office (`<adminBase>/...`): one island that loads the admin and the menu rules (useMenus),
 * routes by them (useAdminRouter) and shows each page in a tab (useTabs, TabPanes), in the Default, Classic
 * or Streamline layout (useLayout; a drawer menu on phones), with the screen search (useMenuSearch), the layout
 * settings, the terminal panel, language switch, cache clearing and logout.
 */
export default function AdminApp({ adminBase, siteName }: AdminAppProps) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const lang: Lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const [progress] = useState(() => (typeof window === 'undefined' ? null : createProgressBar()));
  const [screens] = useState(() => createScreenLoader(adminScreen, i18n, adminScreenOf));
  // The screen search is a dialog: the dialog frame's catalogue comes with it (no screen may have loaded it yet).
  const [MenuSearch] = useState(() => lazy(async () => (await Promise.all([import('./MenuSearch.tsx'), loadNamespaces(i18n, MODAL_NAMESPACES)]))[0]));
  const layout = useLayout();
  const terminal = useTerminal();
  const menus = useMenus({
    adminBase,
    screens,
    progress,
    i18n,
    onLoaded(loaded, first) {
      openTabs.restore(loaded.table, first);
      if (first) terminal.init(loaded.terminal.npmPackageManager);
    },
  });
  const { phase, loaded } = menus;
  const table = loaded?.table ?? null;
  const router = useAdminRouter({ adminBase, lang, loaded, reload: menus.reload });
  const { location, resolution, activePath, go, shell } = router;
  const openTabs = useTabs(router, table, phase === 'ready');
  const [drawer, setDrawer] = useState(false);
  const [settings, setSettings] = useState(false);
  const settingsOpened = useOpened(settings);
  // The terminal's panel holds its runner too: it loads when opened, or when a stored task is to run or resume.
  const terminalOpened = useOpened(!!terminal.state && (terminal.state.show || hasWork(terminal.state)));
  const [loggingOut, setLoggingOut] = useState(false);
  const [searching, setSearching] = useMenuSearch(phase === 'ready');
  const contentRef = useRef<HTMLElement>(null);
  // The location whose page was last announced; none before the first page, which is not announced.
  const announced = useRef<typeof location>(null);

  // A page shown puts the drawer away and marks the change with the loading bar.
  useEffect(() => {
    if (!location || !activePath) return;
    setDrawer(false);
    progress?.start();
    progress?.done();
  }, [activePath, location, progress]);

  // After an in-app navigation the page's heading takes the focus, so screen readers announce it: in the commit
  // that shows its pane (a new tab's pane comes one render after the navigation), so it cannot land a frame
  // later on a field the user has already clicked into.
  useLayoutEffect(() => {
    if (!location || !activePath || announced.current === location) return;
    const heading = contentRef.current?.querySelector<HTMLElement>(`[data-pane="${CSS.escape(activePath)}"] > h1`);
    if (!heading) return;
    if (announced.current) heading.focus();
    announced.current = location;
  }, [activePath, location, openTabs.mounted]);

  function onMenuOpen(item: MenuItem, event: MouseEvent<HTMLElement>): void {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // The page already showing: a click on its own menu entry is no navigation at all ('already at the
    // target' is for programmatic navigation), it only puts the phone drawer away.
    if (item === active) return setDrawer(false);
    go(item.href);
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

  const { config, setConfig, shrink, mode, sideColumn, collapsed, style } = layout;
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
  const notFoundReason = resolution.kind === 'notFound' && resolution.to && loaded ? explainMissing(loaded.menus, adminBase, resolution.to.path) : null;

  return (
    <div className={layout.className} style={style} data-layout={mode} onClick={router.onLinkClick}>
      <BlockLoader active={phase === 'loading'} label={t('common:title.loading')} />
      {phase === 'failed' && (
        <div className="admin-status">
          <div className="alert alert-danger" role="alert">
            {menus.failure}
          </div>
          <div className="d-flex gap-2 justify-content-center">
            <button type="button" className="btn btn-primary" onClick={() => void menus.load(true)}>
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
                  tabs={openTabs.tabs}
                  activePath={activePath}
                  titleOf={(tab) => titleOf(table.routes.get(tab.path))}
                  onSelect={(tab, event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    if (tab.path !== activePath) go(tabHref(tab));
                  }}
                  onCommand={openTabs.command}
                />
              )}
              <HeaderTools
                onSearch={() => setSearching(true)}
                lang={lang}
                langHref={langHref}
                adminInfo={loaded.adminInfo}
                avatarSrc={avatar}
                onClearCache={(kind) => void clearCache(kind)}
                terminal={loaded.adminInfo.super && terminal.state ? { dot: terminal.state.showDot, onToggle: () => terminal.update((state) => toggleTerminal(state)) } : null}
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
            <TabPanes open={openTabs} table={table} activePath={activePath} adminBase={adminBase} screens={screens} shell={shell} progress={progress} titleOf={titleOf} />
            {!activePath && <RouteStatus resolution={resolution} adminBase={adminBase} reason={notFoundReason} />}
          </main>
          {searching && (
            <Suspense fallback={null}>
              <MenuSearch
                menu={table.menu}
                onClose={() => setSearching(false)}
                onOpen={(item) => {
                  setSearching(false);
                  if (item !== active) go(item.href);
                }}
              />
            </Suspense>
          )}
          <Suspense fallback={null}>{settingsOpened && <LayoutSettings show={settings} onHide={() => setSettings(false)} config={config} onChange={setConfig} />}</Suspense>
          <Suspense fallback={null}>
            {terminal.state && loaded.adminInfo.super && terminalOpened && <TerminalPanel state={terminal.state} update={terminal.update} adminBase={adminBase} lang={lang} timeZone={loaded.siteConfig.timeZone} onAdd={(command, blockOnFailure) => {
                  // A migration may bring menu rules: the menus are fetched again once one succeeds.
                  const uuid = terminal.add(command, blockOnFailure);
                  if (command.startsWith('migrate.')) onTaskEnd(uuid, (end) => end === TaskStatus.Success && void menus.reload());
                  return uuid;
                }} />}
          </Suspense>
        </>
      )}
    </div>
  );
}
