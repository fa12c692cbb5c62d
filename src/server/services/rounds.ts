import type { Logger } from 'pino';

/**
 * A background job run in rounds on a timer the server starts and stops: the first round comes one interval
 * after start (nothing at start-up), rounds never overlap, a failed round is logged and the next one tries
 * again, and stop waits for a round in flight.
 */
export class Rounds {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  /**
   * `name` says what a round does ("pending payment order check"); `round` does it and answers what to log at
   * info level, or null for a round with nothing to say.
   */
  constructor(
    private readonly name: string,
    private readonly round: () => Promise<Record<string, unknown> | null>,
    private readonly log: Logger,
  ) {}

  /** Starts the timer; 0 seconds (or less) leaves the job off. */
  start(intervalSeconds: number): void {
    if (intervalSeconds <= 0 || this.timer) return;
    this.timer = setInterval(() => this.run(), intervalSeconds * 1000);
    this.timer.unref();
  }

  private run(): void {
    if (this.running) return;
    this.running = this.round()
      .then((done) => {
        if (done) this.log.info(done, `${this.name} done`);
      })
      .catch((err: unknown) => this.log.error({ err }, `${this.name} failed`))
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
