import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, sendEnvelope, sendError } from './envelope.ts';
import { resolveLang } from './lang.ts';
import { serverT } from '../i18n.ts';
import { DEFAULT_LANG, htmlLang } from '../../shared/i18n/langs.ts';
import { isBadValueError } from '../dialect.ts';

/**
 * A request the server refuses at the HTTP level because of how the client sent it (malformed or oversized
 * data, an encoding it cannot produce, an unknown host): a 4xx status with a message key and its params.
 */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    readonly msgKey: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(msgKey);
  }
}

// Failures of body parsers and other libraries that carry a 4xx status: say what was wrong.
const CLIENT_ERROR_KEYS: Record<number, string> = {
  400: 'api:invalidBody',
  413: 'api:bodyTooLarge',
  415: 'api:unsupportedBody',
};

/** The client error an exception stands for, or null when it is the server's own failure. */
export function asClientError(err: unknown): ClientError | null {
  if (err instanceof ClientError) return err;
  if (isBadValueError(err)) return new ClientError(400, 'api:invalidValue');
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return new ClientError(status, CLIENT_ERROR_KEYS[status] ?? 'api:invalidBody');
  return null;
}

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
      if (err instanceof ApiError) {
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
