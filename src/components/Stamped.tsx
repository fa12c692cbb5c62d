import { createElement, useContext, type ReactNode } from 'react';
import { I18nContext, I18nextProvider } from 'react-i18next';
import { usePageContext, VikeReactProviderPageContext } from 'vike-react/usePageContext';

interface StampedProps {
  /** The host element, rendered for each request; its children are the stamped part. */
  as: 'header' | 'footer' | 'article' | 'nav';
  className?: string;
  /** The host's aria-label, when it has one. */
  label?: string;
  /** Everything the children depend on besides the language and the holes: one key, one markup. */
  stampKey: string;
  /** What differs between requests with one key, given to `children` as marks to place (shared/fragments.ts). */
  holes?: readonly string[];
  children(values: readonly string[]): ReactNode;
}

/**
 * A part of many public pages (the header, the footer, a list's cards, page links and filters, the breadcrumbs)
 * rendered once per language (the page build's translations of it) and key by the server's fragments, then
 * reused. Without them (development, whose components change under it, and the browser), or with another copy
 * of React than theirs (a page build swapped in), the children render inline with the holes' values: the markup
 * the stamped one must equal, byte for byte (test/api/static-pages, test/unit/stamped-*).
 */
export function Stamped({ as, className, label, stampKey, holes = [], children }: StampedProps) {
  const pageContext = usePageContext();
  // The provider's instance, one object for every render of a language. react-i18next's useTranslation gives
  // each component a copy of it (the pages' server build keeps one, serverTranslation.ts), and a copy as the
  // scope would render the part anew each time.
  const i18n = useContext(I18nContext)?.i18n;
  const { fragments } = pageContext;
  const inline = () => createElement(as, { 'aria-label': label, className }, children(holes));
  if (!i18n || fragments?.createElement !== createElement) return inline();
  const html = fragments.html(i18n, `${as} ${stampKey}`, holes, (marks) => (
    <I18nextProvider i18n={i18n}>
      <VikeReactProviderPageContext pageContext={pageContext}>{children(marks)}</VikeReactProviderPageContext>
    </I18nextProvider>
  ));
  if (html === null) return inline();
  return createElement(as, { 'aria-label': label, className, dangerouslySetInnerHTML: { __html: html } });
}
