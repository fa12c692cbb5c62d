import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogueFiles } from '../shared/i18n/catalogues.ts';

// The server finds its migrations, seeds and message catalogues by listing folders. The bundle has no
// folders to list: scripts/bundle.ts replaces this module with one that imports every file statically, with
// the same exports, so the bundle and the single executable carry them all.

/** Modules of a folder by file name ('20261121000100_config.ts'), each imported when called, in name order. */
export type LazyModules = Array<[name: string, load: () => Promise<unknown>]>;

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Folders and the files in them that count, shared with the bundler so both see the same set. */
export const MODULE_FOLDERS = {
  migrations: { dir: 'db/migrations', pattern: /^\d+_[\w-]+\.ts$/ },
  seeds: { dir: 'db/seeds', pattern: /^\d+_[\w-]+\.ts$/ },
} as const;

export const CATALOGUE_DIR = 'src/locales';

function lazyFolder(folder: keyof typeof MODULE_FOLDERS): LazyModules {
  const { dir, pattern } = MODULE_FOLDERS[folder];
  const abs = path.join(ROOT, dir);
  return fs
    .readdirSync(abs)
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => [f, () => import(pathToFileURL(path.join(abs, f)).href)]);
}

export function migrationModules(): LazyModules {
  return lazyFolder('migrations');
}

export function seedModules(): LazyModules {
  return lazyFolder('seeds');
}

/** Every catalogue file, keyed `locales/<lang>/<ns>.json` (or a part file below a namespace folder). */
export function catalogueFiles(): CatalogueFiles {
  const abs = path.join(ROOT, CATALOGUE_DIR);
  const files: CatalogueFiles = {};
  for (const rel of fs.readdirSync(abs, { recursive: true, encoding: 'utf8' })) {
    if (!rel.endsWith('.json')) continue;
    files[`locales/${rel.split(path.sep).join('/')}`] = JSON.parse(fs.readFileSync(path.join(abs, rel), 'utf8')) as Record<string, unknown>;
  }
  return files;
}
