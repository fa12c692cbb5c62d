import type { PageContextServer } from 'vike/types';
import { DIFFICULTIES, parseChoice, parsePage } from '../../../../shared/content.ts';

export default async function data(pageContext: PageContextServer) {
  const { search } = pageContext.urlParsed;
  const difficulty = parseChoice(search.difficulty, DIFFICULTIES);
  return { difficulty, list: await pageContext.content.trails(pageContext.lang, { page: parsePage(search.page), difficulty }) };
}

export type Data = Awaited<ReturnType<typeof data>>;
