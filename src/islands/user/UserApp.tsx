import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MenuNode, UserInfo } from '../../shared/account.ts';
import { CONTENT_TOP_OFFSET, MENU_WIDTH } from '../../shared/constants/layout.ts';
import { greetingKey } from '../../shared/greeting.ts';
import { menuIconClass } from '../../shared/icons.ts';
import type { LocalText } from '../../shared/content.ts';
import { LocalTextView } from '../app/LocalTextView.tsx';
import { memberScreenOf } from '../../shared/views.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { DEFAULT_LANG, normalizeLang } from '../../shared/i18n/langs.ts';
import { ApiCode } from '../../shared/api/envelope.ts';
import { RequestError, USER_BASE, USER_LOGIN } from '../../shared/request/client.ts';
import type { SiteInfo } from '../../shared/site.ts';
import { BlockLoader } from '../app/BlockLoader.tsx';
import { createAppHistory, linkInterceptor, type HistoryOptions } from '../app/history.ts';
import { createProgressBar } from '../app/progress.ts';
import { activeItem, buildRouteTable, resolveLocation, type MenuItem, type Resolution, type RouteTable } from '../app/routes.ts';
import { createScreenLoader } from '../app/screens.ts';
import { useAppLocation } from '../app/useLocation.ts';
import { browserRequest } from '../lib/request.ts';
import { MemberContext, type MemberContextValue } from './context.ts';
import { SCREENS } from './screens.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { clearUserInfo, readUserInfo, storeUserInfo } from './store.ts';
import { InboxLink, UnreadBadge, inboxPath, useUnread } from './unread.tsx';
import { ViewContent, type View } from './ViewContent.tsx';

export interface UserAppProps {
  /** The site's home page in the page language. */
  homeHref: string;
  /** For document titles before the site settings arrive. */
  siteName: string;
}

/** GET /api/index/index?requiredLogin=1. */
interface IndexAnswer {
  site: SiteInfo;
  openMemberCenter: boolean;
  userInfo: UserInfo;
  menus: MenuNode[];
}

/** The member centre owns every path under /user but the login page. */
const HISTORY: HistoryOptions = { base: USER_BASE, external: [USER_LOGIN] };

type Phase = 'loading' | 'ready' | 'closed' | 'failed';

/**
 * A menu's title, which /api/index/index sends in the page language; an English page shows a rule without an
 * English title in Chinese, marked.
 */
function menuTitle(node: MenuNode, lang: string): LocalText {
  return { text: node.title, fallback: lang === 'en' && !node.title_en && node.title !== '' };
}

/** A rule's icon as BuildAdmin names it (`fa fa-home`), drawn through src/shared/icons.ts; none when empty. */
function Icon({ name }: { name: string }) {
  return name.trim() ? <i className={`${menuIconClass(name)} me-2`} aria-hidden="true" /> : null;
}

/** The side menu; the inbox's entry (at `inbox`) carries the unread count. */
function SideMenu({ items, current, lang, t, inbox, unread }: { items: MenuItem[]; current: string; lang: string; t: TFunction; inbox: string | null; unread: number }) {
  const active = activeItem(items, current);
  return (
    <>
      {items.map((item) =>
        item.kind === 'group' ? (
          <div className="member-menu-group" key={item.node.id}>
            <div className="member-menu-heading">
              <Icon name={item.node.icon} />
              <LocalTextView value={menuTitle(item.node, lang)} />
            </div>
            <ul className="list-unstyled mb-2">
              {item.children.map((child) => (
                <li key={child.node.id}>
                  <MenuLink item={child} active={child === active} lang={lang} t={t} badge={child.href === inbox ? unread : undefined} />
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <MenuLink key={item.node.id} item={item} active={item === active} lang={lang} t={t} badge={item.href === inbox ? unread : undefined} />
        ),
      )}
    </>
  );
}

function MenuLink({ item, active, lang, t, badge }: { item: MenuItem; active: boolean; lang: string; t: TFunction; badge?: number }) {
  const title = <LocalTextView value={menuTitle(item.node, lang)} />;
  if (item.kind === 'link') {
    return (
      <a className="member-menu-link" href={item.href} target="_blank" rel="noopener noreferrer">
        <Icon name={item.node.icon} />
        {title}
        <i className="bi bi-box-arrow-up-right ms-auto small" aria-hidden="true" />
        <span className="visually-hidden"> ({t('user:shell.newWindow')})</span>
      </a>
    );
  }
  return (
    <a className={`member-menu-link${active ? ' active' : ''}`} href={item.href} aria-current={active ? 'page' : undefined}>
      <Icon name={item.node.icon} />
      {title}
      {badge !== undefined && <UnreadBadge n={badge} />}
    </a>
  );
}

/**
 * The member centre (/user/...): one island that loads the member and the menu rules, builds its routes
 * from them and shows each screen in place, with a side menu that becomes a drawer on phones.
 */
export default function UserApp({ homeHref, siteName }: UserAppProps) {
  const { t, i18n } = useTranslation(['user', 'common']);
  const lang = i18n.language;
  const [history] = useState(() => (typeof window === 'undefined' ? null : createAppHistory(HISTORY)));
  const [progress] = useState(() => (typeof window === 'undefined' ? null : createProgressBar()));
  const [screens] = useState(() => createScreenLoader(SCREENS, i18n, memberScreenOf));
  const location = useAppLocation(history);
  const [phase, setPhase] = useState<Phase>('loading');
  const [message, setMessage] = useState('');
  const [user, setUser] = useState<UserInfo | null>(null);
  const [site, setSite] = useState<SiteInfo | null>(null);
  const [table, setTable] = useState<RouteTable | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const navigated = useRef(false);
  const inbox = useMemo(() => inboxPath(table), [table]);
  const [unread, setUnread] = useUnread(inbox);

  const load = useCallback(async () => {
    setPhase('loading');
    progress?.start();
    try {
      const answer = await browserRequest()<IndexAnswer>('/api/index/index', { params: { requiredLogin: 1 } });
      const { data } = answer;
      setSite(data.site);
      if (!data.openMemberCenter) {
        setMessage(t('shell.closed'));
        setPhase('closed');
        return;
      }
      setUser(storeUserInfo(data.userInfo));
      setTable(buildRouteTable(data.menus, { base: USER_BASE, hasComponent: (c) => screens.has(c) }));
      setPhase('ready');
    } catch (error) {
      // A guest is on the way to the login page (the request client handles 303); anything else may be retried.
      if (error instanceof RequestError && error.envelope?.code === ApiCode.loginState) return;
      setMessage(error instanceof Error ? error.message : String(error));
      setPhase('failed');
    } finally {
      progress?.done();
    }
  }, [progress, screens, t]);

  useEffect(() => {
    void load();
  }, [load]);

  // Links to the centre's own pages (menu, screens, the not-found state) stay in the app.
  const onLinkClick = useMemo(() => linkInterceptor(HISTORY, (href) => history?.push(href)), [history]);

  const resolution = useMemo<Resolution>(
    () => (location ? resolveLocation(USER_BASE, table, location, (path) => Object.hasOwn(SCREENS, path.slice(USER_BASE.length + 1))) : { kind: 'loading' }),
    [table, location],
  );

  useEffect(() => {
    if (resolution.kind === 'redirect') history?.replace(resolution.to);
    // A screen the member's group does not open: the no-permission page (spec section 6).
    if (resolution.kind === 'noPower') window.location.replace(withLang('/401', normalizeLang(lang) ?? DEFAULT_LANG));
  }, [history, resolution, lang]);

  // Screens load on demand: the progress bar runs meanwhile and the previous view stays until it is ready.
  useEffect(() => {
    if (!location || resolution.kind === 'redirect' || resolution.kind === 'loading') return;
    if (resolution.kind !== 'screen') {
      setView({ resolution, location, Screen: null, failed: false });
      return;
    }
    let current = true;
    progress?.start();
    screens
      .load(resolution.route.node.component)
      .then(
        (Screen) => current && setView({ resolution, location, Screen, failed: false }),
        () => current && setView({ resolution, location, Screen: null, failed: true }),
      )
      .finally(() => progress?.done());
    return () => {
      current = false;
    };
  }, [resolution, location, screens, progress]);

  const title = (() => {
    if (phase === 'closed' || phase === 'failed') return t('common:title.user');
    if (!view) return t('common:title.loading');
    const r = view.resolution;
    if (r.kind === 'screen') return menuTitle(r.route.node, lang).text;
    if (r.kind === 'iframe') return r.route ? menuTitle(r.route.node, lang).text : t('common:title.noTitle');
    if (r.kind === 'notFound') return t('common:title.notFound');
    return t('common:title.user');
  })();

  useEffect(() => {
    document.title = `${title} - ${site?.siteName ?? siteName}`;
  }, [title, site, siteName]);

  // After an in-app navigation, focus goes to the new page's heading so screen readers announce it.
  useEffect(() => {
    if (!view) return;
    setMenuOpen(false);
    if (navigated.current) headingRef.current?.focus();
    navigated.current = true;
  }, [view]);

  // The phone drawer takes the focus while open and gives it back to its button when closed.
  useEffect(() => {
    if (!menuOpen) return;
    const toggle = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (toggle?.isConnected && document.activeElement && document.getElementById('member-side')?.contains(document.activeElement)) toggle.focus();
    };
  }, [menuOpen]);

  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await browserRequest()('/api/user/logout', { method: 'POST', body: { refreshToken: readUserInfo()?.refresh_token ?? '' } });
      clearUserInfo();
      window.location.reload();
    } catch {
      setLoggingOut(false);
    }
  }, []);

  const context = useMemo<MemberContextValue | null>(
    () =>
      user && site
        ? {
            user,
            site,
            updateUser: (info) => setUser(storeUserInfo(info)),
            navigate: (href) => history?.push(href),
            setUnread,
          }
        : null,
    [user, site, history, setUnread],
  );

  const ready = phase === 'ready' && context !== null && table !== null;
  // The layout variables are set once hydrated, through the DOM: the CSP refuses style attributes in HTML.
  const hydrated = useHydrated();
  const avatarSrc = user && site ? (/^(?:[a-z]+:)?\/\//i.test(user.avatar) ? user.avatar : site.cdnUrl + user.avatar) : '';

  return (
    <div className="member-app" onClick={onLinkClick} style={hydrated ? { ['--member-offset' as string]: `${CONTENT_TOP_OFFSET.member}px`, ['--member-menu-width' as string]: `${MENU_WIDTH}px` } : undefined}>
      <BlockLoader active={phase === 'loading'} label={t('common:title.loading')} />
      <div className="member-bar">
        {ready && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm d-lg-none text-nowrap"
            aria-expanded={menuOpen}
            aria-controls="member-side"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <i className="bi bi-list me-1" aria-hidden="true" />
            {t('shell.menu')}
            <UnreadBadge n={unread} className="ms-1" />
          </button>
        )}
        <span className="member-bar-title d-none d-sm-inline">{t('common:title.user')}</span>
        {ready && (
          <div className="d-flex align-items-center gap-2 ms-auto">
            {inbox && <InboxLink href={inbox} n={unread} />}
            <img className="member-avatar-sm" src={avatarSrc} alt="" width={32} height={32} />
            <span className="d-none d-sm-inline text-truncate" style={{ maxWidth: '10rem' }}>
              {user!.nickname}
            </span>
            <button type="button" className="btn btn-outline-secondary btn-sm text-nowrap" onClick={() => void logout()} disabled={loggingOut} data-logout="">
              {loggingOut ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : <i className="bi bi-box-arrow-right" aria-hidden="true" />}
              <span className="ms-1 d-none d-sm-inline">{t('shell.logout')}</span>
              <span className="visually-hidden d-sm-none">{t('shell.logout')}</span>
            </button>
          </div>
        )}
      </div>
      {phase === 'loading' && (
        <div className="member-status" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="ms-2">{t('common:title.loading')}</span>
        </div>
      )}
      {(phase === 'closed' || phase === 'failed') && (
        <div className="member-status">
          <div className={`alert ${phase === 'closed' ? 'alert-warning' : 'alert-danger'}`} role="alert">
            {message}
          </div>
          {phase === 'failed' && (
            <button type="button" className="btn btn-primary" onClick={() => void load()}>
              {t('shell.retry')}
            </button>
          )}
          <a className="btn btn-link" href={homeHref}>
            {t('nav.home')}
          </a>
        </div>
      )}
      {ready && (
        <MemberContext.Provider value={context}>
          <div className="member-body">
            <aside id="member-side" className={`member-side${menuOpen ? ' open' : ''}`} aria-label={t('shell.sideMenu')}>
              <button type="button" ref={closeRef} className="btn-close d-lg-none float-end" aria-label={t('shell.closeMenu')} onClick={() => setMenuOpen(false)} />
              <div className="member-card">
                <img className="member-avatar" src={avatarSrc} alt={t('shell.avatarOf', { name: user!.nickname })} width={72} height={72} />
                <div className="fw-semibold text-truncate mt-2" data-member-nickname="">
                  {user!.nickname}
                </div>
                <div className="small text-body-secondary">{t(`common:greeting.${greetingKey(new Date().getHours())}`)}</div>
              </div>
              <nav aria-label={t('shell.sideMenu')}>
                <SideMenu items={table.menu} current={location?.pathname ?? ''} lang={lang} t={t} inbox={inbox} unread={unread} />
              </nav>
            </aside>
            {menuOpen && <div className="member-backdrop d-lg-none" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
            <section className="member-content" aria-labelledby="member-title">
              <h1 id="member-title" className="h4 mb-3" tabIndex={-1} ref={headingRef}>
                {title}
              </h1>
              <ViewContent view={view} title={title} homeHref={homeHref} t={t} />
            </section>
          </div>
        </MemberContext.Provider>
      )}
    </div>
  );
}
