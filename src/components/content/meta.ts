import type { Lang } from '../../shared/i18n/langs.ts';
import { withLang, writtenAsIs } from '../../shared/i18n/links.ts';

/** The picture shown (and shared) when an item has no cover of its own. */
export const DEFAULT_COVER = '/images/content/default.svg';

/** An absolute URL for Open Graph and feeds; `path` may already be absolute (a CDN cover). */
export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : origin + (path.startsWith('/') ? path : `/${path}`);
}

type QueryParams = Record<string, string | number | null | undefined>;

/** A link to a list or detail page with its query (empty values and page 1 left out), in the page's language. */
export function pageHref(path: string, params: QueryParams, lang: Lang): string {
  let q = '';
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (value === null || value === undefined || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    const text = String(value);
    q += `${q ? '&' : ''}${writtenAsIs(key) && writtenAsIs(text) ? `${key}=${text}` : new URLSearchParams({ [key]: text }).toString()}`;
  }
  return withLang(q ? `${path}?${q}` : path, lang);
}

/** Meta descriptions stay short: search engines cut around 160 characters. */
export function clip(text: string, max = 150): string {
  const flat = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
