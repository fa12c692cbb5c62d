import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import { DEFAULT_SIGNUP_RESOURCE } from '../../shared/activity.ts';
import { pageSchema } from '../../shared/schemas/account.ts';
import type { Services } from '../../server/services/index.ts';
import { parseInput } from '../../server/validate.ts';
import { Success } from '../../server/errors.ts';
import type { ApiRoute } from '../types.ts';

/** The member-centre menu rule that grants sign-ups (seed 023): signing up, cancelling and the list go together. */
export const SIGNUP_RULE = 'account/activity';

const targetSchema = lazySchema(() =>
  z.object({
    id: z.coerce.number({ message: 'activity:error.badId' }).int({ message: 'activity:error.badId' }).positive({ message: 'activity:error.badId' }).max(2 ** 31 - 1, { message: 'activity:error.badId' }),
    resource: z.string({ message: 'activity:error.notFound' }).max(100, { message: 'activity:error.notFound' }).optional().default(DEFAULT_SIGNUP_RESOURCE),
  }),
);

/**
 * Sign-ups from the member's side: the live state an activity page shows (anyone; the caller's own sign-up when
 * logged in), signing up and cancelling (members holding the rule), and the member's own list with check-in
 * codes (the member centre's "My activities").
 */
export function activityRoutes(services: Services): ApiRoute[] {
  const { signups } = services;
  return [
    {
      methods: ['GET'],
      path: '/api/activity/status',
      auth: 'none',
      rateLimit: { max: 240, windowSec: 60 },
      async handler({ input, user }) {
        const { id, resource } = parseInput(targetSchema(), input);
        return signups.status(resource, id, user?.id ?? null);
      },
    },
    {
      methods: ['POST'],
      path: '/api/activity/signup',
      auth: 'userRule',
      rule: SIGNUP_RULE,
      rateLimit: { max: 30, windowSec: 60 },
      async handler({ input, user }) {
        const { id, resource } = parseInput(targetSchema(), input);
        const answer = await signups.signup(resource, id, user!.id);
        return new Success(answer, answer.status === 'confirmed' ? 'activity:signedUp' : 'activity:waitlisted');
      },
    },
    {
      methods: ['POST'],
      path: '/api/activity/cancel',
      auth: 'userRule',
      rule: SIGNUP_RULE,
      rateLimit: { max: 30, windowSec: 60 },
      async handler({ input, user }) {
        const { id, resource } = parseInput(targetSchema(), input);
        return new Success(await signups.cancel(resource, id, user!.id), 'activity:cancelled');
      },
    },
    {
      methods: ['GET'],
      path: '/api/account/activities',
      auth: 'userRule',
      rule: SIGNUP_RULE,
      async handler({ ctx, input, user }) {
        const { page, limit } = parseInput(pageSchema(), input);
        return signups.mine(user!.id, ctx.state.lang, page, Math.min(limit, 20));
      },
    },
  ];
}
