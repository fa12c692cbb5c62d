import type { TestServer } from './server.ts';
import type { AdminCall } from './admins.ts';
import { formatTime } from '../../src/shared/time.ts';

/** Now, in whole seconds, as the database stores times. */
export const seconds = () => Math.floor(Date.now() / 1000);

/** A time as the admin form sends it: the site's wall clock (Asia/Shanghai by default). */
export const wallClock = (at: number) => formatTime(at, 'yyyy-mm-dd hh:MM:ss', 'Asia/Shanghai');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first enabled news category. */
export async function categoryId(server: TestServer): Promise<number> {
  const row = await server.app.knex('news_category').where({ status: '1' }).orderBy('id').first<{ id: number }>('id');
  return Number(row.id);
}

/** Adds a published news item through the admin API (in the first category unless `fields` say otherwise); returns its id. */
export async function addNews(server: TestServer, admin: AdminCall, title: string, fields: Record<string, unknown> = {}): Promise<number> {
  const added = await admin('/admin/content.News/add', { body: { category_id: await categoryId(server), title, title_en: `${title} EN`, summary: `${title} 摘要`, content: `<p>${title} 正文</p>`, status: '1', ...fields } });
  if (added.code !== 1) throw new Error(added.msg);
  const row = await server.app.knex('news').where({ title }).first<{ id: number }>('id');
  return Number(row.id);
}
