import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';

// Admin helpers: clearCache over every registered cache, and the admin log's masking of secrets.

let server: TestServer;
let token = '';

test.before(async () => {
  server = await startServer();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  token = await server.app.services.tokens.issue('admin', admin.id);
});
test.after.always(async () => {
  await server?.stop();
});

const call = (p: string, body?: unknown, lang = 'en') => api(server.url, p, { body, lang, headers: { batoken: token } });

test.serial('clearCache: tp and all clear every registered cache; other types are refused', async (t) => {
  const { knex, services } = server.app;
  await services.settings.get('site_name');
  const site = await services.settings.site('zh-cn', '//portal.example');
  t.is(await services.settings.site('zh-cn', '//portal.example'), site, 'made once per load of the settings');
  t.not(await services.settings.site('en', '//portal.example'), site, 'and per language');
  // Written behind the settings cache's back: only a clear makes it visible.
  await knex('config').where({ name: 'site_name' }).update({ value: 'Changed behind the cache' });
  t.not(await services.settings.get('site_name'), 'Changed behind the cache');
  t.is((await services.settings.site('zh-cn', '//portal.example')).siteName, site.siteName);
  const cleared: string[] = [];
  services.caches.register('test-cache', (tags) => {
    cleared.push(tags ? `tags:${tags.join(',')}` : 'all');
  });

  const res = await call('/admin/ajax/clearCache', { type: 'all' });
  t.is(res.body.code, 1, res.body.msg);
  t.is(res.body.msg, 'Cache cleared');
  t.is(await services.settings.get('site_name'), 'Changed behind the cache');
  t.is((await services.settings.site('zh-cn', '//portal.example')).siteName, 'Changed behind the cache');
  t.deepEqual(cleared, ['all']);
  t.is(services.pageCache.size, 0, 'the public page cache is cleared too');
  t.is((await call('/admin/ajax/clearCache', { type: 'tp' }, 'zh-cn')).body.msg, '缓存已清理~');
  t.deepEqual(cleared, ['all', 'all']);
  await services.caches.invalidate(['news']);
  t.deepEqual(cleared, ['all', 'all', 'tags:news'], 'a tagged invalidation reaches the caches with its tags');

  for (const type of ['storage', '', 'everything']) {
    const bad = await call('/admin/ajax/clearCache', { type });
    t.is(bad.body.code, 0);
    t.is(bad.body.msg, 'Parameter error');
  }
  t.is((await api(server.url, '/admin/ajax/clearCache', { body: { type: 'all' } })).body.code, 303, 'admins only');
  const log = await knex('admin_log').where('url', 'like', '%clearCache%').orderBy('id', 'desc').first<{ title: string }>();
  t.like(log, { title: '清理缓存', title_en: 'Clear cache' });
});

test.serial('the admin log masks the declared secrets at any depth, and only those', async (t) => {
  const body = {
    group: 'basics',
    name: 'masked_item',
    title: 'Masked',
    type: 'string',
    password: 'plain-password',
    // A config item of type password (the trust issue, item 3: the SMTP password was logged in the clear).
    smtp_pass: 'plain-smtp',
    nested: { batoken: 'plain-token', keep: 'visible', my_token_note: 'not a secret', list: [{ salt: 'plain-salt', refreshToken: 'plain-refresh' }, { ok: 1 }] },
  };
  const res = await call('/admin/routine.Config/add', body);
  t.is(res.body.code, 1, res.body.msg);
  const row = await server.app.knex('admin_log').where('url', 'like', '%routine.Config/add%').orderBy('id', 'desc').first<{ data: string; username: string; title: string }>();
  t.is(row.username, 'admin');
  t.is(row.title, '系统配置-添加');
  const data = JSON.parse(row.data) as typeof body;
  t.is(data.password, '***');
  t.is(data.smtp_pass, '***');
  t.deepEqual(data.nested, { batoken: '***', keep: 'visible', my_token_note: 'not a secret', list: [{ salt: '***', refreshToken: '***' }, { ok: 1 }] }, 'names are masked as declared, not guessed');
  t.is(data.name, 'masked_item');
  for (const secret of ['plain-password', 'plain-smtp', 'plain-token', 'plain-salt', 'plain-refresh']) t.false(row.data.includes(secret), secret);
});
