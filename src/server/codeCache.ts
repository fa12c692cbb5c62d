/**
 * The bundle sets this flag when its start upgraded the database. The code compiled for migrations and seeds
 * would then be in V8's code cache, which every later start loads whole (2.4 MB more memory at idle, for
 * code they never run); the launcher (launcher.ts) leaves writing the cache to the next start.
 */
export const SKIP_CODE_CACHE: unique symbol = Symbol.for('canal-portal.skipCodeCache');

type Flagged = { [SKIP_CODE_CACHE]?: boolean };

export function skipCodeCache(): void {
  (globalThis as Flagged)[SKIP_CODE_CACHE] = true;
}

export function codeCacheSkipped(): boolean {
  return (globalThis as Flagged)[SKIP_CODE_CACHE] === true;
}
