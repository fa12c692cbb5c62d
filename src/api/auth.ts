import type { Context } from 'koa';
import { ADMIN_TOKEN_NAMES, USER_TOKEN_NAMES } from '../shared/api/credentials.ts';
import { ApiCode, NEED_LOGIN } from '../shared/api/envelope.ts';
import type { ApiRequest, ApiRoute } from './types.ts';
import { routeRuleName } from './types.ts';
import type { AuthService, CheckOptions, Session } from '../server/services/auth.ts';
import type { AdminRow, UserRow } from '../server/services/accounts.ts';
import { Refusal } from '../server/errors.ts';

function firstString(...values: unknown[]): string {
  for (const v of values) if (typeof v === 'string' && v.trim()) return v.trim();
  return '';
}

/**
 * Tokens from the reference's headers. A route that declares `queryToken` (an `<img>` or EventSource URL,
 * which cannot carry headers) also takes them from its query string; nowhere else is a token read from the
 * URL, where it would end up in histories, proxies and logs.
 */
export function presentedTokens(ctx: Context, query: Record<string, unknown> | null): { user: string; admin: string } {
  const q = query ?? {};
  const from = (names: readonly string[]) => firstString(...names.map((n) => ctx.get(n)), ...names.map((n) => q[n]));
  return { user: from(USER_TOKEN_NAMES), admin: from(ADMIN_TOKEN_NAMES) };
}

const needLogin = () => new Refusal('pleaseLoginFirst', ApiCode.loginState, { type: NEED_LOGIN });
const expired = () => new Refusal('tokenExpired', ApiCode.tokenExpired, []);
const forbidden = () => new Refusal('noPermission', ApiCode.noPermission, []);

function require<T>(session: Session<T>): T {
  if (session.status === 'expired') throw expired();
  if (session.status === 'guest') throw needLogin();
  return session.account;
}

/**
 * Resolves the member and admin of the presented tokens (either may be a guest) for any route. On a route
 * that takes a one-time `ticket`, a presented ticket stands for the admin (and is spent).
 */
export async function resolveCaller(route: Pick<ApiRoute, 'ticket'>, req: ApiRequest, auth: AuthService): Promise<{ user: Session<UserRow>; admin: Session<AdminRow> }> {
  const ip = req.ctx.ip;
  const ticket = route.ticket && typeof req.input.ticket === 'string' ? req.input.ticket : '';
  const [user, admin] = await Promise.all([auth.resolve('user', req.tokens.user, ip), ticket ? auth.redeemTicket(ticket, ip) : auth.resolve('admin', req.tokens.admin, ip)]);
  req.user = user.status === 'ok' ? user.account : null;
  req.admin = admin.status === 'ok' ? admin.account : null;
  return { user, admin };
}

/** The route's names combine as it says; rules with conditions (`name?k=v`) are met by the request's parameters. */
function ruleCheck(route: ApiRoute, req: ApiRequest): CheckOptions {
  return { relation: route.ruleRelation ?? 'or', params: req.input };
}

/**
 * Enforces the route's auth level before the handler runs (reference 1.3 / 2.4): an expired token on a
 * protected route is 409, no login 303 `need login`, a missing rule 401.
 */
export async function authorize(route: ApiRoute, req: ApiRequest, auth: AuthService, caller: { user: Session<UserRow>; admin: Session<AdminRow> }): Promise<void> {
  switch (route.auth) {
    case 'none':
      return;
    case 'user':
      require(caller.user);
      return;
    case 'userRule': {
      const user = require(caller.user);
      if (!auth.can(await auth.userPermissions(user), routeRuleName(route), ruleCheck(route, req))) throw forbidden();
      return;
    }
    case 'admin':
    case 'adminRule':
    case 'superAdmin': {
      const admin = require(caller.admin);
      req.adminPermissions = await auth.adminPermissions(admin.id);
      if (route.auth === 'superAdmin' && !req.adminPermissions.super) throw forbidden();
      if (route.auth === 'adminRule' && !auth.can(req.adminPermissions, routeRuleName(route), ruleCheck(route, req))) throw forbidden();
      return;
    }
  }
}
