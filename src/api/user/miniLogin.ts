import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import { now } from '../../server/services/clock.ts';
import type { Services } from '../../server/services/index.ts';
import { code2Session, memberForIdentity, miniProgramSettings, MiniProgramError, type MiniProgramSettings } from '../../server/services/wechat/miniProgram.ts';
import type { ApiRoute } from '../types.ts';
import { parseInput } from '../../server/validate.ts';
import { USER_HOME } from './checkIn.ts';
import { keepPreviousLogin } from '../../server/services/accounts.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** wx.login() codes are short tokens of letters, digits, '-' and '_'. */
const schema = lazySchema(() =>
  z.object({
    code: z
      .string({ message: 'wechat:codeRequired' })
      .trim()
      .min(1, { message: 'wechat:codeRequired' })
      .max(128, { message: 'wechat:codeInvalid' })
      .regex(/^[A-Za-z0-9_-]+$/, { message: 'wechat:codeInvalid' }),
  }),
);

/**
 * POST /api/user/miniLogin {code}: a member signs in from the mini program. The code is exchanged for the
 * openid at WeChat (code2Session); the member bound to it is signed in, or a new member is made and bound.
 * The answer is the usual login answer: userInfo with an access token and a refresh token.
 */
export function miniLoginRoutes(services: Services): ApiRoute[] {
  const { settings, members, config, knex } = services;

  /** WeChat's refusals reach the member as a message in their language. */
  async function exchange(mini: MiniProgramSettings, code: string): Promise<{ openid: string; unionid: string }> {
    try {
      return await code2Session(config.wechatApiBase, mini, code);
    } catch (err) {
      if (err instanceof MiniProgramError) throw new Refusal(`wechat:${err.key}`, 0, null, err.params);
      throw err;
    }
  }

  return [
    {
      methods: ['POST'],
      path: '/api/user/miniLogin',
      auth: 'none',
      rateLimit: { max: 30, windowSec: 60 },
      async handler({ ctx, input }) {
        if (!(await settings.flag('open_member_center'))) throw new Refusal('account:memberCenterDisabled');
        const { code } = parseInput(schema(), input);
        const mini = await miniProgramSettings(settings);
        if (!mini.appId || !mini.appSecret) throw new Refusal('wechat:miniNotConfigured');
        const { user, created } = await memberForIdentity(knex, members, await exchange(mini, code), { nickname: ctx.state.t('wechat:miniNickname'), ip: ctx.ip });
        if (user.status !== 'enable') throw new Refusal('account:accountDisabled');
        await keepPreviousLogin(knex, 'user', user);
        await knex('user').where({ id: user.id }).update({ last_login_time: now(), last_login_ip: ctx.ip });
        // Single sign-on covers this direct login too, as the reference's Auth::direct does.
        const issued = await members.issueTokens(user.id, true, await settings.flag('user_sso'));
        return new Success({ userInfo: members.userInfo(await members.get(user.id), issued), routePath: USER_HOME, created }, created ? 'account:registerSuccess' : 'account:loginSuccess');
      },
    },
  ];
}
