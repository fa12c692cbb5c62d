import { useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { I18nContext } from 'react-i18next';

export * from 'react-i18next';

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

/** Per i18next instance (one per language on the server) and namespace list: what the hook hands out. */
const kept = new WeakMap<I18n, Map<string, Translation>>();

/** Texts kept per t: every key, and keys with options up to this many (page numbers in links are unbounded). */
const MAX_KEPT_TEXTS = 2000;

/** Options made of plain values give the same text each time, so the text can be kept under them. */
function plainOptionsId(options: unknown): string | null {
  if (typeof options !== 'object' || options === null) return null;
  for (const value of Object.values(options)) if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  return JSON.stringify(options);
}

/**
 * The t of one language and namespace, remembering each text it gave for a key, alone or with plain options
 * (interpolated numbers, a default value): i18next copies all its options into a new object on every call, a
 * large part of an uncached page's time and garbage. A server render's catalogues never change.
 */
export function remembered(t: TFunction): TFunction {
  const call = t as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const lookup = (...args: unknown[]): unknown => {
    const [key, options] = args;
    if (typeof key !== 'string' || args.length > 2) return call(...args);
    const optionsId = args.length === 1 ? '' : plainOptionsId(options);
    if (optionsId === null) return call(...args);
    const id = optionsId ? `${key}\u0000${optionsId}` : key;
    let text = texts.get(id);
    if (text === undefined) {
      text = call(...args);
      if (texts.size < MAX_KEPT_TEXTS || !optionsId) texts.set(id, text);
    }
    return text;
  };
  return Object.assign(lookup, t) as unknown as TFunction;
}

/**
 * react-i18next's useTranslation for server rendering (vite.config.ts sends the pages' imports here when
 * rendering on the server). A server render uses one language from start to end and never loads anything,
 * so each component gets the fixed t made once per language and namespace; the original copies the whole
 * i18next instance into a wrapper object on every call, which showed in the uncached page profile. It gives
 * the same t: the first namespace is the default one, as with the original's default nsMode.
 */
export function useTranslation(ns?: string | readonly string[]): Translation {
  const { i18n } = useContext(I18nContext);
  let byNamespaces = kept.get(i18n);
  if (!byNamespaces) kept.set(i18n, (byNamespaces = new Map()));
  const key = typeof ns === 'string' ? ns : (ns ?? []).join('\n');
  let translation = byNamespaces.get(key);
  if (!translation) {
    const first = typeof ns === 'string' ? ns : ns?.[0];
    const t = remembered(i18n.getFixedT(null, first ?? (i18n.options.defaultNS as string | undefined) ?? null));
    translation = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byNamespaces.set(key, translation);
  }
  return translation;
}
