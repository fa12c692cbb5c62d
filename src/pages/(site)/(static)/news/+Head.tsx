import { usePageContext } from 'vike-react/usePageContext';
import { withLang } from '../../../../shared/i18n/links.ts';
import { pageT } from '../../../i18n.ts';

/** Lets feed readers find the news feed of this language. (Head renders outside the i18n provider.) */
export default function Head() {
  const { origin, lang } = usePageContext();
  return <link rel="alternate" type="application/rss+xml" title={pageT(lang, 'content')('news.rssTitle')} href={origin + withLang('/news/rss.xml', lang, true)} />;
}
