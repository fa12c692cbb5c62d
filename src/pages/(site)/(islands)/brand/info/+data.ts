import type { PageContextServer } from 'vike/types';
import { detailData } from '../../../content.ts';

export default async function data(pageContext: PageContextServer) {
  return { item: await detailData(pageContext, (content, lang, id) => content.activity(lang, id)) };
}

export type Data = Awaited<ReturnType<typeof data>>;
