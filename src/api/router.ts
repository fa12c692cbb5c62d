import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody, type KoaBodyMiddlewareOptions } from 'koa-body';
import qs from 'qs';
import type { ApiRequest, ApiRoute, Method } from './types.ts';
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
  const limiter = new RateLimiter();
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
    if (!route.rawBody) await parseBody(ctx, async () => {});
    const query = qs.parse(ctx.querystring, QS_OPTIONS) as Record<string, unknown>;
    const body = ctx.request.body;
    const input = { ...query, ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}) };
    const req: ApiRequest = { ctx, input, user: null, admin: null, tokens: presentedTokens(ctx, input), adminPermissions: null };
    await authorize(route, req, services.auth);
    const result = await route.handler(req);
    if (ctx.body === undefined || ctx.body === null) sendOk(ctx, result);
  };
}
