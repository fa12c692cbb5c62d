import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, buildPagesIfNeeded } from '../../scripts/build.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');
const LOCK = path.join(DIST, '.build-lock');

/** ava runs test files in parallel processes: only one of them may build or read dist/ whole at a time. */
async function withBuildLock<T>(work: () => T | Promise<T>): Promise<T> {
  fs.mkdirSync(DIST, { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`build lock ${LOCK} is stuck; remove it and retry`);
      // Waits without blocking: another test of this file may hold the lock, and its build needs the event loop.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmdirSync(LOCK);
  }
}

/** In-process servers need the pages only; tests of the production process ('all') need the server bundle too. */
export function buildIfNeededLocked(what: 'pages' | 'all' = 'pages'): Promise<void> {
  return withBuildLock(() => (what === 'all' ? buildIfNeeded() : buildPagesIfNeeded()));
}

/**
 * Copies the page build in dist/ to `dest`, without the server bundle `npm run build` puts in dist/portal, for a
 * server that swaps builds in a folder of its own (the terminal's web-build) and never touches the run's dist/.
 * It holds the build lock: otherwise the copy lists another process's lock and finds it gone a moment later.
 * The prefix also leaves out the copies of the bundle the process tests make and remove beside it
 * (dist/portal-copy-*, bundleServer.ts), which a copy of all of dist/ found gone as it read them.
 */
export function copyPageBuild(dest: string): Promise<void> {
  const skipped = [path.join(DIST, 'portal'), LOCK];
  return withBuildLock(() => {
    fs.cpSync(DIST, dest, { recursive: true, dereference: true, filter: (src) => !skipped.some((s) => src.startsWith(s)) });
  });
}
