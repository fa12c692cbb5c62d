import i18next, { type i18n, type Resource } from 'i18next';
import { DEFAULT_LANG, type Lang } from './langs.ts';

/** Catalogue modules keyed by path, as Vite's import.meta.glob or the server's file loader produce them. */
export type CatalogueFiles = Record<string, Record<string, unknown>>;

/** Turns `.../locales/<lang>/<ns>.json` entries into an i18next resource tree. */
export function toResources(files: CatalogueFiles): Resource {
  const resources: Resource = {};
  for (const [file, data] of Object.entries(files)) {
    const m = /locales\/([\w-]+)\/([\w-]+)\.json$/.exec(file);
    if (!m) continue;
    const [, lang, ns] = m as unknown as [string, string, string];
    resources[lang] ??= {};
    resources[lang][ns] = ((data as { default?: Record<string, unknown> }).default ?? data) as Record<string, unknown>;
  }
  return resources;
}

/** A synchronously initialised i18next instance (resources are already in memory). */
export function createI18n(lang: Lang, resources: Resource, namespaces: string[]): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    // Our codes are lower case (zh-cn); without this i18next looks resources up as zh-CN and finds nothing.
    lowerCaseLng: true,
    resources,
    ns: namespaces,
    defaultNS: namespaces[0] ?? 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
