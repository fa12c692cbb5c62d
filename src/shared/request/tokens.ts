import { STORAGE_KEYS } from '../constants/storage.ts';

/** Access and refresh tokens kept inside the stored admin / member info objects (spec sections 4 and 6). */

/** Storage key of the admin info object. */
export const ADMIN_INFO = STORAGE_KEYS.adminInfo;
/** Storage key of the member info object. */
export const USER_INFO = STORAGE_KEYS.userInfo;

/** The subset of the Web Storage API the client needs; `localStorage` in the browser, a map in tests and SSR. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type TokenSide = 'admin' | 'user';
/** `access` is the `token` field, `refresh` the `refresh_token` field. */
export type TokenKind = 'access' | 'refresh';

export interface TokenStore {
  /** The stored token, '' when there is none. */
  get(side: TokenSide, kind: TokenKind): string;
  set(side: TokenSide, kind: TokenKind, value: string): void;
  /** Empties one token, or both when no kind is given. */
  clear(side: TokenSide, kind?: TokenKind): void;
}

const STORAGE_KEY: Record<TokenSide, string> = { admin: ADMIN_INFO, user: USER_INFO };
const FIELD: Record<TokenKind, 'token' | 'refresh_token'> = { access: 'token', refresh: 'refresh_token' };

function readInfo(storage: KeyValueStorage, side: TokenSide): Record<string, unknown> | null {
  const raw = storage.getItem(STORAGE_KEY[side]);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    // A corrupt entry must not break every request; it is replaced on the next write.
    return null;
  }
}

export function createTokenStore(storage: KeyValueStorage): TokenStore {
  function write(side: TokenSide, fields: Partial<Record<'token' | 'refresh_token', string>>): void {
    const info = readInfo(storage, side) ?? {};
    storage.setItem(STORAGE_KEY[side], JSON.stringify({ ...info, ...fields }));
  }

  return {
    get(side, kind) {
      const value = readInfo(storage, side)?.[FIELD[kind]];
      return typeof value === 'string' ? value : '';
    },
    set(side, kind, value) {
      write(side, { [FIELD[kind]]: value });
    },
    clear(side, kind) {
      // Nothing stored means nothing to clear; do not create an empty info object.
      if (readInfo(storage, side) === null) return;
      write(side, kind ? { [FIELD[kind]]: '' } : { token: '', refresh_token: '' });
    },
  };
}

/** Whether a token of that side is stored at all (it may still have expired: the server has the last word). */
export function hasStoredLogin(storage: KeyValueStorage, side: TokenSide): boolean {
  const tokens = createTokenStore(storage);
  return tokens.get(side, 'access') !== '' || tokens.get(side, 'refresh') !== '';
}
