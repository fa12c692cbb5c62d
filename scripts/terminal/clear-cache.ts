import fs from 'node:fs';
import path from 'node:path';

/**
 * The terminal's `cache.clear`, on-disk part: the build tools' caches, which a broken or stale entry can
 * make fail in puzzling ways. The server clears its in-memory caches itself once this has succeeded.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHES = ['node_modules/.vite', 'node_modules/.cache'];

for (const rel of CACHES) {
  const dir = path.join(ROOT, rel);
  if (!fs.existsSync(dir)) {
    console.log(`${rel}: none`);
    continue;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`${rel}: removed`);
}
