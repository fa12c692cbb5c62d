import type { PageContextServer } from 'vike/types';
import { parsePage } from '../../../../shared/content.ts';

export default async function data(pageContext: PageContextServer) {
  return pageContext.content.forum(pageContext.lang, { page: parsePage(pageContext.urlParsed.search.page) });
}

export type Data = Awaited<ReturnType<typeof data>>;
