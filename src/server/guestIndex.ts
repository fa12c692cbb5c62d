import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Lang } from '../shared/i18n/langs.ts';
import { COMPRESSION_THRESHOLD } from './request/encoding.ts';
import { NEGOTIATED_VARY, earlyRequestOf, handOver, sendEarly, type EarlyOptions } from './request/early.ts';
import { header } from './request/header.ts';
import { nextNonce } from './request/security.ts';

export const GUEST_INDEX_PATH = '/api/index/index';
/** The cache tag of the member rules: guests' menus are built from them. */
export const MEMBER_RULES_TAG = 'memberRules';
/** Origins times languages: more means a flood of made-up hosts, and starting afresh is cheap. */
const MAX_ENTRIES = 64;
/** Query parameters that do not change a guest's answer; any other (requiredLogin, a token) goes to Koa. */
const NEUTRAL_QUERY = new Set(['lang', 'server']);
/** Headers that make the answer differ from a guest's: tokens, and CORS and proxy headers Koa handles. */
const KOA_HEADERS = ['ba-user-token', 'bausertoken', 'batoken', 'ba-token', 'origin', 'x-forwarded-host'];
/** The headers of every guest answer besides those of any answer (sendEarly). */
const GUEST_HEADERS = ['Vary', NEGOTIATED_VARY, 'Content-Type', 'application/json; charset=utf-8'];

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

export interface GuestIndexOptions extends EarlyOptions {
  /** PUBLIC_URL, else '' (the CDN origin is then that of the request's host). */
  publicUrl: string;
  /** An API key encrypts every payload differently: no shared answer then. */
  encrypting: boolean;
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
  const early = earlyRequestOf(options, req, query);
  if (!early) return false;
  // Koa's ctx.host, which the route names the CDN origin after: the Host header's first value.
  const host = header(req.headers, 'host') ?? '';
  if (host.includes(',')) return false;
  const data = cache.get(cache.key(options.publicUrl || `//${host}`, early.lang));
  if (data === undefined) return false;
  const body = Buffer.from(`{"code":1,"msg":"","time":${Math.floor(Date.now() / 1000)},"data":${data}}`);
  // Koa would compress it: answered there.
  if (body.length >= COMPRESSION_THRESHOLD) return false;
  sendEarly(options, req, res, early, nextNonce(), GUEST_HEADERS, body);
  return true;
}

/** The request listener with guests' `/api/index/index` answered before `next` (Koa) sees them. */
export function withGuestIndex(cache: GuestIndexCache, options: GuestIndexOptions, next: RequestListener): RequestListener {
  return (req, res) => {
    let answered: boolean;
    try {
      answered = answerGuest(cache, options, req, res);
    } catch (err) {
      handOver(options, 'answering a guest index from the cache failed', err, req, res, next);
      return;
    }
    if (!answered) next(req, res);
  };
}
