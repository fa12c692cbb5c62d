import type { IncomingHttpHeaders } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import { DEFAULT_LANG, normalizeLang, pickAcceptLanguage, type Lang } from '../../shared/i18n/langs.ts';
import { header } from './header.ts';

const LANG_COOKIE = 'think_lang';
/** The cookie read as Koa's cookies module reads it. */
const LANG_COOKIE_PATTERN = new RegExp(`(?:^|;) *${LANG_COOKIE}=([^;]*)`);

/** What an answer in the request's language varies by besides its URL. */
export const LANG_VARY = ['Accept-Language', 'Cookie'] as const;

export interface LangChoice {
  lang: Lang;
  /** The language a link switched to (`?lang=`), when the cookie does not say it yet: pages remember it. */
  switchedTo: Lang | null;
}

function langCookieOf(headers: IncomingHttpHeaders): string | undefined {
  const value = LANG_COOKIE_PATTERN.exec(header(headers, 'cookie') ?? '')?.[1];
  return value?.[0] === '"' ? value.slice(1, -1) : value;
}

/** The request's language: `?lang=` → `think-lang` header → cookie → Accept-Language → zh-cn. */
export function langOf(headers: IncomingHttpHeaders, query: ParsedUrlQuery): LangChoice {
  const fromQuery = normalizeLang(typeof query.lang === 'string' ? query.lang : null);
  const cookie = langCookieOf(headers);
  const lang =
    fromQuery ??
    normalizeLang(header(headers, 'think-lang')) ??
    normalizeLang(cookie) ??
    pickAcceptLanguage(header(headers, 'accept-language')) ??
    DEFAULT_LANG;
  return { lang, switchedTo: fromQuery && fromQuery !== cookie ? fromQuery : null };
}

/** Remembers a language switched to by link, for a year, for pages, the member centre and the admin. */
export function langCookie(lang: Lang): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${365 * 86400}; SameSite=Lax`;
}
