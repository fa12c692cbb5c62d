import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { DATA_URL, holeMark } from '../shared/fragments.ts';
import type { PageModel } from '../shared/pageModel.ts';
import { escapeHtml, piecesOf, rewritten, type Pieces } from './reactMarkup.ts';

/** Shapes kept per scope (a few dozen per page seen; each about a page's markup). */
const MAX_SHAPES = 256;

const isHtml = (value: object): value is { __html: string } => '__html' in value;

/**
 * The shape of `model` as a key, its strings pushed to `holes` (escaped; markup as it is). Null when a string
 * is one React writes otherwise than it escapes: a javascript: URL (replaced), a data: URL (a picture React
 * would not preload): such a page is rendered by React.
 */
function walk(model: PageModel, holes: string[]): string | null {
  if (typeof model === 'string') {
    // React leaves out an empty text and an empty src or href: an empty string is shape, not a hole.
    if (model === '') return 'e';
    if (rewritten(model) || DATA_URL.test(model)) return null;
    holes.push(escapeHtml(model));
    return 's';
  }
  if (model === null || typeof model !== 'object') return `${String(model)},`;
  if (Array.isArray(model)) {
    let key = '[';
    for (const item of model as readonly PageModel[]) {
      const inner = walk(item, holes);
      if (inner === null) return null;
      key += inner;
    }
    return `${key}]`;
  }
  if (isHtml(model)) {
    holes.push(model.__html);
    return 'h';
  }
  let key = '{';
  for (const field in model) {
    const inner = walk((model as Record<string, PageModel>)[field], holes);
    if (inner === null) return null;
    key += `${field}:${inner}`;
  }
  return `${key}}`;
}

/** `model` with each of its holes' strings replaced by its mark, in walk's order. */
function marked(model: PageModel, next: { i: number }): PageModel {
  if (typeof model === 'string') return model === '' ? '' : holeMark(next.i++);
  if (model === null || typeof model !== 'object') return model;
  if (Array.isArray(model)) return (model as readonly PageModel[]).map((item) => marked(item, next));
  if (isHtml(model)) return { __html: holeMark(next.i++) };
  const out: Record<string, PageModel> = {};
  for (const field in model) out[field] = marked((model as Record<string, PageModel>)[field], next);
  return out;
}

function fill(pieces: Pieces, holes: readonly string[]): string {
  let out = '';
  for (const piece of pieces) out += typeof piece === 'number' ? holes[piece]! : piece;
  return out;
}

/**
 * A page body rendered by React once per shape of its model (shared/pageModel.ts) and scope, then filled in:
 * /news and /news/info's React renders were two thirds of their uncached time in the server. The first render
 * of a shape is made twice, with marks and with the request's own strings, and the template is kept only if
 * filling it gives the second: a view that looked inside a string is rendered by React each time.
 */
export class PageTemplates {
  /** By scope (the site's settings in the page's language: one object per settings version), then page and shape. */
  private readonly scopes = new WeakMap<object, Map<string, Pieces | null>>();

  /** The body of `page` for `model`, made by `render` given a model; null when React is to render it. */
  body<M extends PageModel>(scope: object, page: string, model: M, render: (model: M) => ReactNode): string | null {
    const holes: string[] = [];
    const shape = walk(model, holes);
    if (shape === null) return null;
    const key = `${page} ${shape}`;
    let shapes = this.scopes.get(scope);
    if (!shapes) this.scopes.set(scope, (shapes = new Map()));
    let pieces = shapes.get(key);
    if (pieces !== undefined) {
      // Kept in order of use: past the limit the least used shape goes, so a crawler's rare shapes pass
      // through without dropping the common ones.
      shapes.delete(key);
      shapes.set(key, pieces);
    } else {
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
      const made = piecesOf(renderToString(render(marked(model, { i: 0 }) as M)));
      const own = renderToString(render(model));
      pieces = fill(made, holes) === own ? made : null;
      shapes.set(key, pieces);
      return own;
    }
    return pieces && fill(pieces, holes);
  }
}
