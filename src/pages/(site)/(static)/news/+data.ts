import type { PageContextServer } from 'vike/types';
import { parseId, parsePage } from '../../../../shared/content.ts';

export default async function data(pageContext: PageContextServer) {
  const { search } = pageContext.urlParsed;
  return pageContext.content.newsList(pageContext.lang, { page: parsePage(search.page), category: parseId(search.category) });
}
