import path from 'node:path';
import type { Plugin } from 'vite';

const SERVER_SHIM = path.resolve(import.meta.dirname, '../src/pages/serverTranslation.ts');
const CLIENT_SHIM = path.resolve(import.meta.dirname, '../src/islands/lib/translation.ts');

/**
 * Our pages and islands import `react-i18next`; neither side runs it. Server renders get
 * src/pages/serverTranslation.ts (a useTranslation without per-call work, over i18next), the browser's islands
 * get src/islands/lib/translation.ts (the few i18next features they use, without i18next).
 */
export function translationShims(): Plugin {
  return {
    name: 'portal-translation-shims',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-i18next' || !importer || importer === SERVER_SHIM || importer.includes(`${path.sep}node_modules${path.sep}`)) return null;
      return options.ssr ? SERVER_SHIM : CLIENT_SHIM;
    },
  };
}
