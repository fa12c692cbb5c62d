import type { i18n } from 'i18next';
import { DEFAULT_LANG } from '../../shared/i18n/langs.ts';
import { catalogueOf } from '../../shared/i18n/catalogues.ts';

// Lazy: each catalogue (or part of a split one) becomes a chunk of its own, fetched only when a screen asks.
const catalogues = import.meta.glob(['../../locales/*/*.json', '../../locales/*/*/*.json'], { import: 'default' }) as Record<
  string,
  () => Promise<Record<string, unknown>>
>;

/**
 * Adds the namespaces a screen needs to the island's i18next instance (its language and the zh-cn
 * fallback), fetching only those not there yet; a namespace split into part files gets all its parts.
 * The island loader brings the shell's own namespaces.
 */
export async function loadNamespaces(instance: i18n, namespaces: readonly string[]): Promise<void> {
  const lang = instance.language;
  const langs = lang === DEFAULT_LANG ? [lang] : [lang, DEFAULT_LANG];
  await Promise.all(
    langs.flatMap((l) =>
      namespaces.map(async (ns) => {
        if (instance.hasResourceBundle(l, ns)) return;
        const files = Object.keys(catalogues).filter((file) => {
          const where = catalogueOf(file);
          return where?.lang === l && where.ns === ns;
        });
        if (files.length === 0) throw new Error(`No catalogue ${l}/${ns}`);
        const parts = await Promise.all(files.map((file) => catalogues[file]!()));
        instance.addResourceBundle(l, ns, Object.assign({}, ...parts), true, false);
      }),
    ),
  );
}
