import type { Middleware } from 'koa';
import type { OriginPolicy } from '../origin.ts';
import { ClientError } from '../errors.ts';

/**
 * Refuses, with 421 Misdirected Request, a request naming a host we do not answer for (no PUBLIC_URL and a
 * Host outside ALLOWED_HOSTS): its links would point wherever the client said. Sets ctx.state.origin.
 */
export function hosts(origins: OriginPolicy): Middleware {
  return (ctx, next) => {
    const origin = origins.originOf(ctx.req);
    if (origin === null) throw new ClientError(421, 'security:unknownHost', { host: origins.hostOf(ctx.req).slice(0, 100) });
    ctx.state.origin = origin;
    return next();
  };
}
