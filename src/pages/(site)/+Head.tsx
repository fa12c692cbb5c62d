import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../shared/i18n/links.ts';

/** Open Graph basics of every public page (title, description and image come from vike-react's settings). */
export default function Head() {
  const { origin, lang, urlParsed, site } = usePageContext();
  const params = new URLSearchParams(urlParsed.search);
  params.delete('lang');
  const query = params.toString();
  const url = origin + withLang(urlParsed.pathname + (query ? `?${query}` : ''), lang);
  return (
    <>
      <meta property="og:type" content={urlParsed.pathname.endsWith('/info') || urlParsed.pathname.endsWith('/city') ? 'article' : 'website'} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={site.siteName} />
      <meta property="og:locale" content={lang === 'en' ? 'en_GB' : 'zh_CN'} />
      <meta property="og:locale:alternate" content={lang === 'en' ? 'zh_CN' : 'en_GB'} />
    </>
  );
}
