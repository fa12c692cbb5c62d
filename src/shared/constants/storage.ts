/** localStorage keys (spec section 9: admin info, member info, config, tab view, terminal). */
export const STORAGE_KEYS = {
  adminInfo: 'adminInfo',
  userInfo: 'userInfo',
  config: 'config',
  tabView: 'tabView',
  terminal: 'terminal',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
