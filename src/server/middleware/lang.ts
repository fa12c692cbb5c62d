import type { Context, Middleware } from 'koa';
import { LANG_VARY, langCookie, langOf } from '../request/lang.ts';
import { serverT } from '../i18n.ts';

/**
 * Resolves the request's language (request/lang.ts). An explicit `?lang=` on a page is remembered in a cookie
 * so the member centre and admin follow the switch. Runs once per request, whichever middleware needs the
 * language first.
 */
export function resolveLang(ctx: Context): void {
  if (ctx.state.lang) return;
  const { lang, switchedTo } = langOf(ctx.req.headers, ctx.query);
  ctx.state.lang = lang;
  ctx.state.t = serverT(lang);
  if (switchedTo && ctx.state.kind === 'page') ctx.append('Set-Cookie', langCookie(switchedTo));
  for (const name of LANG_VARY) ctx.vary(name);
}

export function lang(): Middleware {
  return (ctx, next) => {
    resolveLang(ctx);
    return next();
  };
}
