import Koa from 'koa';

// The reference point of `npm run bench`: Koa answering a 10 KB string from memory, nothing else.
const body = 'x'.repeat(10 * 1024);
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
