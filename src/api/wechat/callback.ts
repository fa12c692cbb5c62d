import type { Context } from 'koa';
import getRawBody from 'raw-body';
import type { Services } from '../../server/services/index.ts';
import { OfficialAccount, type CallbackAnswer } from '../../server/services/wechat/officialAccount.ts';
import { WECHAT_CALLBACK_PATH } from '../../shared/wechat.ts';
import type { ApiRoute } from '../types.ts';

/** WeChat's messages are a few hundred bytes; this leaves room for long texts and never for abuse. */
const BODY_LIMIT = '64kb';

function answer(ctx: Context, reply: CallbackAnswer): void {
  ctx.status = reply.status;
  ctx.type = reply.type;
  ctx.body = reply.body;
}

/**
 * The official account's callback URL (configured in the WeChat console): not the JSON envelope but
 * WeChat's own protocol, plain text and XML. No login: the signature is the authentication.
 */
export function wechatCallbackRoutes(services: Services): ApiRoute[] {
  const account = new OfficialAccount(services.knex, services.settings, services.log);
  return [
    {
      methods: ['GET'],
      path: WECHAT_CALLBACK_PATH,
      auth: 'none',
      async handler({ ctx, input }) {
        answer(ctx, await account.verifyUrl(input));
      },
    },
    {
      methods: ['POST'],
      path: WECHAT_CALLBACK_PATH,
      auth: 'none',
      rawBody: true,
      async handler({ ctx, input }) {
        let body: string;
        try {
          body = await getRawBody(ctx.req, { limit: BODY_LIMIT, encoding: 'utf8' });
        } catch (err) {
          const status = (err as { status?: number }).status;
          answer(ctx, { status: status === 413 ? 413 : 400, type: 'text/plain', body: '' });
          return;
        }
        const origin = services.origin(ctx);
        answer(ctx, await account.receive(input, body, (url) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`)));
      },
    },
  ];
}
