import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import type { Logger } from 'pino';
import type { Lang } from '../../shared/i18n/langs.ts';
import { clientIp, type OriginPolicy } from '../origin.ts';
import type { IpBan } from '../services/ipBan.ts';
import { logWhenFinished } from './accessLog.ts';
import { encodingOf, type Encoding } from './encoding.ts';
import { LANG_VARY, langOf } from './lang.ts';
import { requestIdOf } from './requestId.ts';
import { SECURITY_HEADERS, type CspOf } from './security.ts';

// Answers given before Koa (cachedPages.ts, guestIndex.ts) take the steps Koa's middleware would take for the
// same request, through the same functions: these are the steps both take.

export interface EarlyOptions {
  log: Logger;
  trustProxy: boolean;
  origins: OriginPolicy;
  ipBan: Pick<IpBan, 'blocksNow'>;
  /** The Content-Security-Policy Koa would send (it names the bucket in s3 mode). */
  csp: CspOf;
}

/** What Koa's middleware establish for a request they pass on to its handler. */
export interface EarlyRequest {
  origin: string;
  /** The client's address. */
  ip: string;
  encoding: Encoding;
  lang: Lang;
  switchedTo: Lang | null;
}

/** The Vary of an answer negotiated as Koa's compression and lang middleware do: encoding and language. */
export const NEGOTIATED_VARY = ['Accept-Encoding', ...LANG_VARY].join(', ');

/**
 * The request as Koa's host check, ip ban, compression and lang middleware see it; null when one of them would
 * answer it instead (421, 403, 406) or the ban list is not loaded yet: Koa then takes the request.
 */
export function earlyRequestOf(options: EarlyOptions, req: IncomingMessage, query: ParsedUrlQuery): EarlyRequest | null {
  const origin = options.origins.originOf(req);
  if (origin === null) return null;
  const ip = clientIp(req, options.trustProxy);
  if (options.ipBan.blocksNow(ip) !== false) return null;
  const encoding = encodingOf(req);
  if (encoding === null) return null;
  const { lang, switchedTo } = langOf(req.headers, query);
  return { origin, ip, encoding, lang, switchedTo };
}

/**
 * Sends a 200 with what Koa's middleware put on every answer (the request id, the security headers and the CSP
 * of `nonce`) before `headers`, and writes its access log line when it is finished.
 */
export function sendEarly(options: EarlyOptions, req: IncomingMessage, res: ServerResponse, request: EarlyRequest, nonce: string, headers: readonly string[], body: Buffer | string): void {
  const id = requestIdOf(req.headers);
  if (options.log.isLevelEnabled('info')) logWhenFinished(options.log, res, { reqId: id, method: req.method, url: req.url, ip: request.ip });
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  res.writeHead(200, ['X-Request-Id', id, ...SECURITY_HEADERS, 'Content-Security-Policy', options.csp(nonce), ...headers, 'Content-Length', String(length)]);
  res.end(body);
}

/** After a failure before Koa, Koa answers instead, through its error handling; once the head went out, the socket ends. */
export function handOver(options: EarlyOptions, message: string, err: unknown, req: IncomingMessage, res: ServerResponse, koa: RequestListener): void {
  options.log.error({ err }, message);
  if (res.headersSent) res.destroy();
  else koa(req, res);
}
