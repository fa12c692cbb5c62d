import type { IslandName } from './registry.ts';
import { loadCatalogues, type CatalogueLoaders, type IslandDef } from './islandDef.ts';
import { normalizeLang, DEFAULT_LANG } from '../shared/i18n/langs.ts';
import { hasStoredLogin } from '../shared/request/tokens.ts';
import { ApiCode } from '../shared/api/envelope.ts';


/** The islands a page's loader knows: every one (registry.ts), or the one its page holds. */
export type IslandSet = Partial<Record<IslandName, IslandDef>>;

/**
 * The island loader behind every `+client.ts`: finds `[data-island]` elements and hydrates each one. React,
 * the catalogues and the islands' code are imported only when the page has an island, so pages without any
 * stay free of framework JavaScript.
 */
export async function hydrateIslands(islands: IslandSet, root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  if (elements.length === 0) return;
  if (sendGuestToLogin(islands, elements)) return;
  const lang = normalizeLang(elements[0]!.dataset.lang) ?? DEFAULT_LANG;
  const loaders: CatalogueLoaders = Object.assign({}, ...elements.map((el) => islands[el.dataset.island as IslandName]?.catalogues));
  // Fetched props travel while the code loads.
  const props = elements.map(propsOf);
  const [{ createElement }, { mount }, { I18nextProvider, createTranslator }, catalogues] = await Promise.all([
    import('react'),
    import('./lib/mount.ts'),
    import('./lib/translation.ts'),
    loadCatalogues(loaders, lang),
  ]);
  const i18n = createTranslator(lang, catalogues);
  await Promise.all(
    elements.map(async (el, i) => {
      const def = islands[el.dataset.island as IslandName];
      if (!def) return;
      const [Component, given] = await Promise.all([def.load(), props[i]!]);
      // Without its props the island stays as the server rendered it: links and text, not interactive.
      if (!given) return;
      mount(createElement(I18nextProvider, { i18n }, createElement(Component, given)), el);
    }),
  );
}

/**
 * A guest opening a members-only island goes to its login link at once, before React, the catalogues or
 * the island's code are fetched: on a slow phone that is the difference between a blink and a wait.
 */
function sendGuestToLogin(islands: IslandSet, elements: readonly HTMLElement[]): boolean {
  for (const el of elements) {
    if (!islands[el.dataset.island as IslandName]?.membersOnly || hasStoredLogin(window.localStorage, 'user')) continue;
    const { loginHref } = JSON.parse(el.dataset.props ?? '{}') as { loginHref?: unknown };
    if (typeof loginHref !== 'string') continue;
    window.location.assign(loginHref);
    return true;
  }
  return false;
}

/** An island's props: those in its markup and those it fetches (`data-props-url`); null when the fetch failed. */
async function propsOf(el: HTMLElement): Promise<Record<string, unknown> | null> {
  const inline = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  const url = el.dataset.propsUrl;
  if (!url) return inline;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    const envelope = (await res.json()) as { code?: unknown; data?: unknown };
    if (!res.ok || envelope.code !== ApiCode.success || typeof envelope.data !== 'object' || envelope.data === null) return null;
    return { ...inline, ...(envelope.data as Record<string, unknown>) };
  } catch {
    return null;
  }
}
