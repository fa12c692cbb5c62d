import type { LocalText } from './content.ts';
import type { Lang } from './i18n/langs.ts';

/**
 * Bilingual values are stored as a pair of columns, `<name>` (Chinese, always filled) and `<name>_en`
 * (ARCHITECTURE section 4): content, and every name the system itself creates (menu rules, groups, admin
 * log titles, member messages, config titles). English readers get `<name>_en`, or the Chinese with
 * `fallback` set when it is empty, so the interface can say it fell back. A row without the English column
 * at all (a joined relation that carries only its label) is shown as it is.
 */
export function localizedText(row: object, name: string, lang: Lang): LocalText {
  const values = row as Readonly<Record<string, unknown>>;
  const base = textOf(values[name]);
  if (lang !== 'en' || !(`${name}_en` in values)) return { text: base, fallback: false };
  const english = textOf(values[`${name}_en`]).trim();
  return english ? { text: english, fallback: false } : { text: base, fallback: base !== '' };
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
