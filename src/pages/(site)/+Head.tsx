import { usePageContext } from 'vike-react/usePageContext';
import { LANGS, htmlLang } from '../../shared/i18n/langs.ts';
import { withLang } from '../../shared/i18n/links.ts';
import { sectionOf } from '../../shared/sections.ts';
import { pageT } from '../i18n.ts';
import { themeColor } from '../themeColor.tsx';

/**
 * The head of every public page: Open Graph basics (title, description and image come from vike-react's
 * settings), the news feed on news pages, and for the sections' pages the canonical URL and the hreflang
 * alternates: every such page exists once per language, told apart by `?lang=`. The member centre and error
 * pages are not for search engines and get no canonical URL. One Head for all of it: vike-react renders each
 * Head on its own, and three of them cost an uncached /news 8% of its throughput (A/B on the bundle: 1,716
 * against 1,872 req/s). Head renders outside the i18n provider, hence pageT.
 */
export default function Head() {
  const { origin, lang, urlParsed, requestPath, site, preview } = usePageContext();
  const params = new URLSearchParams(urlParsed.search);
  params.delete('lang');
  const query = params.toString();
  const path = urlParsed.pathname + (query ? `?${query}` : '');
  const url = origin + withLang(path, lang);
  const section = sectionOf(urlParsed.pathname);
  const indexed = section !== null && sectionOf(requestPath) !== null && !preview;
  return (
    <>
      {section === 'news' && (
        <link rel="alternate" type="application/rss+xml" title={pageT(lang, 'content')('news.rssTitle')} href={origin + withLang('/news/rss.xml', lang, true)} />
      )}
      <meta property="og:type" content={urlParsed.pathname.endsWith('/info') || urlParsed.pathname.endsWith('/city') ? 'article' : 'website'} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={site.siteName} />
      <meta property="og:locale" content={lang === 'en' ? 'en_GB' : 'zh_CN'} />
      <meta property="og:locale:alternate" content={lang === 'en' ? 'zh_CN' : 'en_GB'} />
      {indexed && (
        <>
          <link rel="canonical" href={url} />
          {LANGS.map((l) => (
            <link key={l} rel="alternate" hrefLang={htmlLang(l)} href={origin + withLang(path, l, true)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={origin + path} />
        </>
      )}
      {preview && <meta name="robots" content="noindex, nofollow" />}
      {themeColor}
    </>
  );
}
