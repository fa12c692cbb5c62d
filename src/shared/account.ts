/** What a list may show of an account, an admin's or a member's: never its hash, salt, contact data or login traces. */
export interface AccountLabel {
  id: number;
  username: string;
  nickname: string;
}

/** `userInfo` of the member API (reference 3.7): what the member centre stores and shows. */
export interface UserInfo extends AccountLabel {
  email: string;
  mobile: string;
  /** Relative URL; the default avatar when the member has none. */
  avatar: string;
  gender: number;
  birthday: string | null;
  /** Yuan, two decimals, e.g. "12.50". */
  money: string;
  score: number;
  join_time: number | null;
  /** The login before this session's (the member sees when they were here last). */
  last_login_time: number | null;
  last_login_ip: string;
  motto: string;
  token: string;
  refresh_token: string;
}

/** `info` of GET /admin/routine.AdminInfo/index: the admin's own profile. */
export interface AdminProfile extends AccountLabel {
  /** Relative URL; the default avatar when the admin has none. */
  avatar: string;
  email: string;
  mobile: string;
  motto: string;
  /** The login before the current one, in the site's time zone ('' on a first login). */
  last_login_time: string;
}

/** What the login answer and the index call tell of the admin. */
export type AdminSummary = Pick<AdminProfile, 'id' | 'username' | 'nickname' | 'avatar' | 'last_login_time'>;

/** `userInfo` of an admin login answer (reference 1.2). */
export interface AdminLoginInfo extends AdminSummary {
  token: string;
  refresh_token: string;
}

/** `adminInfo` of GET /admin/index/index. */
export interface AdminInfo extends AdminSummary {
  super: boolean;
}

/** A node of the menu/rule trees sent to the admin and member apps. */
export interface MenuNode {
  id: number;
  pid: number;
  type: string;
  /** In the reader's language in the menus of the index calls; as stored (Chinese) in rule lists. */
  title: string;
  /** The English title as stored; empty when there is none (an English reader then gets the Chinese). */
  title_en: string;
  /** In the menus of the index calls: the title as stored (Chinese), whatever the reader's language. */
  title_zh?: string;
  name: string;
  path: string;
  icon: string;
  menu_type: string;
  url: string;
  component: string;
  /** Admin rules: the route name when the page is kept alive, else 0. */
  keepalive?: string | number;
  /** Member rules: 1 when guests get the rule too. */
  no_login_valid?: number;
  extend: string;
  children?: MenuNode[];
}

/**
 * A row of the admin or member rule list (GET auth.Rule/index, user.Rule/index) as the table holds it: a
 * menu node with its remark, order and state, and the flag of its side.
 */
export interface RuleListRow extends Omit<MenuNode, 'keepalive' | 'children'> {
  remark: string;
  weigh: number;
  /** '1' enabled, '0' disabled. */
  status: string;
  /** Admin rules: 1 when the page is kept alive. */
  keepalive?: number;
  /** Member rules: 1 when guests get the rule too. */
  no_login_valid?: number;
}

/** Cents (integer) to the API's yuan string. */
export function centsToYuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The API's yuan amount (string or number) to cents; null when it is not a valid amount. */
export function yuanToCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
