import type { PageContext, PageContextServer } from 'vike/types';
import { render } from 'vike/abort';
import { parseId, type ContentReader } from '../../shared/content.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import { absoluteUrl, clip, DEFAULT_COVER } from '../../components/content/meta.ts';
import { documentTitle } from '../title.ts';
import { pageT } from '../i18n.ts';

/**
 * Building blocks of the content pages' `+data`, `+title`, `+description` and `+image` files, so each of
 * those stays one line.
 */

/** Loads the item named by `?id=`; a missing, malformed or unpublished id renders the 404 page. */
export async function detailData<T>(pageContext: PageContextServer, load: (content: ContentReader, lang: Lang, id: number) => Promise<T | null>): Promise<T> {
  const id = parseId(pageContext.urlParsed.search.id);
  const item = id === null ? null : await load(pageContext.content, pageContext.lang, id);
  if (!item) throw render(404);
  return item;
}

/** `<item title> - <site name>`. */
export function dataTitle<D>(pick: (data: D) => string) {
  return (pageContext: PageContext<D>): string => documentTitle(pageContext, pick(pageContext.data));
}

export function dataDescription<D>(pick: (data: D) => string) {
  return (pageContext: PageContext<D>): string => clip(pick(pageContext.data));
}

/** The Open Graph picture: the item's cover as an absolute URL. */
export function dataImage<D>(pick: (data: D) => string) {
  return (pageContext: PageContext<D>): string => absoluteUrl(pageContext.origin, pick(pageContext.data) || DEFAULT_COVER);
}

/** A description from the catalogue (list pages). */
export function keyDescription(ns: string, key: string) {
  return (pageContext: PageContext): string => pageT(pageContext.lang, ns)(key);
}
