import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_FILE, bundleServer } from './bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Everything the browser and SSR bundles are built from. */
const PAGE_INPUTS = ['src/pages', 'src/islands', 'src/components', 'src/shared', 'src/locales', 'src/styles', 'public', 'vite.config.ts', 'scripts/iconStyles.ts', 'package-lock.json'];
/** Everything the server bundle is built from besides the pages. */
const SERVER_INPUTS = ['src', 'db', 'package.json', 'package-lock.json', 'scripts/bundle.ts'];
const PAGES_STAMP = path.join(ROOT, 'dist/.build-stamp');
export const SERVER_STAMP = path.join(ROOT, 'dist/portal/.build-stamp');

function* files(p: string): Generator<string> {
  if (!fs.existsSync(p)) return;
  if (fs.statSync(p).isDirectory()) {
    for (const entry of fs.readdirSync(p).sort()) yield* files(path.join(p, entry));
  } else {
    yield p;
  }
}

/** A digest of the named inputs' names and contents. */
export function fingerprint(inputs: string[] = PAGE_INPUTS): string {
  const hash = createHash('sha1');
  for (const input of inputs) {
    for (const file of files(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const upToDate = (stamp: string, wanted: string, output: string) => fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted && fs.existsSync(output);

function buildPages(): void {
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
  fs.writeFileSync(SERVER_STAMP, wanted);
}

// `npm run build` builds whatever changed; `--force` rebuilds everything.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--force')) fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  await buildIfNeeded();
}
