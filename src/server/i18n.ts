import type { TFunction } from 'i18next';
import { createI18n } from '../shared/i18n/instance.ts';
import { toResources } from '../shared/i18n/catalogues.ts';
import { LANGS, type Lang } from '../shared/i18n/langs.ts';
import { catalogueFiles } from './moduleFolders.ts';

const resources = toResources(catalogueFiles());
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
