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

function page(rows: NewsRow[], repeat: number): ReactElement {
  const items: ReactElement[] = [];
  for (let r = 0; r < repeat; r++) {
    for (const row of rows) {
      items.push(
        h('li', { key: `${r}-${row.id}`, className: 'list-group-item' }, h('a', { href: `/news/info?id=${row.id}` }, row.title), h('p', { className: 'small' }, row.summary), h('time', { dateTime: String(row.publish_time) }, new Date(row.publish_time * 1000).toISOString().slice(0, 10))),
      );
    }
  }
  return h('html', { lang: 'zh-CN' }, h('head', null, h('title', null, '新闻')), h('body', null, h('main', null, h('h1', null, '新闻'), h('ul', { className: 'list-group' }, items))));
}

// Repeat the list until the page is as large as the portal's, measured once at start.
const target = Number(process.env.TARGET_BYTES ?? 20000);
const sample = newest.all();
const once = Buffer.byteLength(renderToString(page(sample, 1)));
const repeat = Math.max(1, Math.round(target / Math.max(once, 1)));

const app = new Koa();
app.use((ctx) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = '<!DOCTYPE html>' + renderToString(page(newest.all(), repeat));
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
