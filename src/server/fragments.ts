import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { holeMark, type Fragments } from '../shared/fragments.ts';
import { escapeHtml, piecesOf, rewritten, type Pieces } from './reactMarkup.ts';

/** Keys kept: a few per language, section and settings version; more means settings changed many times. */
const MAX_ENTRIES = 256;

/**
 * The server's fragments: the markup of each key split at its holes, in its scope, gone with the scope (a
 * page build swapped out). renderToString, as the page's own render: its separators between adjacent texts
 * are the same. The header and footer were a fifth of an uncached /news/info's time and a tenth of /news's;
 * the cards of a list, half of what React still rendered for /news.
 */
export class FragmentCache implements Fragments {
  readonly createElement = createElement;
  /** By scope, key, then which values were empty. */
  private readonly scopes = new WeakMap<object, Map<string, Map<string, Pieces>>>();

  html(scope: object, key: string, holes: readonly string[], render: (values: readonly string[]) => ReactNode): string | null {
    // An empty value is rendered as itself, not as a mark: React leaves out an empty text (so no separator
    // from the text beside it) and an empty src or href. Which values are empty is part of the markup's
    // identity: listed by index, most often none.
    let empty = '';
    for (let i = 0; i < holes.length; i++) {
      const value = holes[i]!;
      if (value === '') empty += ` ${i}`;
      else if (rewritten(value)) return null;
    }
    let entries = this.scopes.get(scope);
    if (!entries) this.scopes.set(scope, (entries = new Map()));
    let shapes = entries.get(key);
    if (!shapes) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, (shapes = new Map()));
    }
    let pieces = shapes.get(empty);
    if (!pieces) {
      pieces = piecesOf(renderToString(render(holes.map((value, i) => (value === '' ? '' : holeMark(i))))));
      shapes.set(empty, pieces);
    }
    let out = '';
    for (const piece of pieces) out += typeof piece === 'number' ? escapeHtml(holes[piece] ?? '') : piece;
    return out;
  }
}
