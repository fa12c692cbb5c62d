import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/** A proxy's X-Request-Id when sane, else a fresh one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Tags each request with an id echoed in the response and the log. */
export function requestId(): Middleware {
  // Not async: it only works before next(), so it passes next()'s promise on instead of wrapping it.
  return (ctx, next) => {
    ctx.state.requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.state.startTime = Math.floor(Date.now() / 1000);
    ctx.set('X-Request-Id', ctx.state.requestId);
    return next();
  };
}
