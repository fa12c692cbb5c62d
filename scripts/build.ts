import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_FILE, bundleServer } from './bundle.ts';
import { writeCodeCache } from './codeCache.ts';
import { OUT_DIR_ENV, PAGE_INPUTS, STAMP_FILE, fingerprint } from '../src/server/buildStamp.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Everything the server bundle is built from besides the pages. */
const SERVER_INPUTS = ['src', 'db', 'package.json', 'package-lock.json', 'scripts/bundle.ts', 'scripts/newDatabase.ts', 'scripts/shims'];
const PAGES_STAMP = path.join(ROOT, 'dist', STAMP_FILE);
export const SERVER_STAMP = path.join(ROOT, 'dist/portal/.build-stamp');

const upToDate = (stamp: string, wanted: string, output: string) => fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted && fs.existsSync(output);

function buildPages(): void {
  console.log('Building the pages (vite build)...');
  // Vike's CLI takes no log-level flag; keep the file listing out of the way unless the build fails.
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    // Test runners set NODE_ENV=test, which would make Vite emit development JSX the server cannot run.
    env: { ...process.env, NODE_ENV: 'production', [OUT_DIR_ENV]: 'dist' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error('vite build failed');
  }
}

/** Runs `vite build` unless dist/ was built from exactly the current sources. */
export function buildPagesIfNeeded(): void {
  const wanted = fingerprint(PAGE_INPUTS);
  if (upToDate(PAGES_STAMP, wanted, path.join(ROOT, 'dist/server/entry.mjs'))) return;
  buildPages();
  fs.writeFileSync(PAGES_STAMP, wanted);
}

/** The pages, then the server bundle that embeds them, each only when its sources changed. */
export async function buildIfNeeded(): Promise<void> {
  buildPagesIfNeeded();
  const wanted = fingerprint([...SERVER_INPUTS, 'dist/.build-stamp']);
  if (upToDate(SERVER_STAMP, wanted, BUNDLE_FILE)) return;
  console.log('Bundling the server (esbuild)...');
  await bundleServer(wanted.slice(0, 16));
  // Loaded here: knex and SQLite are not for the check an up-to-date `npm start` makes.
  const { writeNewDatabase } = await import('./newDatabase.ts');
  await writeNewDatabase(path.dirname(BUNDLE_FILE));
  fs.writeFileSync(SERVER_STAMP, wanted);
  await writeCodeCache();
}

// `npm run build` builds whatever changed; `--force` rebuilds everything.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--force')) fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  await buildIfNeeded();
}
