import type { Context } from 'koa';
import { ApiCode, NEED_LOGIN } from '../../shared/api/envelope.ts';
import type { ApiRequest, ApiRoute } from '../../api/types.ts';
import { routeRuleName } from '../../api/types.ts';
import type { AuthService, Session } from '../services/auth.ts';
import { ApiError } from './envelope.ts';

function firstString(...values: unknown[]): string {
  for (const v of values) if (typeof v === 'string' && v.trim()) return v.trim();
  return '';
}

/** Tokens where the reference reads them: its headers first, then query or body parameters. */
export function presentedTokens(ctx: Context, input: Record<string, unknown>): { user: string; admin: string } {
  return {
    user: firstString(ctx.get('ba-user-token'), ctx.get('bausertoken'), input['ba-user-token'], input.ba_user_token, input.bausertoken),
    admin: firstString(ctx.get('batoken'), ctx.get('ba-token'), input.batoken, input['ba-token'], input.ba_token),
  };
}

const needLogin = () => new ApiError('pleaseLoginFirst', ApiCode.loginState, { type: NEED_LOGIN });
const expired = () => new ApiError('tokenExpired', ApiCode.tokenExpired, []);
const forbidden = () => new ApiError('noPermission', ApiCode.noPermission, []);

function require<T>(session: Session<T>): T {
  if (session.status === 'expired') throw expired();
  if (session.status === 'guest') throw needLogin();
  return session.account;
}

/**
 * Resolves the caller and enforces the route's auth level before the handler runs (reference 1.3 / 2.4):
 * an expired token on a protected route is 409, no login 303 `need login`, a missing rule 401.
 */
export async function authorize(route: ApiRoute, req: ApiRequest, auth: AuthService): Promise<void> {
  const ip = req.ctx.ip;
  const [userSession, adminSession] = await Promise.all([
    auth.resolve('user', req.tokens.user, ip),
    auth.resolve('admin', req.tokens.admin, ip),
  ]);
  req.user = userSession.status === 'ok' ? userSession.account : null;
  req.admin = adminSession.status === 'ok' ? adminSession.account : null;
  switch (route.auth) {
    case 'none':
      return;
    case 'user':
      require(userSession);
      return;
    case 'userRule': {
      const user = require(userSession);
      if (!auth.can(await auth.userPermissions(user), routeRuleName(route))) throw forbidden();
      return;
    }
    case 'admin':
    case 'adminRule':
    case 'superAdmin': {
      const admin = require(adminSession);
      req.adminPermissions = await auth.adminPermissions(admin.id);
      if (route.auth === 'superAdmin' && !req.adminPermissions.super) throw forbidden();
      if (route.auth === 'adminRule' && !auth.can(req.adminPermissions, routeRuleName(route))) throw forbidden();
      return;
    }
  }
}
