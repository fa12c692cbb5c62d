import { isIPv6 } from 'node:net';
import type { Context } from 'koa';
import { z } from 'zod';
import { lazySchema } from '../../../shared/schemas/lazySchema.ts';
import type { Services } from '../../../server/services/index.ts';
import { accountSettings } from '../../../server/services/wechat/officialAccount.ts';
import { probeCallback } from '../../../server/services/wechat/probe.ts';
import { AES_KEY, APP_ID, APP_SECRET, PROBE_KINDS, TOKEN, WECHAT_CALLBACK_PATH } from '../../../shared/wechat.ts';
import type { ApiRoute } from '../../types.ts';
import { parseInput } from '../../../server/validate.ts';
import { settingsRoutes } from './settings.ts';
import { Refusal } from '../../../server/errors.ts';


const probeSchema = lazySchema(() =>
  z.object({
    kind: z.enum(PROBE_KINDS, { message: 'validate:invalid' }).default('follow'),
    content: z.string().trim().max(200, { message: 'validate:tooLong' }).default(''),
  }),
);

/** Our own callback on the connection the admin came in by: what WeChat would reach, minus the network. */
function ownCallbackUrl(ctx: Context): string {
  const { localAddress, localPort } = ctx.req.socket;
  let host = localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice(7);
  else if (isIPv6(host)) host = `[${host}]`;
  return `http://${host}:${localPort}${WECHAT_CALLBACK_PATH}`;
}

/**
 * wechat/config: the official account's settings (AppID, AppSecret, Token, EncodingAESKey, message mode),
 * the callback URL to copy into the WeChat console, and "test the callback".
 */
export function wechatConfigRoutes(services: Services): ApiRoute[] {
  const settings = settingsRoutes(services, {
    controller: 'wechat.Config',
    group: 'wechat',
    check(values) {
      const mode = values.wechat_message_mode ?? 'plain';
      if (values.wechat_app_id && !APP_ID.test(values.wechat_app_id)) throw new Refusal('wechat:appIdInvalid');
      if (values.wechat_app_secret && !APP_SECRET.test(values.wechat_app_secret)) throw new Refusal('wechat:appSecretInvalid');
      if (values.wechat_token && !TOKEN.test(values.wechat_token)) throw new Refusal('wechat:tokenInvalid');
      if (values.wechat_encoding_aes_key && !AES_KEY.test(values.wechat_encoding_aes_key)) throw new Refusal('wechat:aesKeyInvalid');
      if (mode !== 'plain' && (!values.wechat_encoding_aes_key || !values.wechat_app_id)) throw new Refusal('wechat:aesKeyRequired');
    },
    extra: ({ ctx }) => ({ callbackUrl: `${services.origin(ctx)}${WECHAT_CALLBACK_PATH}` }),
  });
  return [
    ...settings,
    {
      methods: ['POST'],
      path: '/admin/wechat.Config/test',
      auth: 'adminRule',
      async handler({ ctx, input }) {
        const { kind, content } = parseInput(probeSchema(), input);
        if (kind === 'text' && !content) throw new Refusal('wechat:probeTextRequired');
        const account = await accountSettings(services.settings);
        if (!account.token) throw new Refusal('wechat:tokenMissing');
        if (account.mode !== 'plain' && (!AES_KEY.test(account.encodingAesKey) || !account.appId)) throw new Refusal('wechat:aesKeyRequired');
        return probeCallback({ account, url: ownCallbackUrl(ctx), kind, content, t: ctx.state.t });
      },
    },
  ];
}
