import type { PageContextServer } from 'vike/types';
import { MEMBER_KINDS, parseChoice, parsePage } from '../../../../shared/content.ts';

export default async function data(pageContext: PageContextServer) {
  const { search } = pageContext.urlParsed;
  const kind = parseChoice(search.kind, MEMBER_KINDS);
  return { kind, list: await pageContext.content.members(pageContext.lang, { page: parsePage(search.page), kind }) };
}

export type Data = Awaited<ReturnType<typeof data>>;
