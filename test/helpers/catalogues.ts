import fs from 'node:fs';
import path from 'node:path';
import type { CatalogueFiles } from '../../src/shared/i18n/catalogues.ts';

/** The translation files of src/locales, keyed by path as Vite's glob names them for the pages. */
export function catalogues(): CatalogueFiles {
  const dir = path.resolve(import.meta.dirname, '../../src/locales');
  const files: CatalogueFiles = {};
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (rel.endsWith('.json')) files[`locales/${rel.split(path.sep).join('/')}`] = JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8')) as Record<string, unknown>;
  }
  return files;
}
