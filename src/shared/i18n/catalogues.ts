import type { Resource } from 'i18next';

// Apart from the i18next instance, so the island loader can find catalogue files without loading i18next.

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
