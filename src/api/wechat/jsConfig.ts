import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import type { Services } from '../../server/services/index.ts';
import { WechatJsSdk } from '../../server/services/wechat/jssdk.ts';
import { parseInput } from '../../server/validate.ts';
import { Refusal } from '../../server/errors.ts';
import type { ApiRoute } from '../types.ts';

const schema = lazySchema(() => z.object({ url: z.string({ message: 'wechat:share.badUrl' }).max(2000, { message: 'wechat:share.badUrl' }) }));

/**
 * GET /api/wechat/jsConfig?url=: what a page opened in WeChat's browser configures the JS-SDK with for its share
 * card (src/islands/wechatShare.ts): the AppID and a signature of the page's URL. Only this site's pages are
 * signed; the URL is signed without its fragment, as WeChat checks it.
 */
export function wechatShareRoutes(services: Services): ApiRoute[] {
  const jssdk = new WechatJsSdk(services.knex, services.settings, services.config.wechatApiBase);
  return [
    {
      methods: ['GET'],
      path: '/api/wechat/jsConfig',
      auth: 'none',
      rateLimit: { max: 60, windowSec: 60 },
      async handler({ ctx, input }) {
        // Signed as the page sent it (its location.href), only without the fragment: WeChat compares the two strings.
        const signed = parseInput(schema(), input).url.split('#')[0]!;
        let origin: string;
        try {
          origin = new URL(signed).origin;
        } catch {
          throw new Refusal('wechat:share.badUrl');
        }
        if (origin !== services.origin(ctx)) throw new Refusal('wechat:share.otherSite');
        return jssdk.shareConfig(signed);
      },
    },
  ];
}
