import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '1' });
});
test.after.always(async () => {
  await server?.stop();
});

test('login attempts per IP are braked with a clear message and Retry-After', async (t) => {
  let limited: Awaited<ReturnType<typeof api>> | null = null;
  for (let i = 0; i < 40 && !limited; i++) {
    const res = await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: 'nobody', password: 'secret123' }, lang: 'en' });
    if (/Too many requests/.test(res.body.msg)) limited = res;
  }
  t.truthy(limited, 'the 31st attempt within a minute is refused');
  t.is(limited!.body.code, 0);
  t.regex(limited!.headers.get('retry-after') ?? '', /^\d+$/);
  t.is((await api(server.url, '/api/index/index')).body.code, 1, 'other endpoints keep answering');
});
