/** Lists with different filters remembered at most; past it the memory starts again (filters come from URLs). */
const MAX_TOTALS = 1000;

/**
 * The totals of the public lists, each counted once and kept until the next drop of the caches: a write to
 * content, a scheduled publishing time, a restore, in this process or announced by another (the cache registry
 * calls `clear`), the same events that keep the page cache true. Counting 100,000 published news rows reads
 * their index for about 2 ms, three times the rest of /news's render; a total rarely changes between renders.
 */
export class PublicTotals {
  private readonly kept = new Map<string, number>();
  /** Counts the drops: a count that ran across one may have missed its change, and is not kept. */
  private generation = 0;

  async of(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.kept.get(key);
    if (known !== undefined) return known;
    const since = this.generation;
    const total = await count();
    if (since === this.generation) {
      if (this.kept.size >= MAX_TOTALS) this.kept.clear();
      this.kept.set(key, total);
    }
    return total;
  }

  clear(): void {
    this.generation++;
    this.kept.clear();
  }
}
