import type { i18n, TFunction } from 'i18next';
import { createI18n } from '../shared/i18n/instance.ts';
import { toResources, type CatalogueFiles } from '../shared/i18n/catalogues.ts';
import { LANGS, type Lang } from '../shared/i18n/langs.ts';
import { remembered } from './serverTranslation.ts';

// Server-side rendering has every catalogue in memory; islands load only their own namespaces in the browser.
const files = import.meta.glob(['../locales/*/*.json', '../locales/*/*/*.json'], { eager: true, import: 'default' }) as CatalogueFiles;
const resources = toResources(files);
const namespaces = Object.keys(resources['zh-cn'] ?? {});
const instances = new Map<Lang, i18n>(LANGS.map((lang) => [lang, createI18n(lang, resources, namespaces)]));

export function pageI18n(lang: Lang): i18n {
  return instances.get(lang)!;
}

const fixedTs = new Map<string, TFunction>();

/** The t of a language and namespace for the pages' settings (title, description) and heads, made once. */
export function pageT(lang: Lang, ns = 'common'): TFunction {
  const id = `${lang} ${ns}`;
  let t = fixedTs.get(id);
  if (!t) fixedTs.set(id, (t = remembered(pageI18n(lang).getFixedT(lang, ns))));
  return t;
}
