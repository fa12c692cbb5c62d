// What the bundle tells the launcher (launcher.ts) about V8's code cache, through flags on globalThis: the
// launcher is bundled apart and shares no module with the bundle.

/**
 * The bundle sets this flag when its start upgraded the database. The code compiled for migrations and seeds
 * would then be in V8's code cache, which every later start loads whole (2.4 MB more memory at idle, for
 * code they never run); the launcher leaves writing the cache to the next start.
 */
export const SKIP_CODE_CACHE: unique symbol = Symbol.for('canal-portal.skipCodeCache');

/**
 * Set once the server listens: only a server's start compiles what later starts run. A command run through
 * the bundle (a backup) compiles other code, and its cache would leave a server start compiling the rest.
 */
export const SERVING: unique symbol = Symbol.for('canal-portal.serving');

type Flagged = { [SKIP_CODE_CACHE]?: boolean; [SERVING]?: boolean };

export function skipCodeCache(): void {
  (globalThis as Flagged)[SKIP_CODE_CACHE] = true;
}

export function markServing(): void {
  (globalThis as Flagged)[SERVING] = true;
}

/** Whether what this process compiled is worth keeping: a server's start that set nothing up. */
export function codeCacheWanted(): boolean {
  const flags = globalThis as Flagged;
  return flags[SERVING] === true && flags[SKIP_CODE_CACHE] !== true;
}
