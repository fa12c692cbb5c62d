import test from 'ava';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

test('defaults', (t) => {
  const c = loadConfig({});
  t.is(c.port, 8000);
  t.is(c.host, '0.0.0.0');
  t.is(c.adminBase, '/admin');
  t.is(path.basename(c.dataDir), 'data');
  t.is(c.databaseUrl, path.join(c.dataDir, 'portal.sqlite'));
  t.is(c.adminTokenKeepTime, 259200);
  t.true(c.adminLoginCaptcha);
});

test('environment overrides and validation', (t) => {
  const c = loadConfig({ PORT: '18000', DATA_DIR: '/tmp/x', ADMIN_BASE: '/manage/', PUBLIC_URL: 'https://canal.example.org/', USER_LOGIN_CAPTCHA: 'off' });
  t.is(c.port, 18000);
  t.is(c.databaseUrl, '/tmp/x/portal.sqlite');
  t.is(c.adminBase, '/manage');
  t.is(c.publicUrl, 'https://canal.example.org');
  t.false(c.userLoginCaptcha);
  t.is(loadConfig({ DATABASE_URL: 'postgres://u:p@db/portal' }).databaseUrl, 'postgres://u:p@db/portal');
  t.throws(() => loadConfig({ PORT: 'eighty' }), { instanceOf: ConfigError, message: /PORT/ });
  t.throws(() => loadConfig({ ADMIN_BASE: '/a/b' }), { instanceOf: ConfigError });
  t.throws(() => loadConfig({ ADMIN_BASE: '/api' }), { instanceOf: ConfigError });
  t.throws(() => loadConfig({ PUBLIC_URL: 'canal.example.org' }), { instanceOf: ConfigError });
  t.throws(() => loadConfig({ ADMIN_LOGIN_CAPTCHA: 'maybe' }), { instanceOf: ConfigError });
});

test("WECHAT_API_BASE: WeChat's API by default, any http(s) base (without its trailing slash) for a stand-in", (t) => {
  t.is(loadConfig({}).wechatApiBase, 'https://api.weixin.qq.com');
  t.is(loadConfig({ WECHAT_API_BASE: 'http://127.0.0.1:9000/' }).wechatApiBase, 'http://127.0.0.1:9000');
  t.throws(() => loadConfig({ WECHAT_API_BASE: 'api.weixin.qq.com' }), { instanceOf: ConfigError, message: /WECHAT_API_BASE/ });
});

test('ALLOWED_HOSTS: loopback by default, a list of host names otherwise', (t) => {
  t.deepEqual(loadConfig({}).allowedHosts, ['localhost', '127.0.0.1', '::1']);
  t.deepEqual(loadConfig({ ALLOWED_HOSTS: ' Canal.Example.org , .example.net,[::1]' }).allowedHosts, ['canal.example.org', '.example.net', '::1']);
  for (const bad of ['https://canal.example.org', 'canal.example.org:8000', 'canal.example.org/x']) {
    t.throws(() => loadConfig({ ALLOWED_HOSTS: bad }), { instanceOf: ConfigError, message: /ALLOWED_HOSTS/ }, bad);
  }
});

test('UPLOAD_MODE: local by default; s3 needs a valid bucket, both keys or neither, and http(s) addresses', (t) => {
  t.like(loadConfig({}), { uploadMode: 'local', s3: null });
  const s3 = { UPLOAD_MODE: 's3', S3_BUCKET: 'canal-files' };
  t.deepEqual(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_PUBLIC_URL: 'https://files.canal.example.org/', S3_FORCE_PATH_STYLE: 'true' }).s3, {
    bucket: 'canal-files',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    accessKeyId: '',
    secretAccessKey: '',
    publicUrl: 'https://files.canal.example.org',
    forcePathStyle: true,
  });
  t.throws(() => loadConfig({ UPLOAD_MODE: 'ftp' }), { instanceOf: ConfigError, message: /UPLOAD_MODE/ });
  for (const bucket of ['', 'ab', 'Canal', 'canal_files', '-canal']) {
    t.throws(() => loadConfig({ ...s3, S3_BUCKET: bucket }), { instanceOf: ConfigError, message: /S3_BUCKET/ }, bucket);
  }
  t.throws(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'id' }), { instanceOf: ConfigError, message: /S3_SECRET_ACCESS_KEY/ });
  t.throws(() => loadConfig({ ...s3, S3_ENDPOINT: 'oss-cn-hangzhou.aliyuncs.com' }), { instanceOf: ConfigError, message: /S3_ENDPOINT/ });
  t.throws(() => loadConfig({ ...s3, S3_PUBLIC_URL: 'files.example.org' }), { instanceOf: ConfigError, message: /S3_PUBLIC_URL/ });
});
