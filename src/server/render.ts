import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Middleware } from 'koa';
import type { PageBuilds } from './builds.ts';
import { runMode } from './runtime.ts';
import { importFile } from './importFile.ts';
import type { Services } from './services/index.ts';
import type { PortalPageContext } from '../shared/pageContext.ts';
import { FragmentCache } from './fragments.ts';
import type { Lang } from '../shared/i18n/langs.ts';
import { NONCE_PLACEHOLDER, cacheKeyOf } from './pageCache.ts';
import { clearVikeBuild, registeredVikeBuild, type VikeBuild } from './vikeBuild.ts';
import { StaticPages } from './staticPages.ts';
import type { PreviewTarget } from './services/content.ts';
import { PREVIEW_PARAM, isPreviewQuery } from './services/previews.ts';

export interface Renderer {
  /** Vite's dev middleware (assets, HMR) in development; nothing in production. */
  devAssets: Middleware | null;
  pages: Middleware;
  /**
   * The HTML of a public page without islands, for the listener that answers such pages before Koa
   * (cachedPages.ts); null when the page is Koa's and Vike's to answer (a page with islands, a 404, a failure).
   */
  islandFree(urlOriginal: string, lang: Lang, origin: string): Promise<string | null>;
  close(): Promise<void>;
}

// Vike's server code is loaded with the first page (or the development server), not at start: a process that
// answers only the API (a test's server, a worker) never pays for it.
let vikeServerModule: Promise<typeof import('vike/server')> | undefined;
const vikeServer = () => (vikeServerModule ??= import('vike/server'));

const NOT_FOUND_PATH = '/404';
/** Pages that stand for an error answer with its status: whoever lands on them did not get what they asked for. */
const STATUS_PAGES: Readonly<Record<string, number>> = { [NOT_FOUND_PATH]: 404, '/401': 401 };

/** Vite's Connect middleware as Koa middleware: Vite either answers (we step aside) or calls next. */
function fromConnect(handler: (req: Context['req'], res: Context['res'], next: (err?: unknown) => void) => void): Middleware {
  return (ctx, next) =>
    new Promise<void>((resolve, reject) => {
      const res = ctx.res;
      const originalEnd = res.end.bind(res);
      res.end = ((...args: Parameters<typeof res.end>) => {
        ctx.respond = false;
        const result = originalEnd(...args);
        resolve();
        return result;
      }) as typeof res.end;
      handler(ctx.req, res, (err) => {
        res.end = originalEnd;
        if (err) reject(err);
        else next().then(resolve, reject);
      });
    });
}

/**
 * Makes Vike render with the build in `dir`: its server entry registers the build when imported (the
 * bundled server starts with its own build registered: `preloaded`). Each load imports the entry under a new
 * URL, so switching back to a build seen before runs its registration again.
 */
function buildLoader(builds: PageBuilds, preloaded: boolean): { ready(): Promise<void>; load(dir: string): Promise<void> } {
  let loads = preloaded ? 1 : 0;
  let loading: Promise<void> | null = preloaded ? Promise.resolve() : null;
  const load = (dir: string): Promise<void> => {
    const attempt = (async () => {
      if (loads > 0) clearVikeBuild();
      loads++;
      await importFile(`${pathToFileURL(path.join(dir, 'server/entry.mjs')).href}?load=${loads}`);
    })();
    loading = attempt;
    // A failed first load (no build yet) is tried again by the next request.
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    return attempt;
  };
  return {
    async ready() {
      for (;;) {
        const attempt = loading ?? load(builds.current());
        try {
          await attempt;
          return;
        } catch (err) {
          // A swap that failed is followed at once by the switch back: render with that one.
          if (loading === null || loading === attempt) throw err;
        }
      }
    },
    load,
  };
}

export async function createRenderer(services: Services, dev: boolean): Promise<Renderer> {
  const { config, settings, pageCache, builds } = services;
  let devAssets: Middleware | null = null;
  let close = async () => {};
  const build = dev ? null : buildLoader(builds, runMode !== 'source');
  if (build) {
    builds.onSwap(async (dir) => {
      await build.load(dir);
      pageCache.clear();
    });
  }
  // Development renders the stamped parts inline: its components change under it.
  const fragments = dev ? undefined : new FragmentCache();
  if (dev) {
    const { createDevMiddleware } = await vikeServer();
    const { devMiddleware, viteServer } = await createDevMiddleware({ root: config.root });
    devAssets = fromConnect((req, res, next) => devMiddleware(req, res, next));
    close = () => viteServer.close();
  }

  let statics: { build: VikeBuild; pages: StaticPages } | null = null;
  /** The fast renderer of pages without islands for the build Vike renders with (none in development). */
  function staticPages(): StaticPages | null {
    const vikeBuild = dev ? null : registeredVikeBuild();
    if (!vikeBuild) return null;
    if (statics?.build !== vikeBuild) statics = { build: vikeBuild, pages: new StaticPages(vikeBuild) };
    return statics.pages;
  }

  async function vikePage(ctx: Context, urlOriginal: string, cacheKey: string | null, extras: PortalPageContext) {
    const { renderPage } = await vikeServer();
    const pageContext = await renderPage({
      urlOriginal,
      headersOriginal: ctx.headers,
      // Cached HTML is shared between requests, so it carries a placeholder that each answer fills in.
      cspNonce: dev ? undefined : cacheKey ? NONCE_PLACEHOLDER : ctx.state.cspNonce,
      ...extras,
    });
    return pageContext.httpResponse;
  }

  /** What every render is given besides Vike's fields; files are served from the page's own origin by default. */
  async function extrasOf(lang: Lang, origin: string, requestPath: string, preview: PreviewTarget | null = null): Promise<PortalPageContext> {
    return {
      lang,
      site: await settings.site(lang, config.publicUrl || origin.slice(origin.indexOf('//'))),
      adminBase: config.adminBase,
      apiEncryptKey: config.apiEncryptKey,
      origin,
      requestPath,
      content: preview ? services.content.previewing(preview) : services.content,
      preview: preview !== null,
      search: services.search,
      fragments,
    };
  }

  async function render(ctx: Context, urlOriginal: string, cacheKey: string | null = null, preview: PreviewTarget | null = null): Promise<boolean> {
    await build?.ready();
    const since = pageCache.begin();
    const extras = await extrasOf(ctx.state.lang, services.origin(ctx), ctx.originalUrl.split('?')[0] ?? '/', preview);
    const httpResponse = (await staticPages()?.render(urlOriginal, extras)) ?? (await vikePage(ctx, urlOriginal, cacheKey, extras));
    if (!httpResponse) return false;
    const pageStatus = STATUS_PAGES[urlOriginal.split('?')[0] ?? ''];
    if (httpResponse.statusCode === 404 && pageStatus !== 404) {
      const rendered = await render(ctx, NOT_FOUND_PATH + (ctx.search || ''));
      ctx.status = 404;
      return rendered;
    }
    ctx.status = pageStatus ?? httpResponse.statusCode;
    for (const [name, value] of httpResponse.headers) {
      // Our security middleware owns the CSP header (it covers more than scripts).
      if (name.toLowerCase() !== 'content-security-policy') ctx.set(name, value);
    }
    if (cacheKey && ctx.status === 200) {
      pageCache.respond(ctx, pageCache.set(cacheKey, urlOriginal.split('?')[0] ?? '/', httpResponse.body, since));
      return true;
    }
    ctx.body = cacheKey ? httpResponse.body.replaceAll(NONCE_PLACEHOLDER, ctx.state.cspNonce) : httpResponse.body;
    return true;
  }

  const pages: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    // A preview link (valid or not) is one person's page: never cached, indexed or passed on as a referrer.
    if (isPreviewQuery(ctx.query)) {
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', 'no-referrer');
      if (!(await render(ctx, ctx.url, null, services.previews.resolve(ctx.path, ctx.query.id, ctx.query[PREVIEW_PARAM])))) await next();
      return;
    }
    // ctx.url carries the internal /admin prefix when the admin lives under another base. Hits were
    // answered before Koa (cachedPages.ts); a cacheable page rendered here is stored for the next visitor.
    const cacheKey = dev ? null : cacheKeyOf(ctx, pageCache);
    if (!(await render(ctx, ctx.url, cacheKey))) await next();
  };

  async function islandFree(urlOriginal: string, lang: Lang, origin: string): Promise<string | null> {
    await build?.ready();
    const pages = staticPages();
    const path = urlOriginal.split('?', 1)[0]!;
    if (!pages?.serves(path)) return null;
    return (await pages.render(urlOriginal, await extrasOf(lang, origin, path)))?.body ?? null;
  }

  return { devAssets, pages, islandFree, close: () => close() };
}
