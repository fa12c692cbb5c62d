import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { resolveLang } from './middleware/lang.ts';
import type { Lang } from '../shared/i18n/langs.ts';
import { sectionOf } from '../shared/sections.ts';

/** Stands for the per-request CSP nonce inside cached HTML; swapped for the real one on every hit. */
export const NONCE_PLACEHOLDER = 'CSP-NONCE-PLACEHOLDER';

const MAX_ENTRIES = 1000;
/** Everything a cached page depends on besides its own content kind: site name, record number... */
export const SITE_TAG = '*';

/**
 * Paths whose HTML is the same for every visitor: the public site, not the member centre or the admin.
 * Pages have no dot in their path; files (favicon, assets, sitemap.xml) do, and pass on untouched.
 */
export function isCacheablePath(path: string): boolean {
  return !path.includes('.') && !/^\/(admin|user|404|401)(\/|$)/.test(path);
}

interface Entry {
  html: string;
  tags: Set<string>;
  /** Whether the HTML carries the nonce placeholder (then every answer differs). */
  hasNonce: boolean;
  /** UTF-8 bytes and lazily compressed copies, for HTML without a nonce (the same bytes for everyone). */
  encoded: Partial<Record<'br' | 'gzip' | 'identity', Buffer>>;
}

/**
 * Anonymous public HTML kept in memory per (path + query, language), least recently used first out, and
 * dropped by tag when that kind of content changes (ARCHITECTURE section 4).
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  hits = 0;
  misses = 0;

  key(lang: Lang, path: string, querystring: string): string {
    if (!querystring) return `${lang} ${path}?`;
    const params = [...new URLSearchParams(querystring)].filter(([k]) => k !== 'lang').sort(([a], [b]) => a.localeCompare(b));
    return `${lang} ${path}?${new URLSearchParams(params).toString()}`;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits++;
    } else {
      this.misses++;
    }
    return entry;
  }

  set(key: string, path: string, html: string): Entry {
    // A page's tag is its public section; resource definitions name the sections they appear in.
    const section = sectionOf(path);
    const tags = new Set([SITE_TAG, ...(section ? [section] : [])]);
    const entry: Entry = { html, tags, hasNonce: html.includes(NONCE_PLACEHOLDER), encoded: {} };
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Drops every page showing one of these kinds of content; the site tag drops everything. */
  invalidate(tags: readonly string[]): void {
    if (tags.includes(SITE_TAG)) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (tags.some((t) => entry.tags.has(t))) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Answers from an entry, compressing here (the compression middleware does not wrap cache hits): HTML
   * without a nonce is the same for everyone, so its compressed bytes are made once and kept; HTML with one
   * differs per request and is compressed quickly each time, as any rendered page would be.
   */
  respond(ctx: Context, entry: Entry): void {
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Page-Cache', 'HIT');
    // Every variant of a page: encoding, and the language chosen by header or cookie.
    ctx.set('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    ctx.compress = false;
    const accepted = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const encoding = accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    if (entry.hasNonce) {
      ctx.body = encode(entry.html.replaceAll(NONCE_PLACEHOLDER, ctx.state.cspNonce), encoding, FAST);
      return;
    }
    entry.encoded[encoding] ??= encode(entry.html, encoding, SMALL);
    ctx.body = entry.encoded[encoding];
  }
}

const FAST = { br: 4, gzip: 6 };
const SMALL = { br: 9, gzip: 9 };

function encode(html: string, encoding: 'br' | 'gzip' | 'identity', level: { br: number; gzip: number }): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level.br } });
  if (encoding === 'gzip') return zlib.gzipSync(html, { level: level.gzip });
  return Buffer.from(html);
}

function isBypass(ctx: Context): boolean {
  // A hard reload (Cache-Control: no-cache) renders afresh, which also refreshes the entry.
  return /no-cache/.test(ctx.get('cache-control')) || /no-cache/.test(ctx.get('pragma'));
}

/** The cache key of a page request, or null when the page is not cached (member centre, admin, reloads). */
export function cacheKeyOf(ctx: Context, cache: PageCache): string | null {
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.state.kind !== 'page' || !isCacheablePath(ctx.path)) return null;
  resolveLang(ctx);
  return cache.key(ctx.state.lang, ctx.path, ctx.querystring);
}

/**
 * Answers cached pages right after the security headers, before compression, static files, the API and
 * the renderer: a hit is most of the public traffic and needs none of them. Misses go on and are stored
 * by the renderer.
 */
export function servedFromCache(cache: PageCache): Middleware {
  return (ctx, next) => {
    const key = cacheKeyOf(ctx, cache);
    const entry = key && !isBypass(ctx) ? cache.get(key) : undefined;
    if (!entry) return next();
    cache.respond(ctx, entry);
    return undefined;
  };
}
