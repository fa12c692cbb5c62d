import path from 'node:path';
import type { Plugin } from 'vite';

const SHIM = path.resolve(import.meta.dirname, '../src/pages/serverTranslation.ts');

/**
 * Server renders of our pages and islands use src/pages/serverTranslation.ts for react-i18next (a
 * useTranslation without per-call work); the browser keeps react-i18next itself, which follows language
 * changes and loading.
 */
export function serverTranslation(): Plugin {
  return {
    name: 'portal-server-translation',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-i18next' || !options.ssr || !importer || importer === SHIM || importer.includes(`${path.sep}node_modules${path.sep}`)) return null;
      return SHIM;
    },
  };
}
