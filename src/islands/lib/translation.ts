import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';

/**
 * react-i18next for the islands in the browser (the build sends their `react-i18next` imports here; see
 * scripts/translationShims.ts). Islands use a small part of i18next: a key in the hook's namespace or
 * `ns:key`, nested keys, `{{value}}` in texts, a default value for a missing key, the language, and adding
 * catalogues as screens load. That part is done here, so an island page ships neither i18next nor
 * react-i18next (about 26 KB gzip of a login page's 120). Our catalogues have no plurals, nesting or formats, and both languages hold every key (a test
 * checks), so only the page's language is loaded and there is no fallback language.
 */

/** One language's catalogues by namespace, as the island loader fetched them. */
export type Catalogues = Record<string, Record<string, unknown>>;

type Options = Record<string, unknown> & { ns?: string };
export type TranslateFn = (key: string, options?: Options) => string;

/** The part of an i18next instance the islands use; catalogues of another language than the page's are not kept. */
export interface Translator {
  language: string;
  getFixedT(lang: string | null, ns?: string | readonly string[] | null): TranslateFn;
  hasResourceBundle(lang: string, ns: string): boolean;
  addResourceBundle(lang: string, ns: string, resources: Record<string, unknown>): void;
  addResource(lang: string, ns: string, key: string, value: string): void;
}

/**
 * The text at a dotted key. Some keys are sentences with dots of their own ("e.g. ..."): as i18next does,
 * a key part that is not there is tried joined with the next ones.
 */
function lookup(node: unknown, parts: readonly string[]): string | undefined {
  if (parts.length === 0) return typeof node === 'string' ? node : undefined;
  if (typeof node !== 'object' || node === null) return undefined;
  for (let i = 1; i <= parts.length; i++) {
    const next = (node as Record<string, unknown>)[parts.slice(0, i).join('.')];
    if (next === undefined) continue;
    const found = lookup(next, parts.slice(i));
    if (found !== undefined) return found;
  }
  return undefined;
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options) return text;
  // A value the call does not give stays as written, as i18next leaves it.
  return text.replace(/\{\{\s*-?\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (options[name] === undefined ? whole : String(options[name])));
}

/** What loading a screen's catalogues needs of the translator. */
export type CatalogueStore = Pick<Translator, 'language' | 'hasResourceBundle' | 'addResourceBundle'>;

/** `defaultNS` serves calls of a hook given no namespace, as i18next's option does. */
export function createTranslator(language: string, catalogues: Catalogues, defaultNS = 'common'): Translator {
  const fixed = new Map<string, TranslateFn>();
  return {
    language,
    getFixedT(_lang, ns) {
      const first = (typeof ns === 'string' ? ns : ns?.[0]) ?? defaultNS;
      let t = fixed.get(first);
      if (!t) {
        t = (key, options) => {
          // `ns:key` names its namespace when the part before the colon is one; otherwise the colon is text.
          const colon = key.indexOf(':');
          const named = colon > 0 && key.slice(0, colon) in catalogues;
          const namespace = named ? key.slice(0, colon) : (options?.ns ?? first);
          const path = named ? key.slice(colon + 1) : key;
          const found = lookup(catalogues[namespace], path.split('.'));
          // A missing key reads as the call's defaultValue when it gives one (even ''), else as the key.
          const text = found ?? (typeof options?.defaultValue === 'string' ? options.defaultValue : undefined);
          return text === undefined ? path : interpolate(text, options);
        };
        fixed.set(first, t);
      }
      return t;
    },
    hasResourceBundle: (lang, ns) => lang === language && ns in catalogues,
    addResourceBundle(lang, ns, resources) {
      if (lang === language) catalogues[ns] = { ...resources, ...catalogues[ns] };
    },
    addResource(lang, ns, key, value) {
      if (lang !== language) return;
      const parts = key.split('.');
      let node = (catalogues[ns] ??= {});
      for (const part of parts.slice(0, -1)) {
        const next = node[part];
        node = node[part] = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : {};
      }
      node[parts.at(-1)!] = value;
    },
  };
}

const TranslatorContext = createContext<Translator>(createTranslator('zh-cn', {}));

export function I18nextProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18n }, children);
}

/**
 * react-i18next's context of the provider's instance, which Stamped reads on the server. In the browser there is
 * no i18next instance and nothing is stamped (there are no fragments): nothing provides this one.
 */
export const I18nContext = createContext<{ i18n: Translator } | undefined>(undefined);

export function useTranslation(ns?: string | readonly string[]) {
  const i18n = useContext(TranslatorContext);
  const key = typeof ns === 'string' ? ns : ns?.[0];
  return useMemo(() => {
    const t = i18n.getFixedT(null, key);
    return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
  }, [i18n, key]);
}
