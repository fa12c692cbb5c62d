import { islands, type IslandName } from './registry.ts';
import { normalizeLang, DEFAULT_LANG } from '../shared/i18n/langs.ts';
import { catalogueOf } from '../shared/i18n/catalogues.ts';
import { hasStoredLogin } from '../shared/request/tokens.ts';

const catalogues = import.meta.glob(['../locales/*/*.json', '../locales/*/*/*.json'], { import: 'default' }) as Record<
  string,
  () => Promise<Record<string, unknown>>
>;

/**
 * The island loader behind every `+client.ts`: finds `[data-island]` elements and hydrates each one. React,
 * i18next and the islands' code are imported only when the page has an island, so pages without any stay
 * free of framework JavaScript.
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  if (elements.length === 0) return;
  if (sendGuestToLogin(elements)) return;
  const lang = normalizeLang(elements[0]!.dataset.lang) ?? DEFAULT_LANG;
  const defs = elements.map((el) => islands[el.dataset.island as IslandName]).filter((d) => d !== undefined);
  const namespaces = [...new Set(defs.flatMap((d) => d.ns))];
  const [{ createElement }, { hydrateRoot }, { I18nextProvider }, { createI18n }, resources] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('react-i18next'),
    import('../shared/i18n/instance.ts'),
    loadResources(lang, namespaces),
  ]);
  const i18n = createI18n(lang, resources, namespaces);
  await Promise.all(
    elements.map(async (el) => {
      const def = islands[el.dataset.island as IslandName];
      if (!def) return;
      const Component = await def.load();
      const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
      hydrateRoot(el, createElement(I18nextProvider, { i18n }, createElement(Component, props)));
    }),
  );
}

/**
 * A guest opening a members-only island goes to its login link at once, before React, the catalogues or
 * the island's code are fetched: on a slow phone that is the difference between a blink and a wait.
 */
function sendGuestToLogin(elements: readonly HTMLElement[]): boolean {
  for (const el of elements) {
    if (!islands[el.dataset.island as IslandName]?.membersOnly || hasStoredLogin(window.localStorage, 'user')) continue;
    const { loginHref } = JSON.parse(el.dataset.props ?? '{}') as { loginHref?: unknown };
    if (typeof loginHref !== 'string') continue;
    window.location.assign(loginHref);
    return true;
  }
  return false;
}

async function loadResources(lang: string, namespaces: string[]) {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  const langs = lang === DEFAULT_LANG ? [lang] : [lang, DEFAULT_LANG];
  await Promise.all(
    langs.flatMap((l) =>
      namespaces.map(async (ns) => {
        const parts = Object.keys(catalogues).filter((file) => {
          const where = catalogueOf(file);
          return where?.lang === l && where.ns === ns;
        });
        const loaded = await Promise.all(parts.map((file) => catalogues[file]!()));
        resources[l] ??= {};
        resources[l][ns] = Object.assign({}, ...loaded);
      }),
    ),
  );
  return resources;
}
