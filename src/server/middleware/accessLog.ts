import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { logWhenFinished } from '../request/accessLog.ts';

export function accessLog(log: Logger): Middleware {
  return (ctx, next) => {
    if (log.isLevelEnabled('info')) logWhenFinished(log, ctx.res, { reqId: ctx.state.requestId, method: ctx.method, url: ctx.originalUrl, ip: ctx.ip });
    return next();
  };
}
