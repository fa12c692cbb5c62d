import type { Context, Middleware } from 'koa';
import type { KoaBodyMiddlewareOptions } from 'koa-body';
import qs from 'qs';
import { routeRuleName, type ApiRequest, type ApiRoute, type Method } from './types.ts';
import { sendEnvelope, sendOk } from '../server/envelope.ts';
import { authorize, presentedTokens, resolveCaller } from './auth.ts';
import { checkInput } from './inputLimits.ts';
import { RateLimiter } from '../server/services/rateLimit.ts';
import type { Services } from '../server/services/index.ts';
import { declaredSecretNames } from '../server/services/declaredSecrets.ts';
import { Refusal, ClientError, Success, asClientError } from '../server/errors.ts';

const QS_OPTIONS = { depth: 5, arrayLimit: 200, parameterLimit: 2000 } as const;

/**
 * All routes of the JSON API, looked up case-insensitively by path (the reference's controller segment is).
 * Routes added at start stay; a group (the routes of one generated resource) can be replaced or removed
 * while the process runs.
 */
export class ApiRegistry {
  private readonly byPath = new Map<string, Map<Method, ApiRoute>>();
  private readonly groups = new Map<string, ApiRoute[]>();
  private readonly groupOfRoute = new Map<ApiRoute, string>();

  add(...routes: ApiRoute[]): void {
    const added: ApiRoute[] = [];
    try {
      for (const route of routes) {
        const key = route.path.toLowerCase();
        const methods = this.byPath.get(key) ?? new Map<Method, ApiRoute>();
        for (const m of route.methods) {
          if (methods.has(m)) throw new Error(`API route registered twice: ${m} ${route.path}`);
        }
        for (const m of route.methods) methods.set(m, route);
        this.byPath.set(key, methods);
        added.push(route);
      }
    } catch (err) {
      this.drop(added);
      throw err;
    }
  }

  private drop(routes: readonly ApiRoute[]): void {
    for (const route of routes) {
      const key = route.path.toLowerCase();
      const methods = this.byPath.get(key);
      if (!methods) continue;
      for (const m of route.methods) if (methods.get(m) === route) methods.delete(m);
      if (methods.size === 0) this.byPath.delete(key);
      this.groupOfRoute.delete(route);
    }
  }

  /** Replaces the routes of a group; on a clash with another route nothing changes and it throws. */
  setGroup(group: string, routes: ApiRoute[]): void {
    const previous = this.groups.get(group) ?? [];
    this.drop(previous);
    try {
      this.add(...routes);
    } catch (err) {
      this.add(...previous);
      for (const r of previous) this.groupOfRoute.set(r, group);
      throw err;
    }
    this.groups.set(group, routes);
    for (const r of routes) this.groupOfRoute.set(r, group);
  }

  removeGroup(group: string): void {
    this.drop(this.groups.get(group) ?? []);
    this.groups.delete(group);
  }

  groupNames(): string[] {
    return [...this.groups.keys()];
  }

  find(path: string): Map<Method, ApiRoute> | undefined {
    return this.byPath.get(path.toLowerCase().replace(/\/+$/, ''));
  }

  /** The group a path's routes belong to: undefined for the routes added at start, null for no route. */
  ownerOf(path: string): string | undefined | null {
    const methods = this.find(path);
    if (!methods) return null;
    const [route] = methods.values();
    return route ? this.groupOfRoute.get(route) : null;
  }

  all(): ApiRoute[] {
    return [...new Set([...this.byPath.values()].flatMap((m) => [...m.values()]))];
  }
}

/** The methods whose requests may carry a body to parse. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

const BODY_OPTIONS = {
  json: true,
  urlencoded: true,
  text: false,
  multipart: false,
  jsonLimit: '1mb',
  formLimit: '1mb',
  queryString: QS_OPTIONS,
} satisfies Partial<KoaBodyMiddlewareOptions>;

let parser: Promise<Middleware> | undefined;

/**
 * koa-body's parser, made on the first request with a body: koa-body checks its options with zod, which a
 * start would otherwise load for that alone (scripts/bundle.ts DEFERRED_PACKAGES).
 */
function bodyParser(): Promise<Middleware> {
  parser ??= import('koa-body').then(({ koaBody, HttpMethodEnum }) => koaBody({ ...BODY_OPTIONS, parsedMethods: BODY_METHODS.map((m) => HttpMethodEnum[m]) }));
  return parser;
}

/** Query and body of a request, parsed within INPUT_LIMITS; the body wins on conflicts (reference section 0). */
async function readInput(ctx: Context, route: ApiRoute, req: ApiRequest): Promise<Record<string, unknown>> {
  let query: Record<string, unknown>;
  try {
    query = qs.parse(ctx.querystring, QS_OPTIONS) as Record<string, unknown>;
  } catch (err) {
    throw asClientError(err) ?? new ClientError(400, 'api:invalidBody');
  }
  checkInput(query);
  req.input = query;
  if (route.queryToken) req.tokens = presentedTokens(ctx, query);
  if (route.rawBody) return query;
  if ((BODY_METHODS as readonly string[]).includes(ctx.method)) {
    const parse = await bodyParser();
    try {
      await parse(ctx, async () => {});
    } catch (err) {
      // Whatever stops a body from parsing (bad JSON, a "gzip" body that is not gzip) is in the body.
      throw asClientError(err) ?? new ClientError(400, 'api:invalidBody');
    }
  }
  const body: unknown = ctx.request.body;
  checkInput(body);
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...query, ...(body as Record<string, unknown>) } : query;
}

/**
 * Dispatches API requests (ctx.state.kind === 'api') to their route; anything else goes on to the pages.
 * A POST or DELETE to the admin API is written to the admin log before its handler runs, refused ones too:
 * when that write fails the action does not happen, so nothing an admin does goes unlogged.
 */
export function apiRouter(registry: ApiRegistry, services: Services): Middleware {
  const limiter = new RateLimiter(services.knex, services.config.rateLimitFactor);
  return async (ctx, next) => {
    if (ctx.state.kind !== 'api') return next();
    // Generated resources come and go at run time: an admin call first makes sure this process has the
    // current set (a look at the database at most once a second, see ResourceRegistry).
    if (ctx.path.toLowerCase().startsWith('/admin/')) await services.resources.sync();
    const methods = registry.find(ctx.path);
    if (!methods) {
      sendEnvelope(ctx, 0, ctx.state.t('interfaceNotFound', { path: ctx.path }), null, 404);
      return;
    }
    const method = (ctx.method === 'HEAD' ? 'GET' : ctx.method) as Method;
    const route = methods.get(method);
    if (!route) throw new Refusal('methodNotAllowed', 0, null, { method: ctx.method });
    if (route.rateLimit) {
      const retry = await limiter.hit(ctx.ip, `${method} ${route.path}`, route.rateLimit);
      if (retry !== null) {
        ctx.set('Retry-After', String(retry));
        throw new Refusal('tooManyRequests', 0, null, { seconds: retry });
      }
    }
    const req: ApiRequest = { ctx, input: {}, user: null, admin: null, tokens: presentedTokens(ctx, null), adminPermissions: null, actor: null };
    // Routes that read their own body (uploads) are authorised before a single byte of it is read.
    let refusal: unknown = null;
    try {
      req.input = await readInput(ctx, route, req);
    } catch (err) {
      refusal = err;
    }
    const caller = await resolveCaller(route, req, services.auth);
    const ruleName = routeRuleName(route);
    const logId =
      route.path.startsWith('/admin/') && services.adminLog.shouldLog(method, ruleName)
        ? await services.adminLog.open(ctx, ruleName, {
            adminId: req.admin?.id ?? 0,
            username: req.admin?.username ?? (typeof req.input.username === 'string' ? req.input.username : ''),
            title: route.logTitle,
            input: req.input,
            secrets: new Set([...(route.secretInputs ?? []), ...(await declaredSecretNames(services.settings, services.resources))]),
          })
        : null;
    try {
      try {
        if (refusal) throw refusal;
        await authorize(route, req, services.auth, caller);
      } catch (err) {
        if (!(route.refuse && err instanceof Refusal)) throw err;
        route.refuse(req, err);
        return;
      }
      const result = await route.handler(req);
      if (result instanceof Success && result.replayed) ctx.set('Idempotent-Replayed', 'true');
      if (ctx.body === undefined || ctx.body === null) sendOk(ctx, result);
    } finally {
      // A login learns its admin only now; an entry that cannot say who it was fails the request.
      if (logId !== null && req.actor && !req.admin) await services.adminLog.identify(logId, req.actor);
    }
  };
}
