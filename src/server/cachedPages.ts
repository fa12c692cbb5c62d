import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { isCacheablePath, type CacheState, type Entry, type PageCache } from './pageCache.ts';
import type { Renderer } from './render.ts';
import { classifyRequest } from './request/classify.ts';
import { earlyRequestOf, handOver, sendEarly, type EarlyOptions, type EarlyRequest } from './request/early.ts';
import { langCookie } from './request/lang.ts';
import { nextNonce } from './request/security.ts';
import { isPreviewQuery } from './services/previews.ts';

export interface CachedPagesOptions extends EarlyOptions {
  adminBase: string;
}

/** Renders public pages without islands (render.ts). */
export type IslandFreePages = Pick<Renderer, 'islandFree'>;

/** A request for a public page that may be answered before Koa, with what its answer depends on. */
interface PageRequest {
  url: string;
  path: string;
  key: string;
  early: EarlyRequest;
}

/**
 * The request, when it is for a public page that Koa's middleware would only pass through (classify, hosts,
 * ip ban, compression, lang); null hands it to Koa.
 */
function pageRequestOf(cache: PageCache, options: CachedPagesOptions, req: IncomingMessage): PageRequest | null {
  const url = req.url ?? '';
  if ((req.method !== 'GET' && req.method !== 'HEAD') || url[0] !== '/') return null;
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const search = mark < 0 ? '' : url.slice(mark + 1);
  const query = search ? querystring.parse(search) : {};
  const classified = classifyRequest(options.adminBase, path, req.headers, query);
  if (classified.kind !== 'page' || classified.path !== path || !isCacheablePath(path) || isPreviewQuery(query)) return null;
  const early = earlyRequestOf(options, req, query);
  if (!early) return null;
  return { url, path, key: cache.key(early.origin, early.lang, path, search), early };
}

/** Sends a page, with what Koa's middleware would have added (security headers, request id, lang cookie, log). */
function send(cache: PageCache, options: CachedPagesOptions, req: IncomingMessage, res: ServerResponse, page: PageRequest, entry: Entry, state: CacheState): void {
  const nonce = nextNonce();
  const { headers, body } = cache.answer(entry, page.early.encoding, nonce, state, req.headers);
  // A language switch by link is remembered, as the lang middleware does.
  if (page.early.switchedTo) headers.push('Set-Cookie', langCookie(page.early.switchedTo));
  sendEarly(options, req, res, page.early, nonce, headers, body);
}

/**
 * The server's request listener. Public pages, most of the traffic, are answered before Koa builds a context
 * for them: a hit from the page cache, and on a miss a page without islands, rendered and stored (through
 * Koa, an uncached /news made 15% fewer pages a second: 1,514 against 1,774 in an A/B run of the bundle).
 * Such a page takes the steps of Koa's middleware through the same functions (request/), so a visitor gets
 * the same answer either way. Everything else goes through the Koa app, and so does a page this cannot
 * answer (a 404, a failure).
 */
export function withCachedPages(cache: PageCache, options: CachedPagesOptions, pages: IslandFreePages, koa: RequestListener): RequestListener {
  const fail = (err: unknown, req: IncomingMessage, res: ServerResponse) => handOver(options, 'answering a public page before Koa failed', err, req, res, koa);
  const renderAndSend = async (req: IncomingMessage, res: ServerResponse, page: PageRequest) => {
    const since = cache.begin();
    const html = await pages.islandFree(page.url, page.early.lang, page.early.origin);
    if (html === null) koa(req, res);
    else send(cache, options, req, res, page, cache.set(page.key, page.path, html, since), 'MISS');
  };
  return (req, res) => {
    try {
      const page = pageRequestOf(cache, options, req);
      if (!page) return koa(req, res);
      // A hard reload (Cache-Control: no-cache) is answered from the cache too: every change drops the pages
      // it shows, in every process, so a stored page is never stale, and no visitor can make every request a render.
      const entry = cache.get(page.key);
      if (entry) send(cache, options, req, res, page, entry, 'HIT');
      else renderAndSend(req, res, page).catch((err: unknown) => fail(err, req, res));
    } catch (err) {
      fail(err, req, res);
    }
  };
}
