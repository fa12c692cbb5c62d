import test from 'ava';
import { ADMIN_INFO, REFRESH_TOKEN_URL, USER_INFO, RequestError } from '../../src/shared/request/client.ts';
import { bodyOf, envelope, harness, json, later, type FakeCall, type Reply } from './request-fakes.ts';

const expired = () => json(envelope(409, [], ''));

/**
 * A server where `token` is valid on the member side and anything else is expired; the refresh endpoint
 * answers after a delay so that every concurrent 409 arrives while it is still running.
 */
function memberServer(refresh: (call: FakeCall) => Reply, token = 'new-user-token') {
  return (call: FakeCall): Reply => {
    if (call.url === REFRESH_TOKEN_URL) return refresh(call);
    if (call.headers.get('ba-user-token') !== token) return expired();
    return json(envelope(1, { url: call.url }));
  };
}

const refreshedAs = (type: string, token: string) => () => later(15, () => json(envelope(1, { type, token })));

const member = { id: 7, nickname: 'Li', token: 'old-user-token', refresh_token: 'user-refresh-token' };
const admin = { id: 1, username: 'admin', token: 'old-admin-token', refresh_token: 'admin-refresh-token' };

test('three concurrent 409s run one refresh and replay all three with the new token', async (t) => {
  const h = harness({
    reply: memberServer(refreshedAs('user-refresh', 'new-user-token')),
    path: '/user/account/overview',
    stored: { [USER_INFO]: member },
  });
  const answers = await Promise.all([
    h.request<{ url: string }>('/api/account/overview'),
    h.request<{ url: string }>('/api/account/balance', { params: { page: 1 } }),
    h.request<{ url: string }>('/api/account/profile', { method: 'POST', body: { nickname: 'Li' } }),
  ]);
  t.deepEqual(
    answers.map((answer) => answer.data.url),
    ['/api/account/overview', '/api/account/balance?page=1', '/api/account/profile'],
  );

  const refreshes = h.calls.filter((call) => call.url === REFRESH_TOKEN_URL);
  t.is(refreshes.length, 1);
  t.is(refreshes[0]?.method, 'POST');
  t.deepEqual(bodyOf(refreshes[0]), { refreshToken: 'user-refresh-token' });
  // The server needs the expired access token to know which session to renew.
  t.is(refreshes[0]?.headers.get('ba-user-token'), 'old-user-token');

  const replays = h.calls.slice(4);
  t.is(h.calls.length, 7);
  t.deepEqual(
    replays.map((call) => call.headers.get('ba-user-token')),
    ['new-user-token', 'new-user-token', 'new-user-token'],
  );
  t.deepEqual(bodyOf(replays.find((call) => call.method === 'POST')), { nickname: 'Li' });
  t.deepEqual(h.storage.info(USER_INFO), { ...member, token: 'new-user-token' });
  t.deepEqual(h.notes, []);
  t.deepEqual(h.navigations, []);
});

test('an admin 409 refreshes with the admin refresh token and stores the admin token', async (t) => {
  const h = harness({
    reply: (call) => {
      if (call.url === REFRESH_TOKEN_URL) return later(5, () => json(envelope(1, { type: 'admin-refresh', token: 'new-admin-token' })));
      return call.headers.get('batoken') === 'new-admin-token' ? json(envelope(1, 'ok')) : expired();
    },
    path: '/admin/dashboard',
    stored: { [ADMIN_INFO]: admin, [USER_INFO]: member },
  });
  const answer = await h.request<string>('/admin/index/index');
  t.is(answer.data, 'ok');
  t.deepEqual(bodyOf(h.calls[1]), { refreshToken: 'admin-refresh-token' });
  t.is(h.calls[1]?.headers.get('batoken'), 'old-admin-token');
  t.is(h.calls[2]?.headers.get('batoken'), 'new-admin-token');
  t.deepEqual(h.storage.info(ADMIN_INFO), { ...admin, token: 'new-admin-token' });
  t.deepEqual(h.storage.info(USER_INFO), member);
});

test('a rotated refresh token in the answer replaces the spent one', async (t) => {
  const h = harness({
    reply: (call) => {
      if (call.url === REFRESH_TOKEN_URL) return later(5, () => json(envelope(1, { type: 'admin-refresh', token: 'new-admin-token', refresh_token: 'next-admin-refresh' })));
      return call.headers.get('batoken') === 'new-admin-token' ? json(envelope(1, 'ok')) : expired();
    },
    path: '/admin/dashboard',
    stored: { [ADMIN_INFO]: admin, [USER_INFO]: member },
  });
  t.is((await h.request<string>('/admin/index/index')).data, 'ok');
  t.deepEqual(h.storage.info(ADMIN_INFO), { ...admin, token: 'new-admin-token', refresh_token: 'next-admin-refresh' });
});

test('the refreshed token is stored on the side the server names, not the page context', async (t) => {
  const h = harness({
    reply: memberServer(refreshedAs('user-refresh', 'new-user-token')),
    path: '/admin/dashboard',
    stored: { [ADMIN_INFO]: { ...admin, refresh_token: 'user-refresh-token' }, [USER_INFO]: member },
  });
  await h.request('/api/user/index');
  t.deepEqual(h.storage.info(USER_INFO), { ...member, token: 'new-user-token' });
  t.is((h.storage.info(ADMIN_INFO) as { token: string }).token, 'old-admin-token');
});

test('a failed refresh clears the tokens, rejects every queued request and goes to login once', async (t) => {
  const h = harness({
    reply: memberServer(() => later(10, () => json(envelope(0, null, 'Login expired, please log in again')))),
    path: '/user/account/overview',
    stored: { [USER_INFO]: member, [ADMIN_INFO]: admin },
  });
  const results = await Promise.allSettled([
    h.request('/api/account/overview'),
    h.request('/api/account/balance'),
    h.request('/api/account/integral'),
  ]);
  t.deepEqual(
    results.map((result) => result.status),
    ['rejected', 'rejected', 'rejected'],
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      t.true(result.reason instanceof RequestError);
      t.is((result.reason as RequestError).message, 'Login expired, please log in again');
    }
  }
  t.is(h.calls.filter((call) => call.url === REFRESH_TOKEN_URL).length, 1);
  t.is(h.calls.length, 4);
  t.deepEqual(h.storage.info(USER_INFO), { ...member, token: '', refresh_token: '' });
  t.deepEqual(h.storage.info(ADMIN_INFO), admin);
  t.deepEqual(h.navigations, ['/user/login']);
  t.deepEqual(h.notes, [['error', 'Login expired, please log in again']]);
});

test('without a stored refresh token no refresh is sent and the member goes to login', async (t) => {
  const h = harness({
    reply: memberServer(refreshedAs('user-refresh', 'never')),
    path: '/user/account/overview',
    stored: { [USER_INFO]: { ...member, refresh_token: '' } },
  });
  const error = await t.throwsAsync(h.request('/api/account/overview'), { instanceOf: RequestError });
  t.is(error?.kind, 'code');
  t.is(error?.envelope?.code, 409);
  t.is(h.calls.length, 1);
  t.deepEqual(h.storage.info(USER_INFO), { ...member, token: '', refresh_token: '' });
  t.deepEqual(h.navigations, ['/user/login']);
  t.deepEqual(h.notes, []);
});

test('a refresh lost to the network fails like a refused one', async (t) => {
  const h = harness({
    reply: memberServer(() => new TypeError('fetch failed')),
    path: '/user',
    stored: { [USER_INFO]: member },
  });
  const error = await t.throwsAsync(h.request('/api/account/overview'), { instanceOf: RequestError });
  t.is(error?.kind, 'network');
  t.deepEqual(h.storage.info(USER_INFO), { ...member, token: '', refresh_token: '' });
  t.deepEqual(h.navigations, ['/user/login']);
  t.deepEqual(h.notes, [['error', 'Server error.']]);
});

test('a refresh answer without a known type is a failure', async (t) => {
  const h = harness({
    reply: memberServer(refreshedAs('user', 'new-user-token')),
    path: '/user',
    stored: { [USER_INFO]: member },
  });
  await t.throwsAsync(h.request('/api/account/overview'), { instanceOf: RequestError });
  t.deepEqual(h.storage.info(USER_INFO), { ...member, token: '', refresh_token: '' });
  t.deepEqual(h.navigations, ['/user/login']);
});

test('a failed admin refresh goes to the admin login', async (t) => {
  const h = harness({
    reply: (call) => (call.url === REFRESH_TOKEN_URL ? json(envelope(0, null, '')) : expired()),
    path: '/admin/auth/admin',
    stored: { [ADMIN_INFO]: admin },
  });
  await t.throwsAsync(h.request('/admin/auth.Admin/index'), { instanceOf: RequestError });
  t.deepEqual(h.storage.info(ADMIN_INFO), { ...admin, token: '', refresh_token: '' });
  t.deepEqual(h.navigations, ['/admin/login']);
});

test('a failed refresh on the login page clears the tokens without navigating', async (t) => {
  const h = harness({
    reply: (call) => (call.url === REFRESH_TOKEN_URL ? json(envelope(0, null, '')) : expired()),
    path: '/admin/login',
    stored: { [ADMIN_INFO]: admin },
  });
  await t.throwsAsync(h.request('/admin/index/index'), { instanceOf: RequestError });
  t.deepEqual(h.storage.info(ADMIN_INFO), { ...admin, token: '', refresh_token: '' });
  t.deepEqual(h.navigations, []);

  const member409 = harness({
    reply: (call) => (call.url === REFRESH_TOKEN_URL ? json(envelope(0, null, '')) : expired()),
    path: '/user/login',
    stored: { [USER_INFO]: member },
  });
  await t.throwsAsync(member409.request('/api/x'), { instanceOf: RequestError });
  t.deepEqual(member409.navigations, []);
});

test('a replay that is still refused does not start a second refresh', async (t) => {
  const h = harness({
    reply: (call) =>
      call.url === REFRESH_TOKEN_URL ? json(envelope(1, { type: 'user-refresh', token: 'new-user-token' })) : expired(),
    path: '/user',
    stored: { [USER_INFO]: member },
  });
  const error = await t.throwsAsync(h.request('/api/account/overview'), { instanceOf: RequestError });
  t.is(error?.envelope?.code, 409);
  t.is(h.calls.length, 3);
  t.is(h.calls.filter((call) => call.url === REFRESH_TOKEN_URL).length, 1);
  t.deepEqual(h.navigations, []);
});

test('a 409 for a token that a finished refresh already replaced is replayed without refreshing again', async (t) => {
  let releaseSlow: () => void = () => undefined;
  const slowGate = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  const h = harness({
    reply: (call) => {
      if (call.url === REFRESH_TOKEN_URL) return json(envelope(1, { type: 'user-refresh', token: 'new-user-token' }));
      if (call.headers.get('ba-user-token') === 'new-user-token') return json(envelope(1, call.url));
      // The slow call left with the old token and is answered only after the refresh has finished.
      return call.url === '/api/slow' ? slowGate.then(expired) : expired();
    },
    path: '/user',
    stored: { [USER_INFO]: member },
  });
  const slow = h.request<string>('/api/slow');
  t.is((await h.request<string>('/api/fast')).data, '/api/fast');
  releaseSlow();
  t.is((await slow).data, '/api/slow');
  t.is(h.calls.filter((call) => call.url === REFRESH_TOKEN_URL).length, 1);
});

test('the refresh endpoint answering 409 itself does not loop', async (t) => {
  const h = harness({
    reply: () => expired(),
    path: '/user',
    stored: { [USER_INFO]: member },
  });
  await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.is(h.calls.length, 2);
  t.deepEqual(h.navigations, ['/user/login']);
});
