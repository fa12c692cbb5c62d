import type { Middleware } from 'koa';
import { classifyRequest } from '../request/classify.ts';

/** Marks the request as an API call or a page, on the path the rest of the app routes on (request/classify.ts). */
export function classify(adminBase: string): Middleware {
  return (ctx, next) => {
    const { kind, path } = classifyRequest(adminBase, ctx.path, ctx.req.headers, ctx.query);
    ctx.state.kind = kind;
    if (path !== ctx.path) ctx.path = path;
    return next();
  };
}
