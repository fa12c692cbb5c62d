import { createContext, useContext } from 'react';
import type { AdminInfo, MenuNode } from '../../shared/account.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import type { RequestFn } from '../../shared/request/client.ts';
import type { SiteState, UploadSettings } from '../../shared/site.ts';
import type { NodeQuery } from '../app/permissions.ts';

/** `siteConfig` of GET /admin/index/index. */
export interface SiteConfig extends SiteState {
  siteName: string;
  version: string;
  cdnUrl: string;
  /** The site's time zone: every date on every screen is shown in it. */
  timeZone: string;
  upload: UploadSettings;
}

/** What the admin shell gives every screen (the contract between the shell and the screens). */
export interface AdminApi {
  request: RequestFn;
  lang: Lang;
  /** ADMIN_BASE, e.g. '/admin': page paths start with it. */
  adminBase: string;
  adminInfo: AdminInfo;
  siteConfig: SiteConfig;
  /**
   * Permission nodes: a string is relative to the current screen ('add' → `<screen path>/add`) unless it
   * starts with '/'; `{name, node}` names another page.
   */
  auth(node: NodeQuery): boolean;
  /** Opens a page of the admin (in a tab when it is a menu page). */
  navigate(path: string): void;
  /** Fetches /admin/index/index again (after the menu rules, the admin's groups or profile changed). */
  reload(): Promise<void>;
  /**
   * Registers a check run before the admin leaves this screen inside the app (menu, tabs, `navigate`) or
   * closes its tab: returning false keeps them here, with the 'navigation guard intercepted' message. For
   * unsaved forms. Returns the removal; call it when the screen unmounts.
   */
  addLeaveGuard(check: () => boolean): () => void;
}

/** Props of every admin screen: the menu rule it was opened for, and the screen name its view path gives. */
export interface ScreenProps {
  route: MenuNode;
  /** 'content/news' for the component '/src/views/backend/content/news/index.vue' (src/shared/views.ts). */
  screen: string;
}

export const AdminContext = createContext<AdminApi | null>(null);

export function useAdmin(): AdminApi {
  const api = useContext(AdminContext);
  if (!api) throw new Error('useAdmin() outside the admin shell');
  return api;
}
