import type { Context, Middleware } from 'koa';
import { DEFAULT_LANG, normalizeLang, pickAcceptLanguage, type Lang } from '../../shared/i18n/langs.ts';
import { serverT } from '../i18n.ts';

export const LANG_COOKIE = 'think_lang';

export interface LangSources {
  query: string | null | undefined;
  header: string | null | undefined;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}

/** `?lang=` → `think-lang` header → cookie → Accept-Language → zh-cn. */
export function pickLang(sources: LangSources): Lang {
  return (
    normalizeLang(sources.query) ??
    normalizeLang(sources.header) ??
    normalizeLang(sources.cookie) ??
    pickAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LANG
  );
}

/** Remembers a language switched to by link, for a year, for pages, the member centre and the admin. */
export function langCookie(lang: Lang): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${365 * 86400}; SameSite=Lax`;
}

/**
 * Resolves the request's language (see pickLang). An explicit `?lang=` on a page is remembered in a cookie
 * so the member centre and admin follow the switch. Runs once per request, whichever middleware needs the
 * language first.
 */
export function resolveLang(ctx: Context): void {
  if (ctx.state.lang) return;
  const query = typeof ctx.query.lang === 'string' ? ctx.query.lang : null;
  const cookie = ctx.cookies.get(LANG_COOKIE);
  const resolved = pickLang({ query, header: ctx.get('think-lang'), cookie, acceptLanguage: ctx.get('accept-language') });
  ctx.state.lang = resolved;
  ctx.state.t = serverT(resolved);
  const fromQuery = normalizeLang(query);
  if (fromQuery && ctx.state.kind === 'page' && cookie !== fromQuery) ctx.append('Set-Cookie', langCookie(fromQuery));
  ctx.vary('Accept-Language');
  ctx.vary('Cookie');
}

export function lang(): Middleware {
  return (ctx, next) => {
    resolveLang(ctx);
    return next();
  };
}
