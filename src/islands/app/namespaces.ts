import { catalogueOf } from '../../shared/i18n/catalogues.ts';
import type { CatalogueStore } from '../lib/translation.ts';

// Lazy: each catalogue (or part of a split one) becomes a chunk of its own, fetched only when a screen asks.
const catalogues = import.meta.glob(['../../locales/*/*.json', '../../locales/*/*/*.json'], { import: 'default' }) as Record<
  string,
  () => Promise<Record<string, unknown>>
>;

/**
 * Adds the namespaces a screen needs to the island's translator (in its language), fetching only those not
 * there yet; a namespace split into part files gets all its parts. The island loader brings the shell's own
 * namespaces.
 */
export async function loadNamespaces(instance: CatalogueStore, namespaces: readonly string[]): Promise<void> {
  const lang = instance.language;
  await Promise.all(
    namespaces.map(async (ns) => {
      if (instance.hasResourceBundle(lang, ns)) return;
      const files = Object.keys(catalogues).filter((file) => {
        const where = catalogueOf(file);
        return where?.lang === lang && where.ns === ns;
      });
      if (files.length === 0) throw new Error(`No catalogue ${lang}/${ns}`);
      const parts = await Promise.all(files.map((file) => catalogues[file]!()));
      instance.addResourceBundle(lang, ns, Object.assign({}, ...parts));
    }),
  );
}
