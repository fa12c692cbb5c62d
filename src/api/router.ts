import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody, type KoaBodyMiddlewareOptions } from 'koa-body';
import qs from 'qs';
import { routeRuleName, type ApiRequest, type ApiRoute, type Method } from './types.ts';
import { ApiError, sendEnvelope, sendOk } from '../server/middleware/envelope.ts';
import { authorize, presentedTokens } from '../server/middleware/auth.ts';
import { RateLimiter } from '../server/middleware/rateLimit.ts';
import type { Services } from '../server/services/index.ts';

const QS_OPTIONS = { depth: 5, arrayLimit: 200, parameterLimit: 2000 } as const;

/** All routes of the JSON API, looked up case-insensitively by path (the reference's controller segment is). */
export class ApiRegistry {
  private readonly byPath = new Map<string, Map<Method, ApiRoute>>();

  add(...routes: ApiRoute[]): void {
    for (const route of routes) {
      const key = route.path.toLowerCase();
      const methods = this.byPath.get(key) ?? new Map<Method, ApiRoute>();
      for (const m of route.methods) {
        if (methods.has(m)) throw new Error(`API route registered twice: ${m} ${route.path}`);
        methods.set(m, route);
      }
      this.byPath.set(key, methods);
    }
  }

  find(path: string): Map<Method, ApiRoute> | undefined {
    return this.byPath.get(path.toLowerCase().replace(/\/+$/, ''));
  }

  all(): ApiRoute[] {
    return [...new Set([...this.byPath.values()].flatMap((m) => [...m.values()]))];
  }
}

export const BODY_OPTIONS = {
  json: true,
  urlencoded: true,
  text: false,
  multipart: false,
  jsonLimit: '1mb',
  formLimit: '1mb',
  parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  queryString: QS_OPTIONS,
} satisfies Partial<KoaBodyMiddlewareOptions>;
const parseBody = koaBody(BODY_OPTIONS);

/** Dispatches API requests (ctx.state.kind === 'api') to their route; anything else goes on to the pages. */
export function apiRouter(registry: ApiRegistry, services: Services): Middleware {
  const limiter = new RateLimiter(services.config.rateLimitFactor);
  return async (ctx, next) => {
    if (ctx.state.kind !== 'api') return next();
    const methods = registry.find(ctx.path);
    if (!methods) {
      sendEnvelope(ctx, 0, ctx.state.t('interfaceNotFound', { path: ctx.path }), null, 404);
      return;
    }
    const method = (ctx.method === 'HEAD' ? 'GET' : ctx.method) as Method;
    const route = methods.get(method);
    if (!route) throw new ApiError('methodNotAllowed', 0, null, { method: ctx.method });
    if (route.rateLimit) limiter.hit(ctx, `${method} ${route.path}`, route.rateLimit);
    // Routes that read their own body (uploads) are authorised before a single byte of it is read.
    const query = qs.parse(ctx.querystring, QS_OPTIONS) as Record<string, unknown>;
    const req: ApiRequest = { ctx, input: query, user: null, admin: null, tokens: presentedTokens(ctx, query), adminPermissions: null };
    try {
      if (!route.rawBody) await parseBody(ctx, async () => {});
      const body = ctx.request.body;
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        req.input = { ...query, ...(body as Record<string, unknown>) };
        req.tokens = presentedTokens(ctx, req.input);
      }
      await authorize(route, req, services.auth);
      const result = await route.handler(req);
      if (ctx.body === undefined || ctx.body === null) sendOk(ctx, result);
    } finally {
      if (route.path.startsWith('/admin/') && services.adminLog.shouldLog(method, routeRuleName(route))) {
        const username = req.admin?.username ?? (typeof req.input.username === 'string' ? req.input.username : '');
        await services.adminLog
          .write(ctx, routeRuleName(route), { adminId: req.admin?.id ?? 0, username, title: route.logTitle, input: req.input })
          .catch((err: unknown) => services.log.error({ err }, 'admin log write failed'));
      }
    }
  };
}
