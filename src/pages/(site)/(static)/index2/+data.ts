import type { PageContextServer } from 'vike/types';

export default async function data(pageContext: PageContextServer) {
  return pageContext.content.home(pageContext.lang);
}

export type Data = Awaited<ReturnType<typeof data>>;
