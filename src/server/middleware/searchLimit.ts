import type { Middleware } from 'koa';
import { SEARCH_RATE_LIMIT } from '../../shared/search.ts';
import type { RateLimiter } from '../services/rateLimit.ts';

/** The search page's path: each query is a search, counted per address like GET /api/search. */
export const SEARCH_PAGE = '/search';

/** Answers 429 (Retry-After, a line in the visitor's language) to an address searching too often with /search. */
export function searchPageLimit(limiter: RateLimiter): Middleware {
  return async (ctx, next) => {
    if (ctx.state.kind !== 'page' || ctx.path !== SEARCH_PAGE || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const retry = await limiter.hit(ctx.ip, `GET ${SEARCH_PAGE}`, SEARCH_RATE_LIMIT);
    if (retry === null) return next();
    ctx.status = 429;
    ctx.set('Retry-After', String(retry));
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = ctx.state.t('search:tooMany', { seconds: retry });
  };
}
