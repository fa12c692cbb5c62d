import { changeBindSchema, changePasswordSchema, retrievePasswordSchema, verificationSchema } from '../../shared/schemas/account.ts';
import { email as emailSchema, mobile as mobileSchema } from '../../shared/schemas/fields.ts';
import type { Services } from '../../server/services/index.ts';
import { now } from '../../server/services/clock.ts';
import { verifyPassword } from '../../server/services/passwords.ts';
import type { ApiRoute } from '../types.ts';
import { parseInput } from '../../server/validate.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** Password change and retrieval, account verification and changing the bound e-mail or mobile (reference 3.6). */
export function securityRoutes(services: Services): ApiRoute[] {
  const { knex, members, codes, tokens } = services;
  return [
    {
      methods: ['POST'],
      path: '/api/account/changePassword',
      auth: 'userRule',
      async handler({ user, input }) {
        const data = parseInput(changePasswordSchema(), input);
        if (!(await verifyPassword(data.oldPassword, user!.password, user!.salt)).ok) throw new Refusal('account:oldPasswordWrong');
        await members.setPassword(user!.id, data.newPassword);
        return new Success(null, 'account:passwordChanged');
      },
    },
    {
      methods: ['POST'],
      path: '/api/account/retrievePassword',
      auth: 'none',
      rateLimit: { max: 20, windowSec: 60 },
      async handler({ input }) {
        const data = parseInput(retrievePasswordSchema(), input);
        const user = await members.findBy(data.type, data.account);
        if (!user) throw new Refusal('account:accountNotExist');
        if (!(await codes.verify(data.account, 'user_retrieve_pwd', data.captcha))) throw new Refusal('account:codeWrong');
        await members.setPassword(user.id, data.password);
        return new Success(null, 'account:passwordReset');
      },
    },
    {
      methods: ['POST'],
      path: '/api/account/verification',
      auth: 'user',
      async handler({ user, input }) {
        const data = parseInput(verificationSchema(), input);
        const current = user![data.type];
        if (!current || !(await codes.verify(current, `user_${data.type}_verify`, data.captcha))) throw new Refusal('account:codeWrong');
        return { type: data.type, accountVerificationToken: await tokens.issue(`${data.type}-pass`, user!.id) };
      },
    },
    {
      methods: ['POST'],
      path: '/api/account/changeBind',
      auth: 'user',
      async handler({ user, input }) {
        const data = parseInput(changeBindSchema(), input);
        const me = user!;
        // Whoever holds the old address must prove it first; without one, the password stands in.
        if (me[data.type]) {
          const pass = await tokens.find(data.accountVerificationToken);
          if (!pass || pass.type !== `${data.type}-pass` || pass.user_id !== me.id || tokens.isExpired(pass)) {
            throw new Refusal('account:verifyFirst');
          }
        } else if (!(await verifyPassword(data.password, me.password, me.salt)).ok) {
          throw new Refusal('account:passwordIncorrect');
        }
        const value = data[data.type];
        const format = data.type === 'email' ? emailSchema() : mobileSchema();
        if (!format.safeParse(value).success) throw new Refusal(data.type === 'email' ? 'validate:email' : 'validate:mobile');
        if (!(await codes.verify(value, `user_change_${data.type}`, data.captcha))) throw new Refusal('account:codeWrong');
        if (await members.findBy(data.type, value, me.id)) throw new Refusal(data.type === 'email' ? 'account:emailTaken' : 'account:mobileTaken');
        await knex('user').where({ id: me.id }).update({ [data.type]: value, update_time: now() });
        await tokens.revoke(data.accountVerificationToken);
        return new Success({ userInfo: members.userInfo(await members.get(me.id)) }, 'account:bindChanged');
      },
    },
  ];
}
