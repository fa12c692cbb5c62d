import i18next, { type i18n, type Resource } from 'i18next';
import { DEFAULT_LANG, type Lang } from './langs.ts';

/** Catalogue modules keyed by path, as Vite's import.meta.glob or the server's file loader produce them. */
export type CatalogueFiles = Record<string, Record<string, unknown>>;

/** Namespace and language of a catalogue path: `locales/<lang>/<ns>.json` or a part `locales/<lang>/<ns>/<part>.json`. */
export function catalogueOf(file: string): { lang: string; ns: string } | null {
  const m = /locales\/([\w-]+)\/([\w-]+)(?:\/[\w-]+)?\.json$/.exec(file);
  return m ? { lang: m[1]!, ns: m[2]! } : null;
}

/**
 * Turns catalogue files into an i18next resource tree. A large namespace may be split into part files
 * (one per area, e.g. `resources/content.json`); their top-level keys are merged into the namespace.
 */
export function toResources(files: CatalogueFiles): Resource {
  const resources: Resource = {};
  for (const [file, data] of Object.entries(files)) {
    const where = catalogueOf(file);
    if (!where) continue;
    resources[where.lang] ??= {};
    const body = ((data as { default?: Record<string, unknown> }).default ?? data) as Record<string, unknown>;
    resources[where.lang]![where.ns] = { ...(resources[where.lang]![where.ns] as Record<string, unknown> | undefined), ...body };
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
