import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import accepts from 'accepts';
import type { Logger } from 'pino';
import type { Lang } from '../shared/i18n/langs.ts';
import { logWhenFinished } from './middleware/accessLog.ts';
import { RESPONSE_ENCODINGS } from './middleware/compression.ts';
import { LANG_COOKIE, pickLang } from './middleware/lang.ts';
import { requestIdOf } from './middleware/requestId.ts';
import { FIXED_SECURITY_HEADERS, nextNonce, type CspOf } from './middleware/security.ts';
import { clientIp, type OriginPolicy } from './origin.ts';
import type { IpBan } from './services/ipBan.ts';

export const GUEST_INDEX_PATH = '/api/index/index';
/** The cache tag of the member rules: guests' menus are built from them. */
export const MEMBER_RULES_TAG = 'memberRules';
/** Origins times languages: more means a flood of made-up hosts, and starting afresh is cheap. */
const MAX_ENTRIES = 64;
/** Bodies from this size on are compressed by Koa (compression.ts); the early answer never compresses. */
const COMPRESSION_THRESHOLD = 1024;
/** Query parameters that do not change a guest's answer; any other (requiredLogin, a token) goes to Koa. */
const NEUTRAL_QUERY = new Set(['lang', 'server']);
/** Headers that make the answer differ from a guest's: tokens, and CORS and proxy headers Koa handles. */
const KOA_HEADERS = ['ba-user-token', 'bausertoken', 'batoken', 'ba-token', 'origin', 'x-forwarded-host'];
const FIXED_HEADERS = FIXED_SECURITY_HEADERS.flat();
const LANG_COOKIE_PATTERN = new RegExp(`(?:^|;) *${LANG_COOKIE}=([^;]*)`);

/**
 * What `GET /api/index/index` gives every guest of one origin in one language (site settings, the guest
 * rule tree), serialized once. The handler stores it; settings changes, member rule changes (the
 * MEMBER_RULES_TAG event, seen by every process through cache_event) and "clear cache" drop it.
 */
export class GuestIndexCache {
  private readonly entries = new Map<string, string>();
  /** Counts clears, so an answer built from data read before a clear is not stored after it. */
  private clears = 0;

  get generation(): number {
    return this.clears;
  }

  key(cdnOrigin: string, lang: Lang): string {
    return `${cdnOrigin} ${lang}`;
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  /** Stores an answer built since `generation` was read, unless the cache was cleared meanwhile. */
  set(key: string, data: unknown, generation: number): void {
    if (generation !== this.clears) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, JSON.stringify(data));
  }

  clear(): void {
    this.clears++;
    this.entries.clear();
  }
}

export interface GuestIndexOptions {
  log: Logger;
  trustProxy: boolean;
  origins: OriginPolicy;
  ipBan: Pick<IpBan, 'blocksNow'>;
  /** PUBLIC_URL, else '' (the CDN origin is then that of the request's host). */
  publicUrl: string;
  /** An API key encrypts every payload differently: no shared answer then. */
  encrypting: boolean;
  /** The Content-Security-Policy Koa would send (it names the bucket in s3 mode). */
  csp: CspOf;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Answers a guest's `GET /api/index/index` from the cache when nothing about the request needs Koa; false
 * hands it on. It sends what the route would (same envelope, headers and access log line), without Koa's
 * per-request cost: the page header of every visit asks for it.
 */
function answerGuest(cache: GuestIndexCache, options: GuestIndexOptions, req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '';
  if (req.method !== 'GET' || !url.startsWith(GUEST_INDEX_PATH) || options.encrypting) return false;
  const rest = url.slice(GUEST_INDEX_PATH.length);
  if (rest !== '' && rest[0] !== '?') return false;
  const query = rest ? querystring.parse(rest.slice(1)) : {};
  if (Object.keys(query).some((k) => !NEUTRAL_QUERY.has(k)) || Array.isArray(query.lang)) return false;
  if (KOA_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  // A request refusing every encoding gets Koa's 406.
  if (req.headers['accept-encoding'] && !accepts(req).encodings(...RESPONSE_ENCODINGS)) return false;
  if (options.origins.originOf(req) === null) return false;
  const ip = clientIp(req, options.trustProxy);
  if (options.ipBan.blocksNow(ip) !== false) return false;
  const lang = pickLang({
    query: query.lang ?? null,
    header: header(req, 'think-lang'),
    cookie: LANG_COOKIE_PATTERN.exec(header(req, 'cookie') ?? '')?.[1],
    acceptLanguage: header(req, 'accept-language'),
  });
  // Koa's ctx.host, which the route names the CDN origin after: the Host header's first value.
  const host = header(req, 'host') ?? '';
  if (host.includes(',')) return false;
  const data = cache.get(cache.key(options.publicUrl || `//${host}`, lang));
  if (data === undefined) return false;
  const body = Buffer.from(`{"code":1,"msg":"","time":${Math.floor(Date.now() / 1000)},"data":${data}}`);
  if (body.length >= COMPRESSION_THRESHOLD) return false;

  const id = requestIdOf(header(req, 'x-request-id'));
  if (options.log.isLevelEnabled('info')) logWhenFinished(options.log, res, { reqId: id, method: req.method, url, ip });
  res.writeHead(200, [
    'X-Request-Id', id,
    ...FIXED_HEADERS,
    'Content-Security-Policy', options.csp(nextNonce()),
    'Vary', 'Accept-Encoding, Accept-Language, Cookie',
    'Content-Type', 'application/json; charset=utf-8',
    'Content-Length', String(body.length),
  ]);
  res.end(body);
  return true;
}

/** The request listener with guests' `/api/index/index` answered before `next` (Koa) sees them. */
export function withGuestIndex(cache: GuestIndexCache, options: GuestIndexOptions, next: RequestListener): RequestListener {
  return (req, res) => {
    let answered = false;
    try {
      answered = answerGuest(cache, options, req, res);
    } catch (err) {
      options.log.error({ err }, 'answering a guest index from the cache failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    if (!answered) next(req, res);
  };
}
