import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import compress from 'koa-compress';
import { ClientError } from '../errors.ts';

/** The encodings responses may use, best first; the page cache offers the same (pageCache.ts). */
export const RESPONSE_ENCODINGS = ['br', 'gzip', 'identity'] as const;

/**
 * Compresses responses (brotli or gzip above 1 KB). A request that rules out every encoding we can produce,
 * `identity;q=0` included, gets 406 rather than koa-compress's crash.
 */
export function compression(): Middleware {
  const acceptable: Middleware = (ctx, next) => {
    if (ctx.get('accept-encoding') && !ctx.acceptsEncodings(...RESPONSE_ENCODINGS)) throw new ClientError(406, 'security:notAcceptable');
    return next();
  };
  return compose([
    acceptable,
    compress({
      threshold: 1024,
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  ]);
}
