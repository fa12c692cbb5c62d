import type { PageContext } from 'vike/types';
import { pageT } from './i18n.ts';

/** Document title: route title + ' - ' + site name (spec section 2). */
export function documentTitle(pageContext: PageContext, routeTitle: string): string {
  return `${routeTitle} - ${pageContext.site.siteName}`;
}

/** A `+title` value for a route whose title is one of the `common:title.*` keys. */
export function titleFromKey(key: string) {
  return (pageContext: PageContext): string => documentTitle(pageContext, pageT(pageContext.lang)(`title.${key}`));
}
