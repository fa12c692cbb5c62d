import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { sendEnvelope, sendError } from '../envelope.ts';
import { resolveLang } from './lang.ts';
import { serverT } from '../i18n.ts';
import { DEFAULT_LANG, htmlLang } from '../../shared/i18n/langs.ts';
import { Refusal, asClientError } from '../errors.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function errorPage(ctx: Context, title: string, text: string): string {
  const lang = ctx.state.lang ?? DEFAULT_LANG;
  const home = serverT(lang, 'common')('nav.home');
  // The response's CSP nonce lets this one style element through (style attributes are refused).
  const nonce = ctx.state.cspNonce ? ` nonce="${ctx.state.cspNonce}"` : '';
  return `<!doctype html><html lang="${htmlLang(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style${nonce}>body{font-family:sans-serif;text-align:center;padding:10vh 1rem}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">${escapeHtml(home)}</a></p></body></html>`;
}

/**
 * Turns every failure into an answer the client understands, in its language: API calls get the envelope,
 * pages an HTML page. A client's mistake keeps its 4xx status; anything else is a 500 whose stack trace goes
 * to the log with the request id, never to the client.
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
      // Headers set for the answer that failed (cache, encoding, length) do not describe this one.
      for (const name of ctx.response.headers ? Object.keys(ctx.response.headers) : []) {
        if (/^(content-|cache-control|x-page-cache|etag|last-modified)/i.test(name)) ctx.remove(name);
      }
      resolveLang(ctx);
      if (err instanceof Refusal) {
        sendError(ctx, err);
        return;
      }
      const client = asClientError(err);
      if (!client) log.error({ err, reqId: ctx.state.requestId }, ctx.state.kind === 'api' ? 'API request failed' : 'page request failed');
      const status = client?.status ?? 500;
      const message = client ? ctx.state.t(client.msgKey, client.params) : ctx.state.t('serverError');
      if (ctx.state.kind === 'api') {
        sendEnvelope(ctx, 0, message, null, status);
        return;
      }
      const common = serverT(ctx.state.lang, 'common');
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = client ? errorPage(ctx, serverT(ctx.state.lang, 'security')('clientErrorTitle'), message) : errorPage(ctx, common('serverError.title'), common('serverError.text'));
    } finally {
      // A body answered before it was read to the end (refused as too large or malformed, or not wanted) may be
      // left paused: the next request on this kept-alive connection would never be read, and the client would
      // wait until the socket timed out. Such a connection ends with this answer.
      if (!ctx.req.complete && !ctx.headerSent) ctx.set('Connection', 'close');
    }
  };
}
