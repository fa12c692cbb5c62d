import { ApiCode, LOGGED_IN } from '../../shared/api/envelope.ts';
import { loginSchema, registerSchema } from '../../shared/schemas/account.ts';
import type { Services } from '../../server/services/index.ts';
import { keepPreviousLogin } from '../../server/services/accounts.ts';
import type { ApiRequest, ApiRoute } from '../types.ts';
import { parseInput } from '../../server/validate.ts';
import { Refusal, Success } from '../../server/errors.ts';
import { logoutRoute } from '../common/logout.ts';

export const USER_HOME = '/user';

/**
 * Which channels a member can receive codes through (reference 3.2): e-mail when mail is configured, SMS
 * when a provider or gateway delivers to phones (not the development log driver).
 */
export async function verificationTypes(services: Services): Promise<string[]> {
  const types: string[] = [];
  if (await services.mail.available()) types.push('email');
  if (await services.sms.deliversToPhones()) types.push('mobile');
  return types;
}

/** Member login and registration (reference 3.2-3.5) and logout (2.6). */
export function checkInRoutes(services: Services): ApiRoute[] {
  const { settings, members, captcha, codes, config, tokens } = services;

  async function guard(req: ApiRequest) {
    if (!(await settings.flag('open_member_center'))) throw new Refusal('account:memberCenterDisabled');
    if (req.user) throw new Refusal('account:alreadyLoggedIn', ApiCode.loginState, { type: LOGGED_IN });
  }

  async function login(req: ApiRequest) {
    const data = parseInput(loginSchema(), req.input);
    const user = await members.findByAccount(data.username);
    const id = await services.loginThrottle.attempt({
      side: 'user',
      name: data.username,
      account: user && { id: user.id, password: user.password, salt: user.salt, enabled: user.status === 'enable' },
      password: data.password,
      ip: req.ctx.ip,
      captchaAlways: config.userLoginCaptcha,
      // BuildAdmin's client answers the image captcha here (its account dialog); ours the click captcha.
      verifyCaptcha: () => (data.captchaInfo === undefined && data.captcha !== undefined ? services.imageCaptcha.verify(data.captchaId, data.captcha) : captcha.verify(data.captchaId, data.captchaInfo)),
    });
    if (user) await keepPreviousLogin(services.knex, 'user', user);
    const issued = await members.issueTokens(id, data.keep, await settings.flag('user_sso'));
    return new Success({ userInfo: members.userInfo(await members.get(id), issued), routePath: USER_HOME }, 'account:loginSuccess');
  }

  async function register(req: ApiRequest) {
    const data = parseInput(registerSchema(), req.input);
    if (await members.findBy('username', data.username)) throw new Refusal('account:usernameTaken');
    if (await members.findBy('email', data.email)) throw new Refusal('account:emailTaken');
    if (await members.findBy('mobile', data.mobile)) throw new Refusal('account:mobileTaken');
    const destination = data.registerType === 'email' ? data.email : data.mobile;
    if (!(await codes.verify(destination, 'user_register', data.captcha))) throw new Refusal('account:codeWrong');
    const user = await members.register(data, req.ctx.ip);
    const issued = await members.issueTokens(user.id, false);
    return new Success({ userInfo: members.userInfo(user, issued), routePath: USER_HOME }, 'account:registerSuccess');
  }

  return [
    {
      methods: ['GET'],
      path: '/api/user/checkIn',
      auth: 'none',
      async handler(req) {
        await guard(req);
        return { userLoginCaptchaSwitch: config.userLoginCaptcha, accountVerificationType: await verificationTypes(services) };
      },
    },
    {
      methods: ['POST'],
      path: '/api/user/checkIn',
      auth: 'none',
      rateLimit: { max: 30, windowSec: 60 },
      async handler(req) {
        await guard(req);
        if (req.input.tab === 'login') return login(req);
        if (req.input.tab === 'register') return register(req);
        throw new Refusal('account:unknownOperation');
      },
    },
    logoutRoute(tokens, 'user', '/api/user/logout'),
  ];
}
