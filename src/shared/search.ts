/** The site search's query rules and answer, shared by the server, the search page and its tests. */

import type { Lang } from './i18n/langs.ts';

/** The longest query, in characters; a longer one is refused rather than cut. */
export const MAX_QUERY_LENGTH = 100;
/** At most this many words are looked for. */
export const MAX_TERMS = 8;
/** Results per page of /search, and the most /api/search hands out at once. */
export const SEARCH_PAGE_SIZE = 10;
export const MAX_SEARCH_LIMIT = 50;
/** The deepest page served: ranking every match for page 10,000 helps no one. */
export const MAX_SEARCH_PAGE = 100;
/**
 * Matches a search counts before its total says "more than": the deepest result a page can reach. Reading every
 * match of a word in every row was most of such a search's time (100,000 matches, 6–10 ms of SQLite).
 */
export const SEARCH_COUNT_CAP = MAX_SEARCH_PAGE * MAX_SEARCH_LIMIT;
/** Searches per address and minute, on the page and the API each. */
export const SEARCH_RATE_LIMIT = { max: 60, windowSec: 60 } as const;

/** A result of GET /api/search (and of the search page). */
export interface SearchResult {
  /** What it is: news, activity, trail, culture, forum, canal, city (or a generated resource's name). */
  type: string;
  /** The name of that type in the caller's language. */
  typeName: string;
  id: number;
  title: string;
  /** Where the words were found, as HTML: escaped text with the matched words in <mark>. */
  snippet: string;
  url: string;
  /** Unix seconds: the item's date (publication, start...), 0 when it has none. */
  time: number;
}

export interface SearchAnswer {
  list: SearchResult[];
  /** How many match; when `capped`, at least this many (the count stopped at the cap). */
  total: number;
  capped: boolean;
}

/** The answer to a search that finds nothing. */
export const NO_RESULTS: SearchAnswer = { list: [], total: 0, capped: false };

/** What the search page's data hook is given (the server's SiteSearch), so pages never import server code. */
export interface SearchReader {
  /** A page of results; a query that is too long is refused (check it with parseQuery first). */
  search(lang: Lang, query: string, page: number, limit: number): Promise<SearchAnswer>;
}

/** Text as the index compares it: compatibility forms folded (full-width letters, ligatures) and lower case. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * What separates a query's words: spaces of any kind, and control and format characters (\p{Cc} and friends
 * match nothing a reader typed). A word never holds one, so the index's grams never span one either.
 */
export const WORD_SEPARATORS = /[\s\p{Cc}\p{Cf}\p{Z}]+/u;

/** What a query asks for: the words to find (each must appear), or why it cannot be searched. */
export type ParsedQuery = { terms: string[]; problem: null } | { terms: []; problem: 'tooLong' };

/**
 * A query's words: split at spaces of any kind (Chinese has none inside words, so a run of characters is one
 * word, matched anywhere in the text), normalized as the index is, each kept once, at most MAX_TERMS. Quotes
 * and operators are ordinary characters.
 */
export function parseQuery(query: string): ParsedQuery {
  const text = normalizeText(query).trim();
  if ([...text].length > MAX_QUERY_LENGTH) return { terms: [], problem: 'tooLong' };
  const words = text.split(WORD_SEPARATORS).filter(Boolean);
  return { terms: [...new Set(words)].slice(0, MAX_TERMS), problem: null };
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Characters as normalizeText folds them, kept: a page of snippets folds the same few hundred again and again. */
const foldedChars = new Map<string, string>();
function fold(c: string): string {
  let folded = foldedChars.get(c);
  if (folded === undefined) {
    folded = normalizeText(c);
    if (foldedChars.size < 20_000) foldedChars.set(c, folded);
  }
  return folded;
}

/** Where the terms occur in `text` (case and compatibility forms aside), as sorted, non-overlapping ranges. */
function matches(text: string, terms: readonly string[]): [number, number][] {
  // The folded text is searched, and each of its code units knows the character of the text shown it came from,
  // so positions stay those of the text shown whatever folding does to lengths; a match must begin and end at
  // whole characters.
  const chars = [...text];
  let folded = '';
  const from: number[] = [];
  chars.forEach((c, i) => {
    const f = fold(c);
    folded += f;
    for (let k = 0; k < f.length; k++) from.push(i);
  });
  const ranges: [number, number][] = [];
  for (const term of terms.filter(Boolean)) {
    for (let k = folded.indexOf(term); k !== -1; k = folded.indexOf(term, k + 1)) {
      const end = k + term.length;
      if ((k === 0 || from[k - 1] !== from[k]) && (end === folded.length || from[end] !== from[end - 1])) ranges.push([from[k]!, from[end - 1]! + 1]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** `text` as HTML with every occurrence of the terms in <mark>. */
export function markTerms(text: string, terms: readonly string[]): string {
  const chars = [...text];
  let html = '';
  let at = 0;
  for (const [start, end] of matches(text, terms)) {
    html += `${escapeHtml(chars.slice(at, start).join(''))}<mark>${escapeHtml(chars.slice(start, end).join(''))}</mark>`;
    at = end;
  }
  return html + escapeHtml(chars.slice(at).join(''));
}

/**
 * The part of `text` around the first match, about `length` characters, as HTML with the matches marked and an
 * ellipsis where it was cut; the start of the text when no term occurs in it (a match in the title only).
 */
export function snippetOf(text: string, terms: readonly string[], length = 120): string {
  const chars = [...text];
  const first = matches(text, terms)[0];
  const start = first ? Math.max(0, Math.min(first[0] - Math.floor(length / 3), chars.length - length)) : 0;
  const end = Math.min(chars.length, start + length);
  const piece = chars.slice(start, end).join('');
  return `${start > 0 ? '…' : ''}${markTerms(piece, terms)}${end < chars.length ? '…' : ''}`;
}
