import getRawBody from 'raw-body';
import type { Services } from '../../server/services/index.ts';
import { PAY_PROVIDERS } from '../../shared/pay.ts';
import type { ApiRoute } from '../types.ts';

/** A notification is a few kilobytes; anything bigger is not one. */
const BODY_LIMIT = '64kb';

/**
 * POST /api/pay/notify/{wechat,alipay}: the providers' asynchronous notifications. The raw body is what they
 * signed, so it is read here untouched; the answer follows each provider's convention, not the envelope.
 */
export function notifyRoutes(services: Services): ApiRoute[] {
  return PAY_PROVIDERS.map((provider) => ({
    methods: ['POST'],
    path: `/api/pay/notify/${provider}`,
    auth: 'none',
    rawBody: true,
    async handler({ ctx }) {
      let body: string;
      try {
        body = await getRawBody(ctx.req, { limit: BODY_LIMIT, encoding: 'utf8' });
      } catch {
        services.log.warn({ provider, ip: ctx.ip }, 'payment notification body unreadable or too large');
        ctx.status = 400;
        ctx.type = 'text/plain';
        ctx.body = 'bad request';
        return;
      }
      const answer = await services.pay.notify(provider, ctx.headers, body, ctx.ip);
      ctx.status = answer.status;
      ctx.type = answer.type;
      ctx.body = answer.body;
    },
  }));
}
