import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from '../../scripts/build.ts';

const LOCK = path.resolve(import.meta.dirname, '../../dist/.build-lock');

/** ava runs test files in parallel processes: only one of them may build at a time. */
export function buildIfNeededLocked(): void {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`build lock ${LOCK} is stuck; remove it and retry`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    buildIfNeeded();
  } finally {
    fs.rmdirSync(LOCK);
  }
}
