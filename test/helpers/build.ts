import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, buildPagesIfNeeded } from '../../scripts/build.ts';

const LOCK = path.resolve(import.meta.dirname, '../../dist/.build-lock');

/**
 * ava runs test files in parallel processes: only one of them may build at a time. In-process servers need
 * the pages only; tests of the production process ('all') need the server bundle too.
 */
export async function buildIfNeededLocked(what: 'pages' | 'all' = 'pages'): Promise<void> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
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
    if (what === 'all') await buildIfNeeded();
    else buildPagesIfNeeded();
  } finally {
    fs.rmdirSync(LOCK);
  }
}

/**
 * Copies the page build in dist/ to `dest`, without the server bundle `npm run build` puts in dist/portal, for a
 * server that swaps builds in a folder of its own (the terminal's web-build) and never touches the run's dist/.
 */
export function copyPageBuild(dest: string): void {
  const dist = path.resolve(import.meta.dirname, '../../dist');
  fs.cpSync(dist, dest, { recursive: true, dereference: true, filter: (src) => !src.startsWith(path.join(dist, 'portal')) });
}
