import { profileSchema } from '../../shared/schemas/account.ts';
import { DEFAULT_AVATAR } from '../../server/services/accounts.ts';
import type { Services } from '../../server/services/index.ts';
import { now } from '../../server/services/clock.ts';
import type { ApiRoute } from '../types.ts';
import { verificationTypes } from '../user/checkIn.ts';
import { parseInput } from '../../server/validate.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** The member's own profile. The row is always the session's member, whatever `id` the client posts. */
export function profileRoutes(services: Services): ApiRoute[] {
  const { knex, members } = services;
  return [
    {
      methods: ['GET'],
      path: '/api/account/profile',
      auth: 'userRule',
      async handler({ user }) {
        return { accountVerificationType: await verificationTypes(services), userInfo: members.userInfo(user!) };
      },
    },
    {
      methods: ['POST'],
      path: '/api/account/profile',
      auth: 'userRule',
      async handler({ user, input }) {
        const data = parseInput(profileSchema(), input);
        if (await members.findBy('username', data.username, user!.id)) throw Refusal.fields([{ field: 'username', message: 'account:usernameTaken' }]);
        // Avatars are our own uploads or the default; anything else (an outside URL) is refused.
        const avatar = data.avatar === DEFAULT_AVATAR ? '' : data.avatar;
        if (avatar && !avatar.startsWith('/storage/')) throw new Refusal('account:avatarInvalid');
        await knex('user').where({ id: user!.id }).update({ ...data, avatar, update_time: now() });
        return new Success({ userInfo: members.userInfo(await members.get(user!.id)) }, 'account:profileUpdated');
      },
    },
  ];
}
