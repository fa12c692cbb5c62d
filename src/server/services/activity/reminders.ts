import type { Logger } from 'pino';
import type { SignupService } from './signups.ts';

/** How often the day-before reminders are looked for: a reminder goes out at most this late. */
export const REMINDER_INTERVAL_SECONDS = 300;

/**
 * Sends the day-before reminders on a timer the server starts and stops: rounds never overlap, stop waits
 * for a round in flight, and a failed round is logged and tried again at the next.
 */
export class ReminderRounds {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly signups: SignupService,
    private readonly log: Logger,
  ) {}

  start(intervalSeconds = REMINDER_INTERVAL_SECONDS): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.round(), intervalSeconds * 1000);
    this.timer.unref();
  }

  private round(): void {
    if (this.running) return;
    this.running = this.signups
      .sendReminders()
      .then((sent) => {
        if (sent > 0) this.log.info({ sent }, 'activity reminders sent');
      })
      .catch((err: unknown) => this.log.error({ err }, 'activity reminders failed'))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
