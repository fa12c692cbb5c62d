import type { PageContextServer } from 'vike/types';
import { ACTIVITY_STAGES, parseChoice, parsePage } from '../../../../shared/content.ts';

export default async function data(pageContext: PageContextServer) {
  const { search } = pageContext.urlParsed;
  const stage = parseChoice(search.stage, ACTIVITY_STAGES);
  return { stage, list: await pageContext.content.activities(pageContext.lang, { page: parsePage(search.page), stage }) };
}

export type Data = Awaited<ReturnType<typeof data>>;
