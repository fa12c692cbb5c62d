import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';

// Finding texts shown in place of their translation (a key the catalogues lack, or a translator that
// ignores a default): the shapes keys have, read off the catalogues themselves.

const LOCALES = path.resolve(import.meta.dirname, '../../src/locales');

/**
 * What a text shown in place of its translation looks like: `group.key` under a group some catalogue has
 * (`hints.topup_min`), or `namespace:key`. Every group path of every catalogue, and the namespaces.
 */
export function keyShapes(): { groups: Set<string>; namespaces: Set<string> } {
  const groups = new Set<string>();
  const namespaces = new Set<string>();
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'object' || value === null) continue;
      groups.add(prefix + key);
      walk(value as Record<string, unknown>, `${prefix}${key}.`);
    }
  };
  for (const file of fs.readdirSync(LOCALES, { recursive: true }) as string[]) {
    if (!file.endsWith('.json')) continue;
    namespaces.add(path.basename(file, '.json'));
    walk(JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8')) as Record<string, unknown>, '');
  }
  return { groups, namespaces };
}

/** The texts of the page a reader meets: what it shows and what it says to screen readers and on hover. */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    document.body.innerText,
    ...[...document.querySelectorAll('[placeholder], [aria-label], [title]')].flatMap((el) => ['placeholder', 'aria-label', 'title'].map((a) => el.getAttribute(a) ?? '')),
  ]);
}

/** The words of `texts` that are translation keys rather than translations. */
export function rawKeys(texts: readonly string[], shapes: ReturnType<typeof keyShapes>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const [word] of text.matchAll(/[A-Za-z][\w-]*(?::[\w-]+)?(?:\.[\w-]+)+|[A-Za-z][\w-]*:[\w-]+/g)) {
      const colon = word.indexOf(':');
      if (colon > 0 && shapes.namespaces.has(word.slice(0, colon))) found.add(word);
      const parts = word.slice(colon + 1).split('.');
      if (parts.length > 1 && shapes.groups.has(parts.slice(0, -1).join('.'))) found.add(word);
    }
  }
  return [...found];
}
