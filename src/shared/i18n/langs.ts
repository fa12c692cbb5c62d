export const LANGS = ['zh-cn', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-cn';

/** Maps any spelling a browser or a link may use (zh, zh-CN, zh-Hans-CN, en-US...) to a supported language. */
export function normalizeLang(raw: string | null | undefined): Lang | null {
  if (!raw) return null;
  const tag = raw.trim().toLowerCase().replace(/_/g, '-');
  if (!tag) return null;
  if (tag === 'zh' || tag.startsWith('zh-')) {
    // Traditional-script and Hong Kong/Taiwan tags still read simplified better than English.
    return 'zh-cn';
  }
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  return null;
}

/** The first supported language of an Accept-Language header, honouring q-values. */
export function pickAcceptLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const t of tags) {
    const lang = normalizeLang(t.tag);
    if (lang) return lang;
  }
  return null;
}

/** The value of `<html lang>` and hreflang for a language. */
export function htmlLang(lang: Lang): string {
  return lang === 'zh-cn' ? 'zh-CN' : 'en';
}
