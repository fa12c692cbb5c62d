import { usePageContext } from 'vike-react/usePageContext';
import { LANGS, htmlLang } from '../shared/i18n/langs.ts';
import { withLang } from '../shared/i18n/links.ts';
import { sectionOf } from '../shared/sections.ts';

/**
 * Canonical URL and hreflang alternates of public pages: every page exists once per language, told apart by
 * `?lang=`. The member centre, the back office and error pages are not for search engines and get none.
 */
export default function Head() {
  const { origin, lang, urlParsed, requestPath } = usePageContext();
  const theme = <meta name="theme-color" content="#0f4c5c" />;
  if (sectionOf(requestPath) === null || sectionOf(urlParsed.pathname) === null) return theme;
  const params = new URLSearchParams(urlParsed.search);
  params.delete('lang');
  const query = params.toString();
  const path = urlParsed.pathname + (query ? `?${query}` : '');
  return (
    <>
      <link rel="canonical" href={origin + withLang(path, lang)} />
      {LANGS.map((l) => (
        <link key={l} rel="alternate" hrefLang={htmlLang(l)} href={origin + withLang(path, l, true)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + path} />
      {theme}
    </>
  );
}
