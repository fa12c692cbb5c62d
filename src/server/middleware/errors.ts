import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, sendEnvelope, sendError } from './envelope.ts';
import { serverT } from '../i18n.ts';
import { DEFAULT_LANG, htmlLang } from '../../shared/i18n/langs.ts';

// Body-parser failures are the caller's fault: say what was wrong instead of a generic server error.
const CLIENT_ERROR_KEYS: Record<number, string> = {
  400: 'invalidBody',
  413: 'bodyTooLarge',
  415: 'unsupportedBody',
};

function errorPage(ctx: Context): string {
  const lang = ctx.state.lang ?? DEFAULT_LANG;
  const t = serverT(lang, 'common');
  const title = t('serverError.title');
  return `<!doctype html><html lang="${htmlLang(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:sans-serif;text-align:center;padding:10vh 1rem"><h1>${title}</h1><p>${t('serverError.text')}</p><p><a href="/">${t('nav.home')}</a></p></body></html>`;
}

/**
 * Turns every failure into an answer the client understands: API calls get the envelope with a message in
 * the caller's language, pages a 500 page. Stack traces go to the log with the request id, never to clients.
 */
export function errors(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (ctx.headerSent) {
        log.error({ err, reqId: ctx.state.requestId }, 'error after response started');
        return;
      }
      if (!ctx.state.t) ctx.state.t = serverT(DEFAULT_LANG);
      if (err instanceof ApiError) {
        sendError(ctx, err);
        return;
      }
      const status = (err as { status?: number }).status ?? 500;
      const clientKey = CLIENT_ERROR_KEYS[status];
      if (ctx.state.kind === 'api') {
        if (clientKey) {
          sendEnvelope(ctx, 0, ctx.state.t(clientKey), null);
          return;
        }
        log.error({ err, reqId: ctx.state.requestId }, 'API request failed');
        sendEnvelope(ctx, 0, ctx.state.t('serverError'), null, 500);
        return;
      }
      log.error({ err, reqId: ctx.state.requestId }, 'page request failed');
      ctx.status = clientKey ? status : 500;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = errorPage(ctx);
    }
  };
}
