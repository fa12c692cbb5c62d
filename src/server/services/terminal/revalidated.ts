/**
 * One value worked out when first asked for, then worked out again behind the callers once it is older than
 * `maxAgeMs`: a caller past that age gets the value already found at once, and the next callers the new one
 * when it is in. Only the first caller (and the first after `forget`) waits. A renewal that fails keeps the
 * value it would have replaced.
 */
export class Revalidated<T> {
  private current: { at: number; value: Promise<T> } | null = null;
  private renewing = false;
  /** Counts `forget`s: a renewal started before one is not kept. */
  private generation = 0;

  constructor(
    private readonly work: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    const now = this.clock();
    if (!this.current) this.current = { at: now, value: this.work() };
    else if (now - this.current.at > this.maxAgeMs && !this.renewing) this.renew(now);
    return this.current.value;
  }

  /** Known to be wrong: the next caller waits for the value worked out afresh. */
  forget(): void {
    this.generation++;
    this.current = null;
  }

  private renew(now: number): void {
    const since = this.generation;
    this.renewing = true;
    // Started once the caller's answer is on its way: the work's own first steps (starting processes) would
    // otherwise hold it up.
    setImmediate(() => this.renewal(since, now));
  }

  private renewal(since: number, now: number): void {
    this.work().then(
      (value) => {
        if (since === this.generation) this.current = { at: now, value: Promise.resolve(value) };
        this.renewing = false;
      },
      () => {
        this.renewing = false;
      },
    );
  }
}
