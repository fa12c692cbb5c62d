import { usePageContext } from 'vike-react/usePageContext';
import { LANGS, htmlLang, type Lang } from '../../shared/i18n/langs.ts';
import { queryWithoutLang, withLang } from '../../shared/i18n/links.ts';
import { sectionOf } from '../../shared/sections.ts';
import type { HeadStamp, PageContextOfHead } from '../../shared/fragments.ts';
import { pageT } from '../i18n.ts';
import { themeColor } from '../themeColor.tsx';

/** Which tags a page's head has: one markup per shape and language. */
interface HeadShape {
  lang: Lang;
  /** News pages point to the feed. */
  news: boolean;
  article: boolean;
  /** The sections' pages name their canonical URL and their other languages. */
  indexed: boolean;
  preview: boolean;
}

/** The URLs and names the tags carry. */
interface HeadTexts {
  url: string;
  feed: string;
  siteName: string;
  /** Each language's URL, in LANGS' order, then the one without a language. */
  alternates: string[];
}

function headOf(pageContext: PageContextOfHead): { shape: HeadShape; texts: HeadTexts } {
  const { origin, lang, urlParsed, requestPath, site, preview } = pageContext;
  const query = queryWithoutLang(urlParsed.search);
  const path = urlParsed.pathname + (query && `?${query}`);
  const section = sectionOf(urlParsed.pathname);
  return {
    shape: {
      lang,
      news: section === 'news',
      article: urlParsed.pathname.endsWith('/info') || urlParsed.pathname.endsWith('/city'),
      indexed: section !== null && sectionOf(requestPath) !== null && !preview,
      preview,
    },
    texts: {
      url: origin + withLang(path, lang),
      feed: origin + withLang('/news/rss.xml', lang, true),
      siteName: site.siteName,
      alternates: [...LANGS.map((l) => origin + withLang(path, l, true)), origin + path],
    },
  };
}

function HeadView({ shape, texts }: { shape: HeadShape; texts: HeadTexts }) {
  const { lang } = shape;
  return (
    <>
      {shape.news && <link rel="alternate" type="application/rss+xml" title={pageT(lang, 'content')('news.rssTitle')} href={texts.feed} />}
      <meta property="og:type" content={shape.article ? 'article' : 'website'} />
      <meta property="og:url" content={texts.url} />
      <meta property="og:site_name" content={texts.siteName} />
      <meta property="og:locale" content={lang === 'en' ? 'en_GB' : 'zh_CN'} />
      <meta property="og:locale:alternate" content={lang === 'en' ? 'zh_CN' : 'en_GB'} />
      {shape.indexed && (
        <>
          <link rel="canonical" href={texts.url} />
          {LANGS.map((l, i) => (
            <link key={l} rel="alternate" hrefLang={htmlLang(l)} href={texts.alternates[i]} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={texts.alternates[LANGS.length]} />
        </>
      )}
      {shape.preview && <meta name="robots" content="noindex, nofollow" />}
      {themeColor}
    </>
  );
}

/**
 * The head of every public page: Open Graph basics (title, description and image come from vike-react's
 * settings), the news feed on news pages, and for the sections' pages the canonical URL and the hreflang
 * alternates: every such page exists once per language, told apart by `?lang=`. The member centre and error
 * pages are not for search engines and get no canonical URL. One Head for all of it: vike-react renders each
 * Head on its own, and three of them cost an uncached /news 8% of its throughput (A/B on the bundle: 1,716
 * against 1,872 req/s). Head renders outside the i18n provider, hence pageT.
 */
export default function Head() {
  return <HeadView {...headOf(usePageContext())} />;
}

/**
 * The static renderer stamps it (src/server/staticPages.ts): its markup once per shape, the URLs and names
 * filled in, where its own render was a tenth of an uncached /news/info.
 */
Head.stamp = (pageContext: PageContextOfHead): HeadStamp => {
  const { shape, texts } = headOf(pageContext);
  const holes = [texts.url, texts.feed, texts.siteName, ...texts.alternates];
  return {
    key: JSON.stringify(shape),
    holes,
    render: ([url = '', feed = '', siteName = '', ...alternates]) => <HeadView shape={shape} texts={{ url, feed, siteName, alternates }} />,
  };
};
