import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One line per request, written when the response is finished (so streamed bodies are timed whole). */
export function accessLog(log: Logger): Middleware {
  return (ctx, next) => {
    if (!log.isLevelEnabled('info')) return next();
    const start = process.hrtime.bigint();
    ctx.res.once('finish', () => {
      log.info(
        {
          reqId: ctx.state.requestId,
          method: ctx.method,
          url: ctx.originalUrl,
          status: ctx.status,
          ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
          ip: ctx.ip,
        },
        'request',
      );
    });
    return next();
  };
}
