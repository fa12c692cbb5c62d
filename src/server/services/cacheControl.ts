import type { CacheEvent, CacheEvents } from './cacheEvents.ts';

/**
 * Clears one server cache. Without tags the whole cache goes; with tags, only what shows those kinds of
 * content (a cache that is not split by content kind may ignore a tagged call).
 */
export type CacheClear = (tags?: readonly string[]) => void | Promise<void>;

/**
 * The server's in-process caches, each registered once with its clear function, so "clear cache" in the
 * admin (and restores from the recycle bin) reach every cache without knowing them: a cache added later,
 * such as the public page cache, only has to register. With `events`, every clear also reaches the caches
 * of the other server processes.
 */
export class CacheRegistry {
  private readonly caches = new Map<string, CacheClear>();

  constructor(private readonly events?: CacheEvents) {}

  register(name: string, clear: CacheClear): void {
    this.caches.set(name, clear);
  }

  names(): string[] {
    return [...this.caches.keys()];
  }

  /** Empties every cache; returns their names. */
  async clearAll(): Promise<string[]> {
    await this.apply(null);
    await this.events?.publish(null);
    return this.names();
  }

  /** Drops what shows these kinds of content (the `cacheTags` of a resource). */
  async invalidate(tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    await this.apply(tags);
    await this.events?.publish(tags);
  }

  /** Applies a change in this process only (one another process has announced). */
  async apply(event: CacheEvent): Promise<void> {
    for (const clear of this.caches.values()) await (event ? clear(event) : clear());
  }
}
