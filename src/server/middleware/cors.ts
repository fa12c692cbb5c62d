import type { Context, Middleware } from 'koa';
import type { Settings } from '../services/settings.ts';

/** The config item listing who may call the API from another origin (reference member 1.2, admin 0). */
export const CORS_ITEM = 'cors_request_domain';

/** Seconds a browser may keep a preflight's answer (reference: 1800). */
const MAX_AGE = '1800';
const METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS';
/**
 * The reference's list (its token headers in every spelling, the conditional-request headers), plus
 * `bausertoken`, which we read too, and `Idempotency-Key`, which the ledger's writes may carry.
 */
const HEADERS = [
  'think-lang', 'server', 'batoken', 'ba-token', 'ba_token', 'ba-user-token', 'ba_user_token', 'bausertoken',
  'Authorization', 'Content-Type', 'X-Requested-With', 'X-CSRF-TOKEN', 'Idempotency-Key',
  'If-Match', 'If-Modified-Since', 'If-None-Match', 'If-Unmodified-Since',
].join(', ');

/** The entries of the config item: origins (`https://app.example.org`), host names, or `*`. */
export function corsEntries(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase().replace(/\/+$/, ''))
    .filter(Boolean);
}

/**
 * Whether a browser at `origin` may read our answers: the list holds `*`, the origin itself, or its host
 * name (any scheme and port, as the reference matches); the site's own hosts are always allowed.
 */
export function corsAllows(origin: string, entries: readonly string[], ownHosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  } catch {
    return false;
  }
  const normalized = origin.toLowerCase();
  return entries.includes('*') || entries.includes(normalized) || entries.includes(host) || ownHosts.includes(host);
}

function ownHosts(ctx: Context): string[] {
  const hosts = [ctx.hostname.toLowerCase()];
  if (ctx.state.origin) hosts.push(new URL(ctx.state.origin).hostname.toLowerCase());
  return hosts;
}

/**
 * Cross-origin calls of the API (reference member 1.2): a client served from another origin (a mini
 * program's web view, a separately hosted admin) may call it when its origin is allowed by the config item
 * `cors_request_domain`. An allowed origin is echoed with credentials; a preflight (OPTIONS) to the API
 * is answered 204 at once with the methods and headers the client may use, and without the origin when
 * it is not allowed, which the browser takes as a refusal.
 */
export function cors(settings: Settings): Middleware {
  return async (ctx, next) => {
    const api = ctx.state.kind === 'api';
    // A preflight carries no `server` header (it only asks whether it may send one): under the admin
    // prefix it is an API call too.
    const preflight = ctx.method === 'OPTIONS' && (api || ctx.path.toLowerCase().startsWith('/admin/'));
    if (!api && !preflight) return next();
    const origin = ctx.get('origin');
    if (origin) {
      ctx.vary('Origin');
      if (corsAllows(origin, corsEntries(await settings.get(CORS_ITEM)), ownHosts(ctx))) {
        ctx.set('Access-Control-Allow-Origin', origin);
        ctx.set('Access-Control-Allow-Credentials', 'true');
      }
    }
    if (!preflight) return next();
    ctx.set('Access-Control-Allow-Methods', METHODS);
    ctx.set('Access-Control-Allow-Headers', HEADERS);
    ctx.set('Access-Control-Max-Age', MAX_AGE);
    ctx.status = 204;
  };
}
