import type { TFunction } from 'i18next';
import { normalizeLang, DEFAULT_LANG } from '../shared/i18n/langs.ts';
import { fieldLabelKey } from './naming.ts';
import type { ResourceDef } from './types.ts';

/**
 * The labels of a resource in a language: a generated definition carries its own (`labels`), a
 * hand-written one has catalogue keys of the `resources` namespace. Used by the server (table helpers,
 * rule titles) and the admin alike.
 */

export function resourceTitle(def: Pick<ResourceDef, 'name' | 'labels'>, lang: string, t: TFunction): string {
  return def.labels?.title[normalizeLang(lang) ?? DEFAULT_LANG] || t(`resources:${def.name}.title`, { defaultValue: def.name });
}

export function fieldTitle(def: Pick<ResourceDef, 'name' | 'labels'>, field: string, lang: string, t: TFunction, fallback = field): string {
  const own = def.labels?.fields[field]?.[normalizeLang(lang) ?? DEFAULT_LANG];
  return own || t(fieldLabelKey(def, field), { defaultValue: fallback });
}

/** The label of an option value, or null when neither the definition nor the catalogue names it. */
export function optionTitle(def: Pick<ResourceDef, 'name' | 'labels'>, field: string, value: string, lang: string, t: TFunction): string | null {
  const own = def.labels?.options?.[field]?.[value]?.[normalizeLang(lang) ?? DEFAULT_LANG];
  if (own) return own;
  const key = `resources:${def.name}.options.${field}.${value}`;
  const text = t(key, { defaultValue: '' });
  return text || null;
}
