import zlib from 'node:zlib';
import type { Context } from 'koa';
import type { Lang } from '../shared/i18n/langs.ts';
import { sectionOf } from '../shared/sections.ts';

/** Stands for the per-request CSP nonce inside cached HTML; swapped for the real one on every hit. */
export const NONCE_PLACEHOLDER = 'CSP-NONCE-PLACEHOLDER';

const MAX_ENTRIES = 1000;
/** Everything a cached page depends on besides its own content kind: site name, record number... */
export const SITE_TAG = '*';

/** Paths whose HTML is the same for every visitor: the public site, not the member centre or the admin. */
export function isCacheablePath(path: string): boolean {
  return !/^\/(admin|user|404|401)(\/|$)/.test(path);
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

  key(lang: Lang, path: string, search: URLSearchParams): string {
    const params = [...search].filter(([k]) => k !== 'lang').sort(([a], [b]) => a.localeCompare(b));
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

  /** Answers from an entry: the nonce filled in, or pre-compressed bytes when the HTML has none. */
  respond(ctx: Context, entry: Entry): void {
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Page-Cache', 'HIT');
    ctx.vary('Accept-Encoding');
    if (entry.hasNonce) {
      // Different bytes for every request (the nonce): compressed on the way out like any page.
      ctx.body = entry.html.replaceAll(NONCE_PLACEHOLDER, ctx.state.cspNonce);
      return;
    }
    // Already negotiated here; the compression middleware has nothing left to do.
    ctx.compress = false;
    const accepted = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const encoding = accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
    entry.encoded[encoding] ??=
      encoding === 'br'
        ? zlib.brotliCompressSync(entry.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : encoding === 'gzip'
          ? zlib.gzipSync(entry.html, { level: 9 })
          : Buffer.from(entry.html);
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.body = entry.encoded[encoding];
  }
}
