import test from 'ava';
import { REQUEST_TIMEOUT, RequestError, isCancelled, reportFailure } from '../../src/shared/request/client.ts';
import { decryptData, encryptData } from '../../src/shared/request/cipher.ts';
import { envelope, harness, json, later } from './request-fakes.ts';

const KEY = 'canal-secret';

test('a request that outlives its timeout is aborted with the timeout message', async (t) => {
  const h = harness({ reply: () => 'hang' });
  const error = await t.throwsAsync(h.request('/api/slow', {}, { timeout: 20 }), { instanceOf: RequestError });
  t.is(error?.kind, 'timeout');
  t.is(error?.message, 'The network request timed out.');
  t.deepEqual(h.notes, [['error', 'The network request timed out.']]);
  t.true(h.calls[0]?.signal.aborted);
});

test('a timeout is not notified when error messages are off', async (t) => {
  const h = harness({ reply: () => 'hang' });
  const error = await t.throwsAsync(h.request('/api/slow', {}, { timeout: 10, showErrorMessage: false }), {
    instanceOf: RequestError,
  });
  t.is(error?.kind, 'timeout');
  t.deepEqual(h.notes, []);
});

test('an upload has no timeout', async (t) => {
  const h = harness({ reply: () => later(40, () => json(envelope(1, { url: '/storage/a.png' }))) });
  const answer = await h.request<{ url: string }>('/api/ajax/upload', { method: 'POST' }, { upload: true, timeout: 5 });
  t.is(answer.data.url, '/storage/a.png');
  t.false(h.calls[0]?.signal.aborted);
  t.deepEqual(h.notes, []);
});

test('the default timeout is ten seconds', (t) => {
  t.is(REQUEST_TIMEOUT, 10_000);
  const h = harness({ reply: () => json(envelope(1, null)) });
  const delays: Array<number | undefined> = [];
  const original = globalThis.setTimeout;
  // The timer is armed synchronously inside request(), so the spy is in place only for that call.
  globalThis.setTimeout = ((handler: () => void, ms?: number) => {
    delays.push(ms);
    return original(handler, ms);
  }) as typeof setTimeout;
  let pending: Promise<unknown>;
  try {
    pending = h.request('/api/x');
  } finally {
    globalThis.setTimeout = original;
  }
  t.deepEqual(delays, [10_000]);
  return pending.then(() => undefined);
});

test('an identical in-flight request cancels the older one silently and the newer one resolves', async (t) => {
  const h = harness({
    reply: (_call, index) => (index === 0 ? 'hang' : json(envelope(1, { n: index }))),
  });
  const older = h.request('/api/x', { method: 'POST', params: { a: 1 }, body: { b: 2 } });
  const newer = h.request<{ n: number }>('/api/x', { method: 'POST', params: { a: 1 }, body: { b: 2 } });
  const error = await t.throwsAsync(older, { instanceOf: RequestError });
  t.is(error?.kind, 'cancel');
  t.is(error?.message, 'Automatic cancellation due to duplicate request:/api/x');
  t.is((await newer).data.n, 1);
  t.true(h.calls[0]?.signal.aborted);
  t.false(h.calls[1]?.signal.aborted);
  t.deepEqual(h.notes, []);
});

test('a cancelled request rejects even when its answer was already on the way', async (t) => {
  const h = harness({ reply: (_call, index) => json(envelope(1, { n: index })) });
  const older = h.request('/api/x');
  const newer = h.request<{ n: number }>('/api/x');
  const error = await t.throwsAsync(older, { instanceOf: RequestError });
  t.is(error?.kind, 'cancel');
  t.is((await newer).data.n, 1);
});

test('requests differing in query, body or method are not duplicates', async (t) => {
  const h = harness({ reply: () => later(10, () => json(envelope(1, null))) });
  await Promise.all([
    h.request('/api/x', { params: { page: 1 } }),
    h.request('/api/x', { params: { page: 2 } }),
    h.request('/api/x', { method: 'POST', body: { a: 1 } }),
    h.request('/api/x', { method: 'POST', body: { a: 2 } }),
    h.request('/api/x', { method: 'DELETE', body: { a: 2 } }),
  ]);
  t.is(h.calls.length, 5);
  t.false(h.calls.some((call) => call.signal.aborted));
});

test('FormData bodies are never treated as identical', async (t) => {
  const h = harness({ reply: () => later(10, () => json(envelope(1, null))) });
  const form = new FormData();
  form.append('a', '1');
  await Promise.all([
    h.request('/api/ajax/upload', { method: 'POST', body: form }),
    h.request('/api/ajax/upload', { method: 'POST', body: form }),
  ]);
  t.is(h.calls.length, 2);
  t.false(h.calls.some((call) => call.signal.aborted));
});

test('cancelDuplicate false lets identical requests run side by side', async (t) => {
  const h = harness({ reply: (_call, index) => later(10, () => json(envelope(1, { n: index }))) });
  const [first, second] = await Promise.all([
    h.request<{ n: number }>('/api/x', {}, { cancelDuplicate: false }),
    h.request<{ n: number }>('/api/x', {}, { cancelDuplicate: false }),
  ]);
  t.is(first.data.n, 0);
  t.is(second.data.n, 1);
  t.false(h.calls.some((call) => call.signal.aborted));
});

test('a finished request no longer blocks an identical later one', async (t) => {
  const h = harness({ reply: (_call, index) => json(envelope(1, { n: index })) });
  t.is((await h.request<{ n: number }>('/api/x')).data.n, 0);
  t.is((await h.request<{ n: number }>('/api/x')).data.n, 1);
  t.false(h.calls[0]?.signal.aborted);
});

test('a network failure while online shows the server exception message', async (t) => {
  const h = harness({ reply: () => new TypeError('fetch failed') });
  const error = await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.is(error?.kind, 'network');
  t.is(error?.message, 'Server error.');
  t.true(error?.cause instanceof TypeError);
  t.deepEqual(h.notes, [['error', 'Server error.']]);
});

test('a network failure while offline shows the disconnected message', async (t) => {
  const h = harness({ reply: () => new TypeError('fetch failed') });
  h.state.online = false;
  const error = await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.is(error?.kind, 'network');
  t.deepEqual(h.notes, [['error', 'You are offline.']]);
});

test('a network failure is silent when error messages are off', async (t) => {
  const h = harness({ reply: () => new TypeError('fetch failed') });
  await t.throwsAsync(h.request('/api/x', {}, { showErrorMessage: false }), { instanceOf: RequestError });
  t.deepEqual(h.notes, []);
});

const STATUS_MESSAGES: Array<[number, string]> = [
  [302, 'The request was redirected.'],
  [400, 'The request was not valid.'],
  [401, 'You do not have permission to do this.'],
  [403, 'You do not have permission to do this.'],
  [404, 'Error requesting address:/api/missing'],
  [408, 'The request timed out.'],
  [409, 'This record already exists.'],
  [500, 'Something went wrong on the server.'],
  [501, 'The server does not support this request.'],
  [502, 'Bad gateway.'],
  [503, 'The service is unavailable.'],
  [504, 'The service is temporarily unavailable; please try again later.'],
  [505, 'This HTTP version is not supported.'],
  [418, 'Something went wrong; please contact the site administrator.'],
  [599, 'Something went wrong; please contact the site administrator.'],
];

for (const [status, message] of STATUS_MESSAGES) {
  test(`HTTP ${status} is notified as "${message}" and rejects`, async (t) => {
    const h = harness({ reply: () => json({ code: 500, message: 'boom' }, status) });
    const error = await t.throwsAsync(h.request('/api/missing', { params: { a: 1 } }), { instanceOf: RequestError });
    t.is(error?.kind, 'http');
    t.is(error?.status, status);
    t.is(error?.message, message);
    t.deepEqual(h.notes, [['error', message]]);
  });
}

test('a 404 on a renamed admin entry names the rewritten address', async (t) => {
  const h = harness({ reply: () => json({}, 404), adminBase: '/manage' });
  await t.throwsAsync(h.request('/admin/ajax/area'), { instanceOf: RequestError });
  t.deepEqual(h.notes, [['error', 'Error requesting address:/manage.php/ajax/area']]);
});

test('an HTTP error is silent when error messages are off', async (t) => {
  const h = harness({ reply: () => json({}, 500) });
  const error = await t.throwsAsync(h.request('/api/x', {}, { showErrorMessage: false }), {
    instanceOf: RequestError,
  });
  t.is(error?.status, 500);
  t.deepEqual(h.notes, []);
});

test('an answer that is not an envelope is a server exception', async (t) => {
  const h = harness({ reply: () => new Response('<html>oops</html>', { status: 200 }) });
  const error = await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.is(error?.kind, 'http');
  t.deepEqual(h.notes, [['error', 'Server error.']]);
});

test('the throttle answer without time and data is completed into a full envelope', async (t) => {
  const h = harness({ reply: () => json({ code: 0, msg: 'retry in 12 seconds' }) });
  const error = await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.deepEqual(error?.envelope, { code: 0, msg: 'retry in 12 seconds', time: 0, data: null });
});

test('encryptData and decryptData round-trip through the OpenSSL salted format', (t) => {
  const value = { list: [1, 2], name: '大运河' };
  const cipher = encryptData(value, KEY);
  t.true(cipher.startsWith('U2FsdGVkX1'));
  t.not(encryptData(value, KEY), cipher);
  t.deepEqual(decryptData(cipher, KEY), value);
  t.throws(() => decryptData(cipher, 'other-key'));
});

test('string data is decrypted when an encryption key is configured', async (t) => {
  const secret = { rows: [{ id: 1, title: 'Canal' }], total: 1 };
  const h = harness({ reply: () => json(envelope(1, encryptData(secret, KEY))), encryptKey: KEY });
  const answer = await h.request<typeof secret>('/api/x');
  t.deepEqual(answer.data, secret);
  t.is(answer.code, 1);
});

test('string data is left alone without an encryption key', async (t) => {
  const h = harness({ reply: () => json(envelope(1, 'plain text')) });
  t.is((await h.request<string>('/api/x')).data, 'plain text');
});

test('data that cannot be decrypted is a server exception', async (t) => {
  const h = harness({ reply: () => json(envelope(1, encryptData({ a: 1 }, 'wrong-key'))), encryptKey: KEY });
  const error = await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.is(error?.kind, 'http');
  t.is(error?.message, 'Server error.');
  t.deepEqual(h.notes, [['error', 'Server error.']]);
});

test('garbage instead of cipher text is a server exception too', async (t) => {
  const h = harness({ reply: () => json(envelope(1, 'not-a-cipher')), encryptKey: KEY });
  await t.throwsAsync(h.request('/api/x'), { instanceOf: RequestError });
  t.deepEqual(h.notes, [['error', 'Server error.']]);
});

test('a failed request is told by its reason; a cancelled one by nothing', async (t) => {
  const h = harness({ reply: (_call, index) => (index === 0 ? 'hang' : json(envelope(0, null, 'Refused'))) });
  const older = h.request('/api/x');
  const newer = h.request('/api/x');
  const [cancelled, refused] = await Promise.all([older.catch((err: unknown) => err), newer.catch((err: unknown) => err)]);
  const told: string[] = [];
  for (const err of [cancelled, refused, new Error('The archive is resting'), 'offline']) reportFailure(err, (reason) => told.push(reason));
  t.deepEqual(told, ['Refused', 'The archive is resting', 'offline']);
  t.true(isCancelled(cancelled));
  t.false(isCancelled(refused));
});
