import type { Logger } from 'pino';
import type { PayService } from './orders.ts';

/**
 * Runs the pending-order check on a timer the server starts and stops: the first round comes one interval
 * after start (nothing at start-up), rounds never overlap, and stop waits for a round in flight.
 */
export class PendingOrderCheck {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly pay: PayService,
    private readonly log: Logger,
  ) {}

  start(intervalSeconds: number): void {
    if (intervalSeconds <= 0 || this.timer) return;
    this.timer = setInterval(() => this.round(), intervalSeconds * 1000);
    this.timer.unref();
  }

  private round(): void {
    if (this.running) return;
    this.running = this.pay
      .checkPending()
      .then((result) => {
        if (result.credited || result.closed) this.log.info(result, 'pending payment orders checked');
      })
      .catch((err: unknown) => this.log.error({ err }, 'pending payment order check failed'))
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
