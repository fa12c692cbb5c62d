import { createElement, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { usePageContext, VikeReactProviderPageContext } from 'vike-react/usePageContext';

interface StampedProps {
  /** The host element, rendered for each request; its children are the stamped part. */
  as: 'header' | 'footer';
  className: string;
  /** Everything the children depend on besides the language and the holes: one key, one markup. */
  stampKey: string;
  /** What differs between requests with one key, given to `children` as marks to place (shared/fragments.ts). */
  holes?: readonly string[];
  children(values: readonly string[]): ReactNode;
}

/**
 * A part of every public page rendered once per language (the page build's translations of it) and key by
 * the server's fragments, then reused. Without them (development, whose components change under it), or with
 * another copy of React than theirs (a page build swapped in), the children render inline with the holes'
 * values: the markup the stamped one must equal, byte for byte (test/api/static-pages).
 */
export function Stamped({ as, className, stampKey, holes = [], children }: StampedProps) {
  const pageContext = usePageContext();
  const { i18n } = useTranslation('common');
  const { fragments } = pageContext;
  if (fragments?.createElement !== createElement) return createElement(as, { className }, children(holes));
  const html = fragments.html(i18n, `${as} ${stampKey}`, holes, (marks) => (
    <I18nextProvider i18n={i18n}>
      <VikeReactProviderPageContext pageContext={pageContext}>{children(marks)}</VikeReactProviderPageContext>
    </I18nextProvider>
  ));
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: html } });
}
