import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Logger } from 'pino';
import { isBypass, isCacheablePath, type PageCache } from './pageCache.ts';
import { classifyPath } from './middleware/classify.ts';
import { LANG_COOKIE, langCookie, pickLang } from './middleware/lang.ts';
import { requestIdOf } from './middleware/requestId.ts';
import { logWhenFinished } from './middleware/accessLog.ts';
import { FIXED_SECURITY_HEADERS, nextNonce, type CspOf } from './middleware/security.ts';
import { normalizeLang } from '../shared/i18n/langs.ts';
import { clientIp, type OriginPolicy } from './origin.ts';
import type { IpBan } from './services/ipBan.ts';

export interface CachedPagesOptions {
  adminBase: string;
  log: Logger;
  trustProxy: boolean;
  origins: OriginPolicy;
  ipBan: Pick<IpBan, 'blocksNow'>;
  csp: CspOf;
}

const FIXED_HEADERS = FIXED_SECURITY_HEADERS.flat();
const LANG_COOKIE_PATTERN = new RegExp(`(?:^|;) *${LANG_COOKIE}=([^;]*)`);

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function firstQueryValue(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Answers a request from the page cache if it is a hit that needs nothing else; false hands it to Koa.
 * Every check mirrors the middleware a hit would otherwise pass (classify, lang, security headers, request
 * id, access log), so a visitor gets the same answer either way, only without Koa's per-request cost.
 */
function answerFromCache(cache: PageCache, options: CachedPagesOptions, req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '';
  if ((req.method !== 'GET' && req.method !== 'HEAD') || url[0] !== '/' || isBypass(req.headers)) return false;
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const search = mark < 0 ? '' : url.slice(mark + 1);
  const query = search ? querystring.parse(search) : {};
  const classified = classifyPath(options.adminBase, path, !!header(req, 'server') || query.server !== undefined);
  if (classified.kind !== 'page' || classified.path !== path || !isCacheablePath(path)) return false;

  const cookie = LANG_COOKIE_PATTERN.exec(header(req, 'cookie') ?? '')?.[1];
  const queryLang = firstQueryValue(query.lang);
  const switched = normalizeLang(queryLang);
  const lang = pickLang({ query: queryLang, header: header(req, 'think-lang'), cookie, acceptLanguage: header(req, 'accept-language') });
  // A host we do not answer for, or a banned address (or a ban list not loaded yet), goes to Koa's checks.
  const origin = options.origins.originOf(req);
  if (origin === null) return false;
  const ip = clientIp(req, options.trustProxy);
  if (options.ipBan.blocksNow(ip) !== false) return false;
  const entry = cache.get(cache.key(origin, lang, path, search));
  if (!entry) return false;

  const nonce = nextNonce();
  const id = requestIdOf(header(req, 'x-request-id'));
  const answer = cache.answer(entry, req, nonce);
  if (!answer) return false;
  const { headers, body } = answer;
  // A language switch by link is remembered, as the lang middleware does.
  if (switched && switched !== cookie) headers.push('Set-Cookie', langCookie(switched));
  if (options.log.isLevelEnabled('info')) {
    logWhenFinished(options.log, res, { reqId: id, method: req.method, url, ip });
  }
  res.writeHead(200, ['X-Request-Id', id, ...FIXED_HEADERS, 'Content-Security-Policy', options.csp(nonce), ...headers, 'Content-Length', String(body.length)]);
  res.end(body);
  return true;
}

/**
 * The server's request listener: cached public pages, most of the public traffic, are answered before Koa
 * builds a context for them (measured with `npm run bench`); everything else goes through the Koa app.
 */
export function withCachedPages(cache: PageCache, options: CachedPagesOptions, koa: RequestListener): RequestListener {
  return (req, res) => {
    let answered = false;
    try {
      answered = answerFromCache(cache, options, req, res);
    } catch (err) {
      options.log.error({ err }, 'answering from the page cache failed');
      // Koa answers instead, through its error handling; a failure after the head went out ends the socket.
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    if (!answered) koa(req, res);
  };
}
