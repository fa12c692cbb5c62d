import { createContext, useContext } from 'react';
import type { UserInfo } from '../../shared/account.ts';
import type { SiteInfo } from '../../shared/site.ts';
import type { AppLocation } from '../app/paths.ts';
import type { AppRoute } from '../app/routes.ts';

/** What every member-centre screen may use. */
export interface MemberContextValue {
  user: UserInfo;
  site: SiteInfo;
  /** Stores fresh member info (after a profile or binding change) and shows it everywhere. */
  updateUser(info: UserInfo): void;
  navigate(href: string): void;
  /** The inbox reports its unread count, which the menu and the header show. */
  setUnread(n: number): void;
}

export const MemberContext = createContext<MemberContextValue | null>(null);

export function useMember(): MemberContextValue {
  const value = useContext(MemberContext);
  if (!value) throw new Error('useMember outside the member app');
  return value;
}

/** Props of a screen: the route it was opened for and the location (for `?page=` and the like). */
export interface ScreenProps {
  route: AppRoute;
  location: AppLocation;
}
