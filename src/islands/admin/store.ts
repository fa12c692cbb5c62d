/**
 * What the admin keeps in this browser: the login (`adminInfo`, tokens included: the request client reads
 * them there) and the shell's own settings (`config`, `tabView`, `terminal`).
 */
import type { AdminLoginInfo } from '../../shared/account.ts';
import { STORAGE_KEYS } from '../../shared/constants/storage.ts';

/** The stored login, or null when there is none (or it is unreadable). */
export function readAdminLogin(): Partial<AdminLoginInfo> | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.adminInfo);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Partial<AdminLoginInfo>) : null;
  } catch {
    return null;
  }
}

/** A login's answer replaces whatever was stored, tokens included. */
export function storeAdminLogin(info: AdminLoginInfo): void {
  window.localStorage.setItem(STORAGE_KEYS.adminInfo, JSON.stringify(info));
}

export function clearAdminLogin(): void {
  window.localStorage.removeItem(STORAGE_KEYS.adminInfo);
}

/** Keys the "clear browser cache" action empties: everything of ours except the admin and member logins. */
export const CLEARABLE_KEYS: readonly string[] = Object.values(STORAGE_KEYS).filter((k) => k !== STORAGE_KEYS.adminInfo && k !== STORAGE_KEYS.userInfo);

export function clearBrowserStorage(storage: Pick<Storage, 'removeItem'>): void {
  for (const key of CLEARABLE_KEYS) storage.removeItem(key);
}

/** Reads one of the shell's keys; null when storage is unavailable (private mode quotas, disabled). */
export function readKey(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // A full or disabled storage only costs the setting its persistence.
  }
}
