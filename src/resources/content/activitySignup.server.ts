import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import rosterResource from './activitySignup.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { parseInput } from '../../server/validate.ts';
import { Success } from '../../server/errors.ts';

const checkInSchema = lazySchema(() => z.object({ code: z.string({ message: 'activity:error.badCode' }).max(64, { message: 'activity:error.badCode' }) }));
const cancelSchema = lazySchema(() => z.object({ id: z.coerce.number({ message: 'crud:parameterError' }).int().positive({ message: 'crud:parameterError' }) }));

/**
 * The roster's actions besides the list: `checkIn {code}` marks the member with that code present (once) and
 * awards the configured points; `cancel {id}` gives up a member's sign-up for them (the fee refunded, the next
 * in line promoted), whatever the members' deadline. Each under its own rule (`content/activitySignup/checkIn`...).
 */
export default defineUnit(rosterResource, (services) => ({
  actions: {
    checkIn: {
      // A scanner at the door may read a few codes a second; a guessing loop may not.
      rateLimit: { max: 120, windowSec: 60 },
      async post(call) {
        const { code } = parseInput(checkInSchema(), call.input);
        const done = await services.signups.checkIn(code, call.actor.admin.id);
        const title = call.lang === 'en' ? done.title.en : done.title.zh;
        const member = done.nickname || done.username;
        return new Success({ title, member, username: done.username, points: done.points }, 'activity:checkedIn', { member, title, points: done.points });
      },
    },
    cancel: {
      async post(call) {
        const { id } = parseInput(cancelSchema(), call.input);
        await services.signups.cancelBySignupId(id);
        return new Success(null, 'activity:cancelledByStaff');
      },
    },
  },
}));
