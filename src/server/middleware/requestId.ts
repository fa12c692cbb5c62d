import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/** Tags each request with an id (a proxy's X-Request-Id when sane) echoed in the response and the log. */
export function requestId(): Middleware {
  // Not async: it only works before next(), so it passes next()'s promise on instead of wrapping it.
  return (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.startTime = Math.floor(Date.now() / 1000);
    ctx.set('X-Request-Id', ctx.state.requestId);
    return next();
  };
}
