import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
// Everything the browser and SSR bundles are built from; server-only code runs from source and needs no build.
const INPUTS = ['src/pages', 'src/islands', 'src/components', 'src/shared', 'src/locales', 'src/styles', 'public', 'vite.config.ts', 'scripts/iconStyles.ts', 'package-lock.json'];
const STAMP = path.join(ROOT, 'dist/.build-stamp');

function* files(p: string): Generator<string> {
  if (!fs.existsSync(p)) return;
  if (fs.statSync(p).isDirectory()) {
    for (const entry of fs.readdirSync(p).sort()) yield* files(path.join(p, entry));
  } else {
    yield p;
  }
}

/** A digest of the build inputs' names and contents. */
export function fingerprint(): string {
  const hash = createHash('sha1');
  for (const input of INPUTS) {
    for (const file of files(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** Runs `vite build` unless dist/ was built from exactly the current sources. */
export function buildIfNeeded(): void {
  const wanted = fingerprint();
  if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === wanted && fs.existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) return;
  console.log('Building the pages (vite build)...');
  // Vike's CLI takes no log-level flag; keep the file listing out of the way unless the build fails.
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    // Test runners set NODE_ENV=test, which would make Vite emit development JSX the server cannot run.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error('vite build failed');
  }
  fs.writeFileSync(STAMP, wanted);
}
