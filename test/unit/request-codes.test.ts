import test from 'ava';
import { LOGGED_IN, NEED_LOGIN } from '../../src/shared/api/envelope.ts';
import { ADMIN_INFO, USER_INFO, RequestError } from '../../src/shared/request/client.ts';
import { envelope, harness, json } from './request-fakes.ts';

const bothLoggedIn = {
  [ADMIN_INFO]: { id: 1, username: 'admin', token: 'at', refresh_token: 'ar' },
  [USER_INFO]: { id: 7, nickname: 'Li', token: 'ut', refresh_token: 'ur' },
};

test('code 1 resolves with the envelope and shows nothing by default', async (t) => {
  const h = harness({ reply: () => json(envelope(1, { total: 3 }, 'Saved')) });
  const answer = await h.request<{ total: number }>('/api/account/overview');
  t.deepEqual(answer, { code: 1, msg: 'Saved', time: 1_700_000_000, data: { total: 3 } });
  t.deepEqual(h.notes, []);
  t.deepEqual(h.navigations, []);
});

test('code 1 shows the server message when the success message is asked for', async (t) => {
  const h = harness({ reply: () => json(envelope(1, null, 'Profile updated')) });
  await h.request('/api/account/profile', { method: 'POST', body: {} }, { showSuccessMessage: true });
  t.deepEqual(h.notes, [['success', 'Profile updated']]);
});

test('code 1 with an empty message falls back to "Operation successful"', async (t) => {
  const h = harness({ reply: () => json(envelope(1, null, '')) });
  await h.request('/api/account/changePassword', { method: 'POST', body: {} }, { showSuccessMessage: true });
  t.deepEqual(h.notes, [['success', 'Operation successful']]);
});

test('code 0 notifies the message and rejects with the envelope', async (t) => {
  const h = harness({ reply: () => json(envelope(0, null, 'Incorrect password')) });
  const error = await t.throwsAsync(h.request('/api/user/checkIn', { method: 'POST', body: {} }), {
    instanceOf: RequestError,
  });
  t.is(error?.kind, 'code');
  t.is(error?.message, 'Incorrect password');
  t.deepEqual(error?.envelope, envelope(0, null, 'Incorrect password'));
  t.deepEqual(h.notes, [['error', 'Incorrect password']]);
});

test('code 0 is silent when code messages are suppressed', async (t) => {
  const h = harness({ reply: () => json(envelope(0, null, 'Captcha error')) });
  const error = await t.throwsAsync(
    h.request('/api/common/checkClickCaptcha', { method: 'POST', body: {} }, { showCodeMessage: false }),
    { instanceOf: RequestError },
  );
  t.is(error?.envelope?.code, 0);
  t.deepEqual(h.notes, []);
});

test('code 0 with an empty message notifies nothing but still rejects', async (t) => {
  const h = harness({ reply: () => json(envelope(0, [], '')) });
  const error = await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.is(error?.message, 'Request failed with code 0');
  t.deepEqual(h.notes, []);
});

test('code 401 from the server is a plain code error with its message', async (t) => {
  const h = harness({ reply: () => json(envelope(401, [], 'You do not have permission to do this')), path: '/admin/auth/group' });
  const error = await t.throwsAsync(h.request('/admin/auth.Group/index'), { instanceOf: RequestError });
  t.is(error?.envelope?.code, 401);
  t.deepEqual(h.notes, [['error', 'You do not have permission to do this']]);
  t.deepEqual(h.navigations, []);
});

test('code 302 navigates to routePath and shows the message', async (t) => {
  const h = harness({ reply: () => json(envelope(302, { routePath: '/user/account/profile' }, 'Complete your profile')) });
  const error = await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.is(error?.kind, 'code');
  t.deepEqual(h.navigations, ['/user/account/profile']);
  t.deepEqual(h.notes, [['error', 'Complete your profile']]);
});

test('code 302 resolves routeName through the injected route table', async (t) => {
  const h = harness({
    reply: () => json(envelope(302, { routeName: 'userAccount' }, '')),
    routes: { userAccount: '/user/account' },
  });
  await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.deepEqual(h.navigations, ['/user/account']);
  t.deepEqual(h.notes, []);
});

test('code 302 knows the named routes of the spec, under the configured admin base', async (t) => {
  for (const [name, path] of [
    ['adminLogin', '/manage/login'],
    ['userLogin', '/user/login'],
    ['noPower', '/401'],
    ['notFound', '/404'],
    ['home', '/'],
    ['admin', '/manage'],
    ['user', '/user'],
  ] as const) {
    const h = harness({ reply: () => json(envelope(302, { routeName: name }, '')), adminBase: '/manage', path: '/news' });
    await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
    t.deepEqual(h.navigations, [path], name);
  }
  const inherited = harness({ reply: () => json(envelope(302, { routeName: 'toString' }, '')) });
  await t.throwsAsync(inherited.request('/api/x'), { instanceOf: RequestError });
  t.deepEqual(inherited.navigations, [], 'an inherited property is no route');
});

test('code 302 prefers routePath and stays put for an unknown route name', async (t) => {
  const both = harness({
    reply: () => json(envelope(302, { routePath: '/a', routeName: 'b' }, 'go')),
    routes: { b: '/b' },
  });
  await t.throwsAsync(both.request('/api/x', {}, { showCodeMessage: false }), { instanceOf: RequestError });
  t.deepEqual(both.navigations, ['/a']);
  t.deepEqual(both.notes, []);

  const unknown = harness({ reply: () => json(envelope(302, { routeName: 'nowhere' }, 'go')) });
  await t.throwsAsync(unknown.request('/api/x'), { instanceOf: RequestError });
  t.deepEqual(unknown.navigations, []);
});

test('code 303 need login in the member centre clears the member tokens and goes to /user/login', async (t) => {
  const h = harness({
    reply: () => json(envelope(303, { type: NEED_LOGIN }, 'Please login first')),
    path: '/user/account/balance',
    stored: bothLoggedIn,
  });
  const error = await t.throwsAsync(h.request('/api/account/balance'), { instanceOf: RequestError });
  t.is(error?.envelope?.code, 303);
  t.deepEqual(h.notes, [['error', 'Please login first']]);
  t.deepEqual(h.navigations, ['/user/login']);
  t.deepEqual(h.storage.info(USER_INFO), { id: 7, nickname: 'Li', token: '', refresh_token: '' });
  t.deepEqual(h.storage.info(ADMIN_INFO), bothLoggedIn[ADMIN_INFO]);
});

test('code 303 need login in the admin app clears the admin tokens and goes to the admin login', async (t) => {
  const h = harness({
    reply: () => json(envelope(303, { type: NEED_LOGIN }, 'Please login first')),
    path: '/admin/dashboard',
    stored: bothLoggedIn,
  });
  await t.throwsAsync(h.request('/admin/index/index', {}, { showCodeMessage: false }), { instanceOf: RequestError });
  t.deepEqual(h.notes, []);
  t.deepEqual(h.navigations, ['/admin/login']);
  t.deepEqual(h.storage.info(ADMIN_INFO), { id: 1, username: 'admin', token: '', refresh_token: '' });
  t.deepEqual(h.storage.info(USER_INFO), bothLoggedIn[USER_INFO]);
});

test('code 303 need login uses a renamed admin base for context and login route', async (t) => {
  const h = harness({
    reply: () => json(envelope(303, { type: NEED_LOGIN }, '')),
    path: '/manage/auth/admin',
    adminBase: '/manage',
    stored: bothLoggedIn,
  });
  await t.throwsAsync(h.request('/admin/auth.Admin/index'), { instanceOf: RequestError });
  t.is(h.calls[0]?.url, '/manage.php/auth.Admin/index');
  t.deepEqual(h.navigations, ['/manage/login']);
  t.deepEqual(h.storage.info(ADMIN_INFO), { id: 1, username: 'admin', token: '', refresh_token: '' });
});

test('code 303 logged in sends a member to /user and keeps the tokens', async (t) => {
  const h = harness({
    reply: () => json(envelope(303, { type: LOGGED_IN }, 'You have already logged in')),
    path: '/user/login',
    stored: bothLoggedIn,
  });
  await t.throwsAsync(h.request('/api/user/checkIn'), { instanceOf: RequestError });
  t.deepEqual(h.notes, [['error', 'You have already logged in']]);
  t.deepEqual(h.navigations, ['/user']);
  t.deepEqual(h.storage.info(USER_INFO), bothLoggedIn[USER_INFO]);
});

test('code 303 logged in sends an admin to the admin base', async (t) => {
  const h = harness({
    reply: () => json(envelope(303, { type: LOGGED_IN }, '')),
    path: '/admin/login',
    stored: bothLoggedIn,
  });
  await t.throwsAsync(h.request('/admin/index/login'), { instanceOf: RequestError });
  t.deepEqual(h.navigations, ['/admin']);
  t.deepEqual(h.storage.info(ADMIN_INFO), bothLoggedIn[ADMIN_INFO]);
});

test('code 303 need login does not navigate again when already on the login page', async (t) => {
  const h = harness({
    reply: () => json(envelope(303, { type: NEED_LOGIN }, '')),
    path: '/user/login',
    stored: bothLoggedIn,
  });
  await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.deepEqual(h.navigations, []);
  t.deepEqual(h.storage.info(USER_INFO), { id: 7, nickname: 'Li', token: '', refresh_token: '' });
});
