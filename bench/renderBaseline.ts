import Database from 'better-sqlite3';
import Koa from 'koa';
import { createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

// The reference point for uncached pages in `npm run bench`: per request, one SQLite query (the newest
// published news, a prepared statement) and React's renderToString of a page as large as the portal's /news.
// Nothing else: no routing, no i18n, no layout. DATABASE is the portal's file, TARGET_BYTES the page size.

interface NewsRow {
  id: number;
  title: string;
  summary: string;
  publish_time: number;
}

const db = new Database(process.env.DATABASE!, { readonly: true, fileMustExist: true });
const newest = db.prepare<[], NewsRow>("select id, title, summary, publish_time from news where status = '1' order by publish_time desc limit 10");

function item(row: NewsRow, key: string): ReactElement {
  return h(
    'li',
    { key, className: 'list-group-item' },
    h('a', { href: `/news/info?id=${row.id}` }, row.title),
    h('p', { className: 'small' }, row.summary),
    h('time', { dateTime: String(row.publish_time) }, new Date(row.publish_time * 1000).toISOString().slice(0, 10)),
  );
}

/** The page: the rows as list items, taken round again until there are `count` items. */
function page(rows: NewsRow[], count: number): ReactElement {
  const items: ReactElement[] = [];
  for (let i = 0; i < count && rows.length > 0; i++) items.push(item(rows[i % rows.length]!, String(i)));
  return h('html', { lang: 'zh-CN' }, h('head', null, h('title', null, '新闻')), h('body', null, h('main', null, h('h1', null, '新闻'), h('ul', { className: 'list-group' }, items))));
}

// Items are added one at a time until the page is as large as the portal's (to within one item), measured
// once at start: whole rounds of the list left it up to half a round (a sixth of the page) smaller.
const target = Number(process.env.TARGET_BYTES ?? 20000);
const sample = newest.all();
let count = 1;
while (sample.length > 0 && Buffer.byteLength('<!DOCTYPE html>' + renderToString(page(sample, count + 1))) <= target) count++;

const app = new Koa();
app.use((ctx) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = '<!DOCTYPE html>' + renderToString(page(newest.all(), count));
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
