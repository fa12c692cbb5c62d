import { z } from 'zod';
import { lazySchema } from '../../../shared/schemas/lazySchema.ts';
import { email, mobile, password, requiredString } from '../../../shared/schemas/fields.ts';
import { formatTime } from '../../../shared/time.ts';
import { DEFAULT_AVATAR } from '../../../server/services/accounts.ts';
import { now } from '../../../server/services/clock.ts';
import type { Services } from '../../../server/services/index.ts';
import { hashPassword, verifyPassword } from '../../../server/services/passwords.ts';
import { ruleRemark } from '../../../server/services/remarks.ts';
import type { ApiRoute } from '../../types.ts';
import { parseInput } from '../../../server/validate.ts';
import { Refusal, Success } from '../../../server/errors.ts';

const MEDIA = /^(\/storage\/|\/images\/|https?:\/\/)\S*$/;

/** Empty, or valid by `check` (whose own message is kept): e-mail, mobile and password are optional here. */
const optional = (check: z.ZodType<string, string>, message: string, trim = true) =>
  z
    .string()
    .optional()
    .default('')
    .transform((v) => (trim ? v.trim() : v))
    .refine((v) => v === '' || check.safeParse(v).success, { message });

const infoSchema = lazySchema(() =>
  z.object({
    nickname: requiredString('account:nicknameRequired').pipe(z.string().max(50, { message: 'validate:tooLong' })),
    email: optional(email(), 'validate:email'),
    mobile: optional(mobile(), 'validate:mobile'),
    motto: z.string().trim().max(255, { message: 'account:mottoTooLong' }).optional().default(''),
    // A password may begin or end with a blank.
    password: optional(password(), 'validate:password', false),
    oldPassword: z.string().optional().default(''),
  }),
);

/**
 * routine/adminInfo (reference 3.12, fixed): the caller's own profile, whatever id is posted. Username,
 * status and login traces are never written here; a new password needs the current one (`oldPassword`)
 * and revokes the caller's other sessions.
 */
export function adminInfoRoutes(services: Services): ApiRoute[] {
  const { knex, tokens } = services;
  return [
    {
      methods: ['GET'],
      path: '/admin/routine.AdminInfo/index',
      auth: 'adminRule',
      async handler({ admin, ctx, tokens: presented }) {
        const me = admin!;
        const timeZone = await services.settings.timeZone();
        return {
          info: {
            id: me.id,
            username: me.username,
            nickname: me.nickname,
            avatar: me.avatar || DEFAULT_AVATAR,
            email: me.email,
            mobile: me.mobile,
            motto: me.motto,
            last_login_time: formatTime(me.prev_login_time, undefined, timeZone),
            // As reference 3.12 answers: the token the caller sent (the client keeps its own refresh token).
            token: presented.admin,
            refresh_token: '',
          },
          remark: await ruleRemark(knex, 'routine/adminInfo', ctx.state.t),
        };
      },
    },
    {
      methods: ['POST'],
      path: '/admin/routine.AdminInfo/edit',
      auth: 'adminRule',
      secretInputs: ['password', 'oldPassword'],
      async handler({ admin, input, tokens: presented }) {
        const me = admin!;
        const avatar = typeof input.avatar === 'string' ? input.avatar.trim() : '';
        if (avatar) {
          if (avatar.length > 255 || !MEDIA.test(avatar)) throw new Refusal('validate:url');
          await knex('admin').where({ id: me.id }).update({ avatar, update_time: now() });
          return new Success(null, 'admin-routine:avatarUpdated');
        }
        // Parsed field by field from a fixed list: nothing else the form posts (id, username, status...) is written.
        const data = parseInput(infoSchema(), input);
        // A session left open on a shared computer must not be enough to take the account over.
        if (data.password) {
          if (!data.oldPassword) throw new Refusal('account:oldPasswordRequired');
          if (!(await verifyPassword(data.oldPassword, me.password, me.salt)).ok) throw new Refusal('account:oldPasswordWrong');
        }
        for (const column of ['email', 'mobile'] as const) {
          if (data[column] && (await knex('admin').where(column, data[column]).whereNot('id', me.id).first())) {
            throw new Refusal(column === 'email' ? 'account:emailTaken' : 'account:mobileTaken');
          }
        }
        // Like the reference's save of the post: fields the form left out keep their values.
        const update: Record<string, unknown> = { nickname: data.nickname, update_time: now() };
        for (const column of ['email', 'mobile', 'motto'] as const) if (column in input) update[column] = data[column];
        if (data.password) Object.assign(update, { password: await hashPassword(data.password), salt: '' });
        await knex('admin').where({ id: me.id }).update(update);
        if (data.password) {
          // Signed out everywhere else; this session (and the refresh token it names) stays.
          const keep = [presented.admin, typeof input.refreshToken === 'string' ? input.refreshToken : ''].filter(Boolean).map((t) => tokens.hash(t));
          await knex('token').where({ user_id: me.id }).whereIn('type', ['admin', 'admin-refresh']).whereNotIn('token', keep).delete();
        }
        return new Success(null, 'crud:updated');
      },
    },
  ];
}
