import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { decryptData } from '../../src/shared/request/cipher.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer({ API_ENCRYPT_KEY: 'grand-canal-1794' });
});
test.after.always(async () => {
  await server?.stop();
});

test('with API_ENCRYPT_KEY the envelope data travels encrypted and decrypts to the payload', async (t) => {
  const res = await api<string>(server.url, '/api/index/index');
  t.is(res.body.code, 1);
  t.is(typeof res.body.data, 'string');
  const data = decryptData(res.body.data, 'grand-canal-1794') as { site: { siteName: string } };
  t.is(data.site.siteName, '大运河文化协会');
  const needLogin = await api<string>(server.url, '/api/account/overview');
  t.is(needLogin.body.code, 303);
  t.deepEqual(decryptData(needLogin.body.data, 'grand-canal-1794'), { type: 'need login' }, 'error data is encrypted too');
  const failed = await api(server.url, '/api/nothing/here');
  t.is(failed.body.data, null, 'empty data stays null');
});
