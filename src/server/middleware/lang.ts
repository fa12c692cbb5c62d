import type { Context, Middleware } from 'koa';
import { DEFAULT_LANG, normalizeLang, pickAcceptLanguage } from '../../shared/i18n/langs.ts';
import { serverT } from '../i18n.ts';

export const LANG_COOKIE = 'think_lang';

/**
 * Resolves the request's language: `?lang=` → `think-lang` header → cookie → Accept-Language → zh-cn.
 * An explicit `?lang=` on a page is remembered in a cookie so the member centre and admin follow the switch.
 * Runs once per request, whichever middleware needs the language first.
 */
export function resolveLang(ctx: Context): void {
  if (ctx.state.lang) return;
  const fromQuery = normalizeLang(typeof ctx.query.lang === 'string' ? ctx.query.lang : null);
  const resolved =
    fromQuery ??
    normalizeLang(ctx.get('think-lang')) ??
    normalizeLang(ctx.cookies.get(LANG_COOKIE)) ??
    pickAcceptLanguage(ctx.get('accept-language')) ??
    DEFAULT_LANG;
  ctx.state.lang = resolved;
  ctx.state.t = serverT(resolved);
  if (fromQuery && ctx.state.kind === 'page' && ctx.cookies.get(LANG_COOKIE) !== fromQuery) {
    ctx.cookies.set(LANG_COOKIE, fromQuery, { httpOnly: false, sameSite: 'lax', maxAge: 365 * 86400 * 1000, overwrite: true });
  }
  ctx.vary('Accept-Language');
  ctx.vary('Cookie');
}

export function lang(): Middleware {
  return (ctx, next) => {
    resolveLang(ctx);
    return next();
  };
}
