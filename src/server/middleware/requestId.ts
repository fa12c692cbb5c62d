import type { Middleware } from 'koa';
import { requestIdOf } from '../request/requestId.ts';

/** Tags each request with an id echoed in the response and the log. */
export function requestId(): Middleware {
  // Not async: it only works before next(), so it passes next()'s promise on instead of wrapping it.
  return (ctx, next) => {
    ctx.state.requestId = requestIdOf(ctx.req.headers);
    ctx.state.startTime = Math.floor(Date.now() / 1000);
    ctx.set('X-Request-Id', ctx.state.requestId);
    return next();
  };
}
