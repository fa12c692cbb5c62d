import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer({ ADMIN_BASE: '/manage' });
});
test.after.always(async () => {
  await server?.stop();
});

test('with ADMIN_BASE=/manage the admin API lives under /manage.php/ and /admin is unknown', async (t) => {
  const moved = await api(server.url, '/manage.php/nothing/here', { lang: 'en' });
  t.is(moved.status, 404);
  t.regex(moved.body.msg, /There is no API endpoint at \/admin\/nothing\/here/, 'rewritten onto the internal /admin prefix');
  const oldPage = await fetch(`${server.url}/admin/index/index`);
  t.is(oldPage.status, 404);
  t.regex(await oldPage.text(), /data-island="BackCountdown"/, 'the old entrance shows the 404 page');
  const oldApi = await fetch(`${server.url}/admin/index/index`, { headers: { server: 'true' } });
  t.is(oldApi.status, 404);
  t.is((await api(server.url, '/api/index/index')).body.code, 1, 'the member API is unaffected');
});
