import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { percentiles, timeRequests } from '../../bench/timedRequests.ts';

// The bench's single-request timer runs in a worker thread; these drive it against a real server.

let server: http.Server;
let base = '';
const seen: Array<{ url: string; lang: string | undefined }> = [];

test.before(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, lang: req.headers['think-lang'] as string | undefined });
    const refused = req.url!.startsWith('/refused');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(refused ? { code: 0, msg: 'No permission', data: null } : { code: 1, msg: '', data: { n: seen.length } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after.always(() => {
  server?.close();
});

test.serial('each kind is sent runs times, in order, with its headers, and nothing else (the warm-up has a server of its own); the last answer and a time for each come back', async (t) => {
  seen.length = 0;
  const results = await timeRequests({
    kinds: [
      { name: 'a', url: `${base}/a`, headers: { 'think-lang': 'en' } },
      { name: 'b', url: `${base}/b`, headers: { 'think-lang': 'zh-cn' } },
    ],
    runs: 3,
    serverPid: process.pid,
  });
  t.deepEqual(seen, [...Array(3).fill({ url: '/a', lang: 'en' }), ...Array(3).fill({ url: '/b', lang: 'zh-cn' })]);
  t.deepEqual(results.map((r) => [r.name, r.times.length, r.body.data]), [['a', 3, { n: 3 }], ['b', 3, { n: 6 }]]);
  t.true(results.every((r) => r.times.every((ms) => ms > 0) && Number.isFinite(r.cpu)));
});

test.serial('an answer other than code 1 fails the run with its message', async (t) => {
  await t.throwsAsync(timeRequests({ kinds: [{ name: 'refused kind', url: `${base}/refused`, headers: {} }], runs: 2, serverPid: process.pid }), { message: 'refused kind: No permission' });
});

test('percentiles: the median, the 95th of the sorted times and the slowest', (t) => {
  const times = Array.from({ length: 100 }, (_, i) => 100 - i);
  t.deepEqual(percentiles(times), { median: 51, p95: 96, slowest: 100 });
  t.deepEqual(percentiles([3, 1, 2]), { median: 2, p95: 3, slowest: 3 });
});
