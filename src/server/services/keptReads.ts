/** Reads remembered at most; past it the memory starts again (filters come from URLs). */
const MAX_KEPT = 1000;

/**
 * What the public lists read besides their rows, each read once and kept until the next drop of the caches: a
 * write to content, a scheduled publishing time, a restore, in this process or announced by another (the cache
 * registry calls `clear`), the same events that keep the page cache true. Counting 100,000 published news rows
 * reads their index for about 2 ms, three times the rest of /news's render; a total rarely changes between
 * renders. A list's categories (its filter) are read the same way: a query of their own was a quarter of
 * SQLite's time in an uncached /news; so are a category's newest articles, which every article of it links to.
 */
export class KeptReads {
  private readonly kept = new Map<string, unknown>();
  /** Counts the drops: a read that ran across one may have missed its change, and is not kept. */
  private generation = 0;

  /** The value kept under `key`, or `read`'s; keys name the read and its values, so one key is one type. */
  async of<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (this.kept.has(key)) return this.kept.get(key) as T;
    const since = this.generation;
    const value = await read();
    if (since === this.generation) {
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(key, value);
    }
    return value;
  }

  clear(): void {
    this.generation++;
    this.kept.clear();
  }
}
