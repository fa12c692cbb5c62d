import type { Context } from 'koa';
import type { AdminRow, UserRow } from '../server/services/accounts.ts';
import type { Permissions, Relation } from '../server/services/auth.ts';
import type { RateLimit } from '../server/services/rateLimit.ts';
import { Refusal } from '../server/errors.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call a route:
 * - none: anyone (tokens are still read; a bad or expired one just means guest);
 * - user / admin: a logged-in member / admin (expired token → 409, none → 303 need login);
 * - userRule / adminRule: logged in and holding the rule named after the route (else 401);
 * - superAdmin: an admin whose groups grant `*`.
 */
export type AuthLevel = 'none' | 'user' | 'userRule' | 'admin' | 'adminRule' | 'superAdmin';

export interface ApiRequest {
  ctx: Context;
  /** Query, form, multipart fields and JSON body merged (reference section 0); the body wins on conflicts. */
  input: Record<string, unknown>;
  /** The member of a valid member token, on any route. */
  user: UserRow | null;
  /** The admin of a valid admin token, on any route. */
  admin: AdminRow | null;
  /** Tokens as presented (possibly expired or unknown), for logout and refresh. */
  tokens: { user: string; admin: string };
  /** The admin's permissions, resolved on admin routes. */
  adminPermissions: Permissions | null;
  /**
   * The admin a request turned out to concern before anyone was logged in (a login names its account):
   * set by the handler as soon as it knows, so the admin log carries that admin's id, failed attempts too.
   */
  actor: { id: number; username: string } | null;
}

export type Handler = (req: ApiRequest) => Promise<unknown> | unknown;

export interface ApiRoute {
  methods: readonly Method[];
  /** Internal path, `/api/<controller>/<action>` or `/admin/<controller>/<action>`; matched case-insensitively. */
  path: string;
  auth: AuthLevel;
  /**
   * Permission name when it differs from the route's own (`controller/action`, dots as slashes). Several
   * names, comma separated, pass with any one of them, or only all together with `ruleRelation: 'and'`
   * (reference admin-api 1.4).
   */
  rule?: string;
  ruleRelation?: Relation;
  /** Per-IP brake (login, captcha, code sending). */
  rateLimit?: RateLimit;
  /** Admin log title when the menu rules do not name this action: a key of system-names:logTitles ('Login'). */
  logTitle?: string;
  /** Input names whose values are secrets beyond those the resources and config declare (a login's password). */
  secretInputs?: readonly string[];
  /** The handler parses the request body itself (multipart uploads, after authorisation). */
  rawBody?: boolean;
  /**
   * The token may also come in the query string (`batoken=`, `ba-user-token=`): only for URLs a browser
   * loads without our headers, an `<img src>` or an EventSource. Every other route reads headers only.
   */
  queryToken?: boolean;
  /** A one-time `ticket` parameter may stand in for the admin token (an EventSource cannot send headers). */
  ticket?: boolean;
  /** Answers a refused call in the route's own format (an event stream) instead of the envelope. */
  refuse?(req: ApiRequest, error: Refusal): void;
  handler: Handler;
}

/** `/admin/auth.Admin/index` → `auth/admin/index`; `/api/account/changePassword` → `account/changepassword`. */
export function routeRuleName(route: Pick<ApiRoute, 'path' | 'rule'>): string {
  if (route.rule) return route.rule.toLowerCase();
  return route.path
    .replace(/^\/(api|admin)\//i, '')
    .replace(/\./g, '/')
    .toLowerCase();
}
