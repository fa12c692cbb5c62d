import type { TOptions } from 'i18next';
import { serverT } from '../i18n.ts';

/**
 * Names the system itself creates are stored in both languages, as a column and its `_en` sibling
 * (src/shared/localized.ts says how they are read). They come from the catalogues, one key per name.
 */
export interface Bilingual {
  zh: string;
  en: string;
}

/** One catalogue key in both languages. */
export function bilingual(ns: string, key: string, options?: TOptions): Bilingual {
  return { zh: String(serverT('zh-cn', ns)(key, options)), en: String(serverT('en', ns)(key, options)) };
}

/** The column pair a row stores: `columns('title', pair)` → `{ title: zh, title_en: en }`, cut to the column size. */
export function columns<C extends string>(column: C, pair: Bilingual, max = Infinity): Record<C | `${C}_en`, string> {
  return { [column]: pair.zh.slice(0, max), [`${column}_en`]: pair.en.slice(0, max) } as Record<C | `${C}_en`, string>;
}

/**
 * A config item's title or tip: the reference keeps an English key there (`Site Name`), the catalogue
 * `admin-routine:configText` has both languages of it.
 */
export function configPair(key: string): Bilingual {
  if (!key) return { zh: '', en: '' };
  return bilingual('admin-routine', `configText>>${key}`, { keySeparator: '>>', nsSeparator: false, defaultValue: key });
}

/** A config item's `title`, `title_en`, `tip` and `tip_en` from the catalogue keys of its title and tip. */
export function configColumns(title: string, tip = ''): { title: string; title_en: string; tip: string; tip_en: string } {
  return { ...columns('title', configPair(title), 50), ...columns('tip', configPair(tip), 255) };
}
