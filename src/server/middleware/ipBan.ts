import type { Middleware } from 'koa';
import type { IpBan } from '../services/ipBan.ts';
import { ClientError } from '../errors.ts';

/** Answers 403 to an address listed in the `no_access_ip` setting, before any other work for it. */
export function ipBan(ban: IpBan): Middleware {
  return async (ctx, next) => {
    if (await ban.blocks(ctx.ip)) throw new ClientError(403, 'security:ipBanned');
    return next();
  };
}
