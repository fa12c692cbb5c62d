import type { UserInfo } from '../../shared/account.ts';
import { STORAGE_KEYS } from '../../shared/constants/storage.ts';

/** The member info kept in localStorage (`userInfo`), tokens included: the request client reads them there. */

export function readUserInfo(): Partial<UserInfo> | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.userInfo);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Partial<UserInfo>) : null;
  } catch {
    return null;
  }
}

/**
 * Stores fresh member info. Answers other than the login carry empty tokens (reference 7), and the request
 * client may have refreshed the access token meanwhile, so the stored tokens are kept unless `info` brings new ones.
 */
export function storeUserInfo(info: UserInfo): UserInfo {
  const stored = readUserInfo();
  const merged: UserInfo = {
    ...info,
    token: info.token || stored?.token || '',
    refresh_token: info.refresh_token || stored?.refresh_token || '',
  };
  window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(merged));
  return merged;
}

/** A login's answer replaces whatever was stored, tokens included. */
export function storeLogin(info: UserInfo): void {
  window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
}

/** Forgets the member on this browser (logout, password changed). */
export function clearUserInfo(): void {
  window.localStorage.removeItem(STORAGE_KEYS.userInfo);
}
