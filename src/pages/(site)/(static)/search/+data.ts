import type { PageContextServer } from 'vike/types';
import { parsePage } from '../../../../shared/content.ts';
import { MAX_SEARCH_PAGE, NO_RESULTS, SEARCH_PAGE_SIZE, parseQuery, type SearchAnswer } from '../../../../shared/search.ts';

export interface Data {
  query: string;
  page: number;
  /** Why the query cannot be searched (shown instead of results), else null. */
  problem: 'tooLong' | null;
  answer: SearchAnswer;
}

/** /search?q=&page=: a page of results; a bad page number reads as the first, the deepest is MAX_SEARCH_PAGE. */
export default async function data(pageContext: PageContextServer): Promise<Data> {
  const { search } = pageContext.urlParsed;
  const query = search.q ?? '';
  const page = Math.min(parsePage(search.page), MAX_SEARCH_PAGE);
  const parsed = parseQuery(query);
  if (parsed.problem) return { query, page, problem: parsed.problem, answer: NO_RESULTS };
  const answer = parsed.terms.length ? await pageContext.search.search(pageContext.lang, query, page, SEARCH_PAGE_SIZE) : NO_RESULTS;
  return { query, page, problem: null, answer };
}
