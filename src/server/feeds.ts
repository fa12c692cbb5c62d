import type { Context, Middleware } from 'koa';
import type { Services } from './services/index.ts';
import { serverT } from './i18n.ts';
import { LANGS, htmlLang, type Lang } from '../shared/i18n/langs.ts';
import { withLang } from '../shared/i18n/links.ts';
import { isoDate } from '../shared/time.ts';
import { PUBLIC_SECTIONS } from '../shared/sections.ts';

/**
 * sitemap.xml, robots.txt and the news RSS feed: small documents built from the content tables, served
 * before the page renderer (they are not pages).
 */

const RSS_ITEMS = 20;

/** Every public page without an id; detail pages come from the database. */
const STATIC_PATHS = [...PUBLIC_SECTIONS.map((s) => s.path), '/index2'];

function xml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** Every language version of a path: Chinese bare (the default), others with ?lang=. */
function alternates(origin: string, path: string): { lang: Lang; href: string }[] {
  return LANGS.map((lang) => ({ lang, href: origin + withLang(path, lang) }));
}

async function sitemap(services: Services, origin: string): Promise<string> {
  const entries = [...STATIC_PATHS.map((path) => ({ path, lastmod: 0 })), ...(await services.content.sitemapEntries())];
  const timeZone = await services.settings.timeZone();
  const urls = entries.flatMap(({ path, lastmod }) => {
    const versions = alternates(origin, path);
    const links = versions.map((v) => `<xhtml:link rel="alternate" hreflang="${htmlLang(v.lang)}" href="${xml(v.href)}"/>`).join('');
    const mod = lastmod ? `<lastmod>${isoDate(lastmod, timeZone)}</lastmod>` : '';
    return versions.map((v) => `<url><loc>${xml(v.href)}</loc>${mod}${links}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

function robots(origin: string, adminBase: string): string {
  const closed = [...new Set(['/admin', adminBase, '/user', '/api'])];
  return `User-agent: *\n${closed.map((p) => `Disallow: ${p}\n`).join('')}Allow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

async function rss(services: Services, origin: string, lang: Lang): Promise<string> {
  const t = serverT(lang, 'common');
  const site = await services.settings.site(lang, origin);
  const items = await services.content.latestNews(lang, RSS_ITEMS);
  const self = origin + withLang('/news/rss.xml', lang, true);
  const channelTitle = `${t('title.news')} - ${site.siteName}`;
  const entries = items.map((item) => {
    const link = origin + withLang(`/news/info?id=${item.id}`, lang);
    return (
      `<item><title>${xml(item.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid>` +
      `<pubDate>${new Date(item.publishTime * 1000).toUTCString()}</pubDate><description>${xml(item.summary)}</description></item>`
    );
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>' +
    `<title>${xml(channelTitle)}</title><link>${xml(origin + withLang('/news', lang))}</link>` +
    `<description>${xml(serverT(lang, 'content')('news.lead'))}</description><language>${htmlLang(lang).toLowerCase()}</language>` +
    `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>` +
    (items[0] ? `<lastBuildDate>${new Date(items[0].publishTime * 1000).toUTCString()}</lastBuildDate>` : '') +
    `${entries.join('')}</channel></rss>\n`
  );
}

const FEED_PATHS = new Set(['/sitemap.xml', '/robots.txt', '/news/rss.xml']);

export function feeds(services: Services): Middleware {
  return async (ctx: Context, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !FEED_PATHS.has(ctx.path)) return next();
    const origin = services.origin(ctx);
    switch (ctx.path) {
      case '/sitemap.xml':
        ctx.type = 'application/xml; charset=utf-8';
        ctx.body = await sitemap(services, origin);
        break;
      case '/robots.txt':
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = robots(origin, services.config.adminBase);
        break;
      case '/news/rss.xml':
        ctx.type = 'application/rss+xml; charset=utf-8';
        ctx.body = await rss(services, origin, ctx.state.lang);
        break;
      default:
        return next();
    }
    // Feed readers and crawlers poll: let them revalidate, while the content may change at any time.
    ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  };
}
