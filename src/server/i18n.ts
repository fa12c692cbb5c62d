import fs from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { createI18n, toResources, type CatalogueFiles } from '../shared/i18n/instance.ts';
import { LANGS, type Lang } from '../shared/i18n/langs.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../locales');

function readCatalogues(): CatalogueFiles {
  const files: CatalogueFiles = {};
  for (const lang of fs.readdirSync(LOCALES_DIR)) {
    for (const file of fs.readdirSync(path.join(LOCALES_DIR, lang))) {
      if (!file.endsWith('.json')) continue;
      const rel = `locales/${lang}/${file}`;
      files[rel] = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, file), 'utf8')) as Record<string, unknown>;
    }
  }
  return files;
}

const resources = toResources(readCatalogues());
const namespaces = Object.keys(resources['zh-cn'] ?? {});
const instances = new Map(LANGS.map((lang) => [lang, createI18n(lang, resources, namespaces)]));

/** Server-side messages: API `msg`, mail subjects, captcha labels. */
export function serverT(lang: Lang, ns = 'api'): TFunction {
  return instances.get(lang)!.getFixedT(lang, ns);
}
