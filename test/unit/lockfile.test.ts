import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';

// `npm ci`, what CI and a fresh clone's users run, refuses a lock file that names a dependency without an entry
// for it, even an optional one for another platform. `npm install` on a machine that already has node_modules does
// not notice, and neither would tests run over a copied node_modules: this check reads the lock the way npm ci does.
interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** Where Node would find `name` from the package at `from`: its own node_modules, then each one above it. */
function resolves(from: string, name: string): boolean {
  let at = from;
  for (;;) {
    if (lock.packages[`${at ? `${at}/` : ''}node_modules/${name}`]) return true;
    if (!at) return false;
    const cut = at.lastIndexOf('/node_modules/');
    at = cut < 0 ? '' : at.slice(0, cut);
  }
}

function required(key: string, entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
  return [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...(key === '' ? Object.keys(entry.devDependencies ?? {}) : []),
    ...peers,
  ];
}

test('every dependency the lock file names, optional ones for other platforms too, has an entry npm ci can install', (t) => {
  const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
    required(key, entry).filter((name) => !resolves(key, name)).map((name) => `${key || '(the project)'} → ${name}`));
  t.deepEqual(missing, []);
});

test('the lock file is for this package.json: the same dependencies at the same ranges', (t) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as LockEntry;
  const locked = lock.packages[''];
  t.deepEqual(locked.dependencies, manifest.dependencies);
  t.deepEqual(locked.devDependencies, manifest.devDependencies);
});
