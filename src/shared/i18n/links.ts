import { DEFAULT_LANG, type Lang } from './langs.ts';

/** Pairs of names and values made of the characters URLSearchParams writes as they are. */
const PLAIN_QUERY = /^(?:[\w.*-]+=[\w.*-]*(?:&[\w.*-]+=[\w.*-]*)*)?$/;
const LANG_PARAM = /(?:^|&)lang=/;
const AS_IS = /^[\w.*-]*$/;

/** Whether a query is pairs of names and values URLSearchParams would write back as they are. */
export const isPlainQuery = (query: string): boolean => PLAIN_QUERY.test(query);

/** A query's pairs as URLSearchParams reads them; plain ones (an id, a page) decode to themselves and are split. */
export function queryPairs(query: string): [string, string][] {
  if (!PLAIN_QUERY.test(query)) return [...new URLSearchParams(query)];
  return query ? query.split('&').map((pair) => pair.split('=', 2) as [string, string]) : [];
}

/** Whether URLSearchParams writes the text as it is (letters, digits, `*-._`): ids, page numbers, most names. */
export const writtenAsIs = (text: string): boolean => AS_IS.test(text);

/**
 * A page's query without its language, as URLSearchParams writes it ('' when nothing is left): the query of
 * its links to itself in another language and of its canonical URL. Most queries (an id, a page) are written
 * here without building the params.
 */
export function queryWithoutLang(search: Readonly<Record<string, string>>): string {
  let query = '';
  for (const key of Object.keys(search)) {
    if (key === 'lang') continue;
    const value = search[key]!;
    if (!AS_IS.test(key) || !AS_IS.test(value)) {
      const params = new URLSearchParams(search);
      params.delete('lang');
      return params.toString();
    }
    query += `${query && '&'}${key}=${value}`;
  }
  return query;
}

/**
 * A link that keeps the visitor's language. Chinese is the default, so its links stay bare; English links
 * carry `?lang=en`. `explicit` forces the parameter (the language switch must override a remembered cookie).
 */
export function withLang(href: string, lang: Lang, explicit = false): string {
  if (lang === DEFAULT_LANG && !explicit) return href;
  const [beforeHash, hash] = href.split('#', 2) as [string, string | undefined];
  const [path, query = ''] = beforeHash.split('?', 2) as [string, string | undefined];
  // A query URLSearchParams would write back as it is, without a language: the parameter goes at its end, as
  // set() puts it. Most links are such (an id, a page); building the params cost a page's head and header a
  // few microseconds each.
  if (PLAIN_QUERY.test(query) && !LANG_PARAM.test(query)) return `${path}?${query && `${query}&`}lang=${lang}${hash === undefined ? '' : `#${hash}`}`;
  const params = new URLSearchParams(query);
  params.set('lang', lang);
  return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}
