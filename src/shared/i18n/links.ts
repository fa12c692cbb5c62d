import { DEFAULT_LANG, type Lang } from './langs.ts';

/**
 * A link that keeps the visitor's language. Chinese is the default, so its links stay bare; English links
 * carry `?lang=en`. `explicit` forces the parameter (the language switch must override a remembered cookie).
 */
export function withLang(href: string, lang: Lang, explicit = false): string {
  if (lang === DEFAULT_LANG && !explicit) return href;
  const [beforeHash, hash] = href.split('#', 2) as [string, string | undefined];
  const [path, query = ''] = beforeHash.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(query);
  params.set('lang', lang);
  return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}
