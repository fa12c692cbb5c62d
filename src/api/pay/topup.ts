import type { Services } from '../../server/services/index.ts';
import { serverT } from '../../server/i18n.ts';
import { DEFAULT_LANG } from '../../shared/i18n/langs.ts';
import type { ApiRoute } from '../types.ts';

/**
 * The member's top-up: what can be paid how (and an order still open), creating an order with its QR code,
 * and the order's status, which the balance screen asks for until it is paid.
 */
export function topupRoutes(services: Services): ApiRoute[] {
  const { pay, settings } = services;
  return [
    {
      methods: ['GET'],
      path: '/api/pay/options',
      auth: 'user',
      async handler({ user }) {
        return { ...(await pay.options()), open: await pay.openOrder(user!.id) };
      },
    },
    {
      methods: ['POST'],
      path: '/api/pay/create',
      auth: 'user',
      rateLimit: { max: 20, windowSec: 60 },
      async handler({ ctx, user, input }) {
        // The provider shows the subject on the payer's phone: the site's name and what is bought, in Chinese.
        const subject = serverT(DEFAULT_LANG, 'pay')('subject', { site: await settings.get('site_name') });
        return { order: await pay.create(user!.id, { provider: input.provider, amount: input.amount }, { notifyBase: services.origin(ctx), subject }) };
      },
    },
    {
      methods: ['GET'],
      path: '/api/pay/order',
      auth: 'user',
      async handler({ user, input }) {
        return pay.status(user!.id, input.order_no);
      },
    },
  ];
}
