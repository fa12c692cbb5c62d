import { createElement, Fragment, useContext, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nContext, I18nextProvider } from 'react-i18next';
import { usePageContext, VikeReactProviderPageContext } from 'vike-react/usePageContext';
import { DATA_URL } from '../shared/fragments.ts';

/** Stamps a part's children by key (the server's fragments, in the scope of this render's translations). */
type Stamp = (key: string, holes: readonly string[], children: (values: readonly string[]) => ReactNode) => string | null;

/**
 * How this render stamps parts, or null to render them inline: without the server's fragments (development,
 * whose components change under it, and the browser), or with another copy of React than theirs (a page build
 * swapped in).
 */
function useStamp(): Stamp | null {
  const pageContext = usePageContext();
  // The provider's instance, one object for every render of a language. react-i18next's useTranslation gives
  // each component a copy of it (the pages' server build keeps one, serverTranslation.ts), and a copy as the
  // scope would render the part anew each time.
  const i18n = useContext(I18nContext)?.i18n;
  const { fragments } = pageContext;
  if (!i18n || fragments?.createElement !== createElement) return null;
  return (key, holes, children) => fragments.html(i18n, key, holes, (marks) => stampedRender(i18n, pageContext, children(marks)));
}

const stampedRender = (i18n: I18n, pageContext: ReturnType<typeof usePageContext>, children: ReactNode) => (
  <I18nextProvider i18n={i18n}>
    <VikeReactProviderPageContext pageContext={pageContext}>{children}</VikeReactProviderPageContext>
  </I18nextProvider>
);

/** A part's key among the server's fragments: its host element and its stamp key (a list's items share their parts' markup). */
const partKey = (host: string, stampKey: string) => `${host} ${stampKey}`;

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
 * A part of many public pages (the header, the footer, a card, page links and filters, the breadcrumbs)
 * rendered once per language (the page build's translations of it) and key by the server's fragments, then
 * reused. Without them (useStamp) the children render inline with the holes' values: the markup the stamped
 * one must equal, byte for byte (test/api/static-pages, test/unit/stamped-*).
 */
export function Stamped({ as, className, label, stampKey, holes = [], children }: StampedProps) {
  const html = useStamp()?.(partKey(as, stampKey), holes, children) ?? null;
  if (html === null) return createElement(as, { 'aria-label': label, className }, children(holes));
  return createElement(as, { 'aria-label': label, className, dangerouslySetInnerHTML: { __html: html } });
}

/** One item of a stamped list: a Stamped part's key, holes and children. */
export interface StampedItem {
  stampKey: string;
  holes: readonly string[];
  children(values: readonly string[]): ReactNode;
}

/** An element around each item of a list: its tag and class. */
type Wrapper = readonly ['div' | 'article', string];

interface StampedListProps {
  className: string;
  /** The elements around each item, outermost first; the innermost one is its Stamped part's host. */
  wrap: readonly [Wrapper, ...Wrapper[]];
  items: readonly StampedItem[];
  /** The first item's eager picture, which React preloads from the top of the page when it sees it. */
  preload?: string;
}

/** How React writes an eager picture's preload at the top of a part's markup (the href aside). */
const PRELOAD_START = '<link rel="preload" as="image" href="';
const PRELOAD_END = '" fetchPriority="high"/>';

const opening = (wrap: readonly Wrapper[]) => wrap.map(([tag, className]) => `<${tag} class="${className}">`).join('');
const closing = (wrap: readonly Wrapper[]) => wrap.map(([tag]) => `</${tag}>`).reverse().join('');

/**
 * A list of stamped items (a list's cards) under one host: each item's markup is the one its Stamped part has
 * (the same key), placed in its wrappers, so React renders one element for the list instead of a few per item
 * (/news rendered in 14 % less time in-process, 156 → 135 µs at best). An eager first picture, which React
 * preloads from the top of the page when it renders it, is preloaded by a link React places there: it does not
 * see the picture inside markup given as HTML. Inline as Stamped is, with the same markup.
 */
export function StampedList({ className, wrap, items, preload }: StampedListProps) {
  const stamp = useStamp();
  const inline = () =>
    createElement(
      'div',
      { className },
      items.map((item, i) => wrap.reduceRight<ReactNode>((inner, [tag, wrapClass], depth) => createElement(tag, { key: depth === 0 ? i : undefined, className: wrapClass }, inner), item.children(item.holes))),
    );
  if (!stamp || (preload !== undefined && DATA_URL.test(preload))) return inline();
  const host = wrap[wrap.length - 1]![0];
  const [open, close] = [opening(wrap), closing(wrap)];
  let html = '';
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    let markup = stamp(partKey(host, item.stampKey), item.holes, item.children);
    if (markup === null) return inline();
    if (i === 0 && preload !== undefined) {
      // The preload React wrote for the picture is the page's: placed once, where React places it.
      const end = markup.startsWith(PRELOAD_START) ? markup.indexOf(PRELOAD_END) : -1;
      if (end < 0) return inline();
      markup = markup.slice(end + PRELOAD_END.length);
    }
    html += open + markup + close;
  }
  const list = createElement('div', { className, dangerouslySetInnerHTML: { __html: html } });
  if (preload === undefined) return list;
  return createElement(Fragment, null, createElement('link', { rel: 'preload', as: 'image', href: preload, fetchPriority: 'high' }), list);
}
