import type { MouseEvent, ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import type { AdminInfo } from '../../shared/account.ts';
import { LANGS, htmlLang, type Lang } from '../../shared/i18n/langs.ts';

export type CacheKind = 'server' | 'browser' | 'all';
const CACHE_KINDS: readonly CacheKind[] = ['server', 'browser', 'all'];

export interface HeaderToolsProps {
  /** Opens the screen search (also on `/` and Ctrl+K): the button is for mouse and touch. */
  onSearch(): void;
  lang: Lang;
  /** The same page in another language (the server remembers the choice). */
  langHref(lang: Lang): string;
  adminInfo: AdminInfo;
  avatarSrc: string;
  onClearCache(kind: CacheKind): void;
  /** Super admins only: the terminal runs server commands. */
  terminal: { dot: boolean; onToggle(): void } | null;
  onSettings(): void;
  /** The profile page, when the admin may open it. */
  profileHref: string | null;
  onProfile(event: MouseEvent<HTMLElement>): void;
  onLogout(): void;
  loggingOut: boolean;
}

/** A tool that opens a menu: an icon button, named by its tooltip and for screen readers. */
function IconMenu({ label, icon, marker, children }: { label: string; icon: string; marker: Record<`data-${string}`, string>; children: ReactNode }) {
  return (
    <Dropdown align="end">
      <Dropdown.Toggle as="button" type="button" className="admin-icon-button" aria-label={label} title={label} {...marker}>
        <i className={`bi ${icon}`} aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu>{children}</Dropdown.Menu>
    </Dropdown>
  );
}

/** The tools at the right of the top bar: screen search, language, cache, terminal, layout settings and the admin's menu. */
export function HeaderTools(props: HeaderToolsProps) {
  const { t } = useTranslation('admin');
  const { lang, adminInfo, terminal } = props;
  return (
    <div className="admin-tools">
      <button type="button" className="admin-icon-button" onClick={props.onSearch} aria-label={t('menuSearch.open')} title={t('menuSearch.open')} aria-keyshortcuts="/ Control+K" data-menu-search-open="">
        <i className="bi bi-search" aria-hidden="true" />
      </button>
      <IconMenu label={t('header.language')} icon="bi-translate" marker={{ 'data-lang-switch': '' }}>
        {LANGS.map((l) => (
          <Dropdown.Item
            key={l}
            href={props.langHref(l)}
            active={l === lang}
            aria-current={l === lang ? 'true' : undefined}
            lang={htmlLang(l)}
            data-lang={l}
            // A full page load in the other language (the shell would otherwise keep it as an in-app link).
            onClick={(e: MouseEvent<HTMLElement>) => {
              e.preventDefault();
              window.location.assign(props.langHref(l));
            }}
          >
            {t(`header.languages.${l}`)}
          </Dropdown.Item>
        ))}
      </IconMenu>
      <IconMenu label={t('header.clearCache')} icon="bi-eraser" marker={{ 'data-clear-cache': '' }}>
        {CACHE_KINDS.map((kind) => (
          <Dropdown.Item as="button" key={kind} onClick={() => props.onClearCache(kind)} data-cache={kind}>
            {t(`header.cache.${kind}`)}
          </Dropdown.Item>
        ))}
      </IconMenu>
      {terminal && (
        <button type="button" className="admin-icon-button position-relative" onClick={terminal.onToggle} aria-label={t('header.terminal')} title={t('header.terminal')} data-terminal-toggle="">
          <i className="bi bi-terminal" aria-hidden="true" />
          {terminal.dot && (
            <span className="admin-dot" data-terminal-dot="">
              <span className="visually-hidden">{t('header.terminalNews')}</span>
            </span>
          )}
        </button>
      )}
      <button type="button" className="admin-icon-button" onClick={props.onSettings} aria-label={t('header.layout')} title={t('header.layout')} data-open-layout="">
        <i className="bi bi-palette" aria-hidden="true" />
      </button>
      <Dropdown align="end">
        <Dropdown.Toggle as="button" type="button" className="admin-user-button" data-admin-menu="">
          <img className="admin-avatar" src={props.avatarSrc} alt="" width={28} height={28} />
          <span className="admin-user-name" data-admin-nickname="">
            {adminInfo.nickname}
          </span>
          <span className="visually-hidden">{t('header.accountMenu')}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu className="admin-user-menu">
          <Dropdown.Header>
            <div className="fw-semibold text-body">{adminInfo.nickname}</div>
            <div className="small">{adminInfo.username}</div>
            {adminInfo.last_login_time && <div className="small">{t('header.lastLogin', { time: adminInfo.last_login_time })}</div>}
          </Dropdown.Header>
          {props.profileHref && (
            <Dropdown.Item href={props.profileHref} onClick={props.onProfile} data-profile="">
              <i className="bi bi-person-circle me-2" aria-hidden="true" />
              {t('header.profile')}
            </Dropdown.Item>
          )}
          <Dropdown.Item as="button" onClick={props.onLogout} disabled={props.loggingOut} data-logout="">
            <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
            {t('header.logout')}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}
