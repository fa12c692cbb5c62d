import fs from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { createI18n } from '../shared/i18n/instance.ts';
import { toResources, type CatalogueFiles } from '../shared/i18n/catalogues.ts';
import { LANGS, type Lang } from '../shared/i18n/langs.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../locales');

function readCatalogues(): CatalogueFiles {
  const files: CatalogueFiles = {};
  for (const rel of fs.readdirSync(LOCALES_DIR, { recursive: true, encoding: 'utf8' })) {
    if (!rel.endsWith('.json')) continue;
    files[`locales/${rel.split(path.sep).join('/')}`] = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, rel), 'utf8')) as Record<string, unknown>;
  }
  return files;
}

const resources = toResources(readCatalogues());
const namespaces = Object.keys(resources['zh-cn'] ?? {});
const instances = new Map(LANGS.map((lang) => [lang, createI18n(lang, resources, namespaces)]));

const fixed = new Map<string, TFunction>();

/** Server-side messages: API `msg`, mail subjects, captcha labels. One translator per language and namespace. */
export function serverT(lang: Lang, ns = 'api'): TFunction {
  const key = `${lang}:${ns}`;
  let t = fixed.get(key);
  if (!t) {
    t = instances.get(lang)!.getFixedT(lang, ns);
    fixed.set(key, t);
  }
  return t;
}
