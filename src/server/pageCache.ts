import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from 'koa';
import { resolveLang } from './middleware/lang.ts';
import { NEGOTIATED_VARY } from './request/early.ts';
import { QUICK_LEVELS, compressBody, encodingOf, type Encoding, type Levels } from './request/encoding.ts';
import type { Lang } from '../shared/i18n/langs.ts';
import { sectionOf } from '../shared/sections.ts';
import { isPlainQuery, queryPairs } from '../shared/i18n/links.ts';

/** Stands for the per-request CSP nonce inside cached HTML; swapped for the real one on every hit. */
export const NONCE_PLACEHOLDER = 'CSP-NONCE-PLACEHOLDER';

const MAX_ENTRIES = 1000;
/** Everything a cached page depends on besides its own content kind: site name, record number... */
export const SITE_TAG = '*';

/**
 * Paths whose HTML is the same for every visitor: the public site, not the member centre or the admin, nor
 * the search page (a query each, rate-limited per address in Koa). Pages have no dot in their path; files
 * (favicon, assets, sitemap.xml) do, and pass on untouched.
 */
export function isCacheablePath(path: string): boolean {
  return !path.includes('.') && !/^\/(admin|user|404|401|search)(\/|$)/.test(path);
}

export interface Entry {
  html: string;
  tags: Set<string>;
  /** Whether the HTML carries the nonce placeholder (then every answer differs). */
  hasNonce: boolean;
  /** Lazily encoded copies, for HTML without a nonce (the same bytes for everyone): UTF-8, and compressed. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** For HTML with the nonce: its UTF-8 bytes between the placeholders, made on the first answer. */
  pieces?: Buffer[];
}

/** Tags a request's answer carries in its head beyond the cached page (the share card in WeChat's browser). */
export type ExtraHead = (headers: IncomingHttpHeaders, nonce: string) => string;

/**
 * Anonymous public HTML kept in memory per (origin, path + query, language), least recently used first out, and
 * dropped by tag when that kind of content changes (ARCHITECTURE section 4).
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts the drops: a page rendered across one may show what was dropped, and is not kept. */
  private generation = 0;

  /**
   * `extraHead` adds what a request's own head needs to a stored page (WeChat's share script); `enabled` false
   * (PAGE_CACHE=off) keeps nothing: every request renders its page.
   */
  constructor(
    private readonly extraHead: ExtraHead = () => '',
    private readonly enabled = true,
  ) {}

  /**
   * The entry of a page: its origin (absolute links differ per allowed host), language, path and query, its
   * parameters in code-unit order (localeCompare would load ICU's collation data, 2 MB, for a cache key).
   */
  key(origin: string, lang: Lang, path: string, querystring: string): string {
    if (!querystring) return `${origin} ${lang} ${path}?`;
    // Most queries (an id, a page) are pairs written as they are: split and joined without URLSearchParams.
    const params = queryPairs(querystring)
      .filter(([k]) => k !== 'lang')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `${origin} ${lang} ${path}?${isPlainQuery(querystring) ? params.map(([k, v]) => `${k}=${v}`).join('&') : new URLSearchParams(params).toString()}`;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Taken before a render: `set` keeps the page only if nothing was dropped since (a write, a scheduled time). */
  begin(): number {
    return this.generation;
  }

  set(key: string, path: string, html: string, since: number = this.generation): Entry {
    // A page's tag is its public section; resource definitions name the sections they appear in.
    const section = sectionOf(path);
    const tags = new Set([SITE_TAG, ...(section ? [section] : [])]);
    const entry: Entry = { html, tags, hasNonce: html.includes(NONCE_PLACEHOLDER), encoded: {} };
    if (!this.enabled || since !== this.generation) return entry;
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Drops every page showing one of these kinds of content; the site tag drops everything. */
  invalidate(tags: readonly string[]): void {
    this.generation++;
    if (tags.includes(SITE_TAG)) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (tags.some((t) => entry.tags.has(t))) this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer to a request from an entry, compressed here (the compression middleware never sees pages
   * answered before Koa): HTML without a nonce is the same for everyone, so its compressed bytes are made once
   * and kept; HTML with one differs per request and is compressed quickly each time, as any rendered page
   * would be. `state` says whether the page came from the cache or was rendered for this request.
   */
  answer(entry: Entry, encoding: Encoding, nonce: string, state: CacheState, request: IncomingHttpHeaders): { headers: string[]; body: Buffer | string } {
    const headers = [
      'Content-Type', 'text/html; charset=utf-8',
      'Cache-Control', 'no-cache',
      'X-Page-Cache', state,
      // Every variant of a page: encoding, the language chosen by header or cookie, and WeChat's browser.
      'Vary', PAGE_VARY,
    ];
    const extra = this.extraHead(request, nonce);
    if (extra) {
      // WeChat's browser only: its share card makes the page differ per request.
      const html = entry.html.replace('</head>', `${extra}</head>`).replaceAll(NONCE_PLACEHOLDER, nonce);
      if (encoding === 'identity') return { headers, body: html };
      headers.push('Content-Encoding', encoding);
      return { headers, body: compressBody(html, encoding, QUICK_LEVELS) };
    }
    // A page goes out as UTF-8 bytes made once: as a string (Chinese makes it two bytes a character), its
    // length and its bytes were worked out again for every answer, a third of the server's time for a hit.
    const bytes = entry.hasNonce ? withNonce(entry, nonce) : (entry.encoded.identity ??= Buffer.from(entry.html));
    if (encoding === 'identity') return { headers, body: bytes };
    headers.push('Content-Encoding', encoding);
    if (entry.hasNonce) return { headers, body: compressBody(bytes, encoding, QUICK_LEVELS) };
    return { headers, body: (entry.encoded[encoding] ??= compressBody(bytes, encoding, SMALL)) };
  }

  /** Answers a Koa request with a page just rendered and stored. */
  respond(ctx: Context, entry: Entry): void {
    // Requests that accept no encoding were refused before rendering (middleware/compression.ts).
    const { headers, body } = this.answer(entry, encodingOf(ctx.req) ?? 'identity', ctx.state.cspNonce, 'MISS', ctx.req.headers);
    ctx.status = 200;
    for (let i = 0; i < headers.length; i += 2) ctx.set(headers[i]!, headers[i + 1]!);
    ctx.compress = false;
    ctx.body = body;
  }
}

/** Pages differ by encoding and language, and get a share card in WeChat's browser (the user agent says which). */
const PAGE_VARY = `${NEGOTIATED_VARY}, User-Agent`;

/** Whether an answer came from the cache or was rendered for its request (the X-Page-Cache header). */
export type CacheState = 'HIT' | 'MISS';

const SMALL: Levels = { br: 9, gzip: 9 };

/** A page's bytes with this request's nonce, from its UTF-8 pieces around the placeholder (made once). */
function withNonce(entry: Entry, nonce: string): Buffer {
  entry.pieces ??= entry.html.split(NONCE_PLACEHOLDER).map((piece) => Buffer.from(piece));
  const mark = Buffer.from(nonce);
  return Buffer.concat(entry.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [mark, piece])));
}

/** The cache key of a page request, or null when the page is not cached (member centre, admin). */
export function cacheKeyOf(ctx: Context, cache: PageCache): string | null {
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.state.kind !== 'page' || !isCacheablePath(ctx.path)) return null;
  resolveLang(ctx);
  return cache.key(ctx.state.origin, ctx.state.lang, ctx.path, ctx.querystring);
}
