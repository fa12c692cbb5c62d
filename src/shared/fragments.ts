import type { ReactNode } from 'react';
import type { PortalPageContext } from './pageContext.ts';

/**
 * Parts of a public page that are the same for many requests or items (the header, the footer, a list's
 * cards), rendered by React once per key and reused (src/server/fragments.ts). What differs within such a part
 * from one request or item to the next (the language links' target, a card's texts) is a hole: rendered as a
 * mark, filled in for each one.
 */
export interface Fragments {
  /**
   * React's createElement as the fragments render with it. A page build whose components use another copy of
   * React (one the terminal built and swapped in, which imports React from node_modules) renders its parts
   * inline: another copy's hooks do not run under this one's renderer.
   */
  readonly createElement: unknown;
  /**
   * The inner HTML of a part: `render` is given the marks standing for `holes` and renders the part's children
   * the first time `key` is asked for in `scope`; every answer has the holes' values filled in, escaped as
   * React escapes text and attribute values. The scope is what the markup belongs to, an object of the page
   * build: its translations of the page's language for a part of the body, its Head for a head. A render begun
   * before a build swap and finished after it keeps its markup to its own build.
   * Null when a value is one React writes otherwise than it escapes (a javascript: URL, which it replaces in
   * a link or a picture): the part is then rendered inline.
   */
  html(scope: object, key: string, holes: readonly string[], render: (values: readonly string[]) => ReactNode): string | null;
}

/** The mark of hole `i`: private-use characters, which React writes as they are in text and attributes. */
export const holeMark = (i: number): string => `\uE000${i}\uE001`;

/** React preloads an eager picture from the top of the page, except one given as a data: URL: such a value is not a plain hole. */
export const DATA_URL = /^data:/i;

/** The fields of a page context a stamped head reads: the portal's and the parsed URL. */
export type PageContextOfHead = PortalPageContext & { urlParsed: { pathname: string; search: Record<string, string> } };

/** A head's stamp: its key, its holes' values, and its markup given marks (or values) for them. */
export interface HeadStamp {
  key: string;
  holes: readonly string[];
  render(values: readonly string[]): ReactNode;
}

/**
 * A Head component the static renderer may stamp (src/server/staticPages.ts), as Stamped does a part of the
 * body: vike-react renders its heads on their own, so they have no host element to hold stamped markup.
 */
export interface StampableHead {
  stamp?: (pageContext: PageContextOfHead) => HeadStamp;
}
