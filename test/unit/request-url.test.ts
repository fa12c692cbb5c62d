import test from 'ava';
import {
  ADMIN_INFO,
  USER_INFO,
  appendQuery,
  buildQuery,
  createTokenStore,
  httpStatusMessage,
  isAdminPath,
  rewriteAdminUrl,
  statusMessageKey,
} from '../../src/shared/request/client.ts';
import { MemoryStorage, bodyOf, envelope, harness, json } from './request-fakes.ts';

const okReply = () => json(envelope(1, null));

test('buildQuery writes nested rows with indices and scalar lists with []', (t) => {
  const query = buildQuery({
    search: [
      { field: 'title', val: 'canal', operator: 'LIKE' },
      { field: 'status', val: 1 },
    ],
    ids: [3, 4],
  });
  t.is(
    query,
    'search[0][field]=title&search[0][val]=canal&search[0][operator]=LIKE&search[1][field]=status&search[1][val]=1&ids[]=3&ids[]=4',
  );
});

test('buildQuery percent-encodes keys and values and skips null and undefined', (t) => {
  t.is(
    buildQuery({ 'quick search': 'a&b=c 中', page: 1, none: null, missing: undefined, flag: false, empty: [] }),
    'quick%20search=a%26b%3Dc%20%E4%B8%AD&page=1&flag=false',
  );
  t.is(buildQuery({ filter: { 'a b': { c: 'x/y' } }, list: [null, 2] }), 'filter[a%20b][c]=x%2Fy&list[]=2');
  t.is(buildQuery(undefined), '');
  t.is(buildQuery({ only: null }), '');
});

test('appendQuery joins onto an existing query and keeps a fragment last', (t) => {
  t.is(appendQuery('/api/x', 'a=1'), '/api/x?a=1');
  t.is(appendQuery('/api/x?b=2', 'a=1'), '/api/x?b=2&a=1');
  t.is(appendQuery('/api/x?', 'a=1'), '/api/x?a=1');
  t.is(appendQuery('/api/x#top', 'a=1'), '/api/x?a=1#top');
  t.is(appendQuery('/api/x', ''), '/api/x');
});

test('rewriteAdminUrl maps /admin/ paths onto a renamed admin entry only', (t) => {
  t.is(rewriteAdminUrl('/admin/auth.Admin/index', '/manage'), '/manage.php/auth.Admin/index');
  t.is(rewriteAdminUrl('/admin/auth.Admin/index', '/admin'), '/admin/auth.Admin/index');
  t.is(rewriteAdminUrl('/api/user/index', '/manage'), '/api/user/index');
  t.is(rewriteAdminUrl('/administrator/x', '/manage'), '/administrator/x');
});

test('isAdminPath needs the admin base as a whole path segment', (t) => {
  t.true(isAdminPath('/admin', '/admin'));
  t.true(isAdminPath('/admin/dashboard', '/admin'));
  t.false(isAdminPath('/administration', '/admin'));
  t.false(isAdminPath('/user/admin', '/admin'));
});

test('statusMessageKey follows the spec table, 403 sharing the 401 text', (t) => {
  t.is(statusMessageKey(401), 'status401');
  t.is(statusMessageKey(403), 'status401');
  t.is(statusMessageKey(505), 'status505');
  t.is(statusMessageKey(418), 'statusOther');
  t.is(statusMessageKey(506), 'statusOther');
  t.is(
    httpStatusMessage(404, '/api/x', (key) => `<${key}>`),
    '<status404>/api/x',
  );
  t.is(
    httpStatusMessage(500, '/api/x', (key) => `<${key}>`),
    '<status500>',
  );
});

test('the URL is origin + path + serialised params, GET by default', async (t) => {
  const h = harness({ reply: okReply, origin: 'https://canal.example' });
  await h.request('/api/index/index', { params: { ids: [1, 2], q: 'a b' } });
  t.is(h.calls.length, 1);
  t.is(h.calls[0]?.url, 'https://canal.example/api/index/index?ids[]=1&ids[]=2&q=a%20b');
  t.is(h.calls[0]?.method, 'GET');
});

test('without origin the URL stays relative to the current origin', async (t) => {
  const h = harness({ reply: okReply });
  await h.request('/api/account/balance', { params: { page: 2, limit: 10 } });
  t.is(h.calls[0]?.url, '/api/account/balance?page=2&limit=10');
});

test('admin calls are rewritten when the admin entry is renamed', async (t) => {
  const h = harness({ reply: okReply, adminBase: '/manage' });
  await h.request('/admin/auth.Admin/index', { params: { page: 1 } });
  await h.request('/api/user/index');
  t.is(h.calls[0]?.url, '/manage.php/auth.Admin/index?page=1');
  t.is(h.calls[1]?.url, '/api/user/index');
});

test('admin calls keep their path with the default admin base', async (t) => {
  const h = harness({ reply: okReply });
  await h.request('/admin/auth.Admin/index');
  t.is(h.calls[0]?.url, '/admin/auth.Admin/index');
});

test('every request sends think-lang and server, and no token headers when none are stored', async (t) => {
  const h = harness({ reply: okReply });
  h.state.lang = 'zh-cn';
  await h.request('/api/index/index');
  const headers = h.calls[0]?.headers;
  t.is(headers?.get('think-lang'), 'zh-cn');
  t.is(headers?.get('server'), 'true');
  t.is(headers?.get('batoken'), null);
  t.is(headers?.get('ba-user-token'), null);
  t.is(headers?.get('content-type'), null);
  t.is(h.calls[0]?.body, undefined);
});

test('stored admin and member tokens are both sent', async (t) => {
  const h = harness({
    reply: okReply,
    stored: {
      [ADMIN_INFO]: { id: 1, token: 'admin-token', refresh_token: 'admin-refresh' },
      [USER_INFO]: { id: 7, token: 'user-token', refresh_token: '' },
    },
  });
  await h.request('/api/index/index');
  t.is(h.calls[0]?.headers.get('batoken'), 'admin-token');
  t.is(h.calls[0]?.headers.get('ba-user-token'), 'user-token');
});

test('only the member token is sent when only a member is logged in', async (t) => {
  const h = harness({ reply: okReply, stored: { [USER_INFO]: { token: 'user-token', refresh_token: 'r' } } });
  await h.request('/api/account/overview');
  t.is(h.calls[0]?.headers.get('batoken'), null);
  t.is(h.calls[0]?.headers.get('ba-user-token'), 'user-token');
});

test('a JSON body is serialised with a JSON content type', async (t) => {
  const h = harness({ reply: okReply });
  await h.request('/api/account/profile', { method: 'POST', body: { nickname: 'Li', gender: 1 } });
  t.is(h.calls[0]?.method, 'POST');
  t.is(h.calls[0]?.headers.get('content-type'), 'application/json');
  t.deepEqual(bodyOf(h.calls[0]), { nickname: 'Li', gender: 1 });
});

test('a FormData body is passed through without a content type', async (t) => {
  const h = harness({ reply: okReply });
  const form = new FormData();
  form.append('file', new Blob(['x']), 'a.txt');
  await h.request('/api/ajax/upload', { method: 'POST', body: form }, { upload: true });
  t.is(h.calls[0]?.body, form);
  t.is(h.calls[0]?.headers.get('content-type'), null);
});

test('a GET never carries a body and caller headers override defaults', async (t) => {
  const h = harness({ reply: okReply });
  await h.request('/api/x', { body: { a: 1 }, headers: { 'think-lang': 'en', 'x-extra': '1' } });
  h.state.lang = 'zh-cn';
  await h.request('/api/y', { method: 'DELETE', params: { ids: [5] }, headers: { 'think-lang': 'en' } });
  t.is(h.calls[0]?.body, undefined);
  t.is(h.calls[0]?.headers.get('x-extra'), '1');
  t.is(h.calls[1]?.method, 'DELETE');
  t.is(h.calls[1]?.url, '/api/y?ids[]=5');
  t.is(h.calls[1]?.headers.get('think-lang'), 'en');
});

test('the token store updates only the token fields and keeps the rest of the info object', (t) => {
  const storage = new MemoryStorage();
  storage.setItem(USER_INFO, JSON.stringify({ id: 7, nickname: 'Li', token: 'a', refresh_token: 'r' }));
  const store = createTokenStore(storage);
  t.is(store.get('user', 'access'), 'a');
  t.is(store.get('user', 'refresh'), 'r');
  store.set('user', 'access', 'b');
  t.deepEqual(storage.info(USER_INFO), { id: 7, nickname: 'Li', token: 'b', refresh_token: 'r' });
  store.clear('user', 'refresh');
  t.deepEqual(storage.info(USER_INFO), { id: 7, nickname: 'Li', token: 'b', refresh_token: '' });
  store.clear('user');
  t.deepEqual(storage.info(USER_INFO), { id: 7, nickname: 'Li', token: '', refresh_token: '' });
});

test('the token store keeps admin and member apart and tolerates missing or corrupt entries', (t) => {
  const storage = new MemoryStorage();
  const store = createTokenStore(storage);
  t.is(store.get('admin', 'access'), '');
  store.clear('admin');
  t.is(storage.getItem(ADMIN_INFO), null);
  store.set('admin', 'refresh', 'ar');
  t.deepEqual(storage.info(ADMIN_INFO), { refresh_token: 'ar' });
  t.is(storage.getItem(USER_INFO), null);
  storage.setItem(USER_INFO, '{not json');
  t.is(store.get('user', 'access'), '');
  store.set('user', 'access', 'u');
  t.deepEqual(storage.info(USER_INFO), { token: 'u' });
});
