import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import compress from 'koa-compress';
import { ClientError } from '../errors.ts';
import { COMPRESSION_THRESHOLD, QUICK_LEVELS, encodingOf } from '../request/encoding.ts';

/**
 * Compresses responses (brotli or gzip above 1 KB). A request that rules out every encoding we can produce,
 * `identity;q=0` included, gets 406 rather than koa-compress's crash.
 */
export function compression(): Middleware {
  const acceptable: Middleware = (ctx, next) => {
    if (encodingOf(ctx.req) === null) throw new ClientError(406, 'security:notAcceptable');
    return next();
  };
  return compose([
    acceptable,
    compress({
      threshold: COMPRESSION_THRESHOLD,
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: QUICK_LEVELS.br } },
      gzip: { level: QUICK_LEVELS.gzip },
      deflate: false,
    }),
  ]);
}
