import type { ComponentType } from 'react';
import { catalogueOf } from '../shared/i18n/catalogues.ts';

/** Catalogue files by path, loaded on demand (Vite's lazy `import.meta.glob` of `locales/<lang>/<ns>.json`). */
export type CatalogueLoaders = Record<string, () => Promise<Record<string, unknown>>>;

/** How the browser gets an island: its code, and the catalogues (both languages) it needs before hydrating. */
export interface IslandDef {
  load: () => Promise<ComponentType<Record<string, unknown>>>;
  catalogues: CatalogueLoaders;
  /** For members only: a visitor with no stored member login goes to the island's `loginHref` prop instead. */
  membersOnly?: boolean;
}

/**
 * An island's definition. Its catalogues are its own glob (`import.meta.glob(['../locales/*\/{a,b}.json'])`),
 * so a page that hydrates one island carries the paths of that island's catalogues, not of every one.
 */
export function island<P>(load: () => Promise<{ default: ComponentType<P> }>, catalogues: Record<string, () => Promise<unknown>>, options: Pick<IslandDef, 'membersOnly'> = {}): IslandDef {
  // Props arrive as parsed JSON from the server-rendered markup; each island's own type describes them.
  return { load: async () => (await load()).default as unknown as ComponentType<Record<string, unknown>>, catalogues: catalogues as CatalogueLoaders, ...options };
}

/** The namespaces an island's catalogues hold. */
export function namespacesOf(def: IslandDef): string[] {
  return [...new Set(Object.keys(def.catalogues).flatMap((file) => catalogueOf(file)?.ns ?? []))];
}

/** Loads `lang`'s catalogues among `loaders` (a namespace split into part files is merged), by namespace. */
export async function loadCatalogues(loaders: CatalogueLoaders, lang: string): Promise<Record<string, Record<string, unknown>>> {
  const byNs: Record<string, Record<string, unknown>> = {};
  await Promise.all(
    Object.entries(loaders).map(async ([file, load]) => {
      const where = catalogueOf(file);
      if (where?.lang !== lang) return;
      byNs[where.ns] = { ...byNs[where.ns], ...(await load()) };
    }),
  );
  return byNs;
}
