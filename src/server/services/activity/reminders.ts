import type { Logger } from 'pino';
import { Rounds } from '../rounds.ts';
import type { SignupService } from './signups.ts';

/** How often the day-before reminders are looked for: a reminder goes out at most this late. */
export const REMINDER_INTERVAL_SECONDS = 300;

/** The day-before reminders, sent in rounds (a failed round is tried again at the next). */
export function reminderRounds(signups: SignupService, log: Logger): Rounds {
  return new Rounds('activity reminder round', async () => {
    const sent = await signups.sendReminders();
    return sent > 0 ? { sent } : null;
  }, log);
}
