import test from 'ava';
import { parseWrk, wrkMs } from '../../bench/load.ts';

// What wrk 4.1 prints with --latency; the second run's server refused some connections and answered 404s, and
// its p99 is in seconds, which wrk pads to two characters as it does "ms" ("2.01s ").
const CLEAN = `Running 2s test @ http://127.0.0.1:18100/news
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.10ms    1.10ms  35.48ms   97.90%
    Req/Sec    49.59k     5.08k   53.03k    90.00%
  Latency Distribution
     50%  812.00us
     75%    1.11ms
     90%    1.21ms
     99%    4.27ms
  98543 requests in 2.00s, 1.15GB read
Requests/sec:  49239.54
Transfer/sec:    587.78MB
`;
const FAILING = CLEAN.replace('  98543 requests', '  Socket errors: connect 3, read 1, write 0, timeout 2\n  Non-2xx or 3xx responses: 7\n  98543 requests').replace('99%    4.27ms', '99%    2.01s ');

test('a wrk run gives its rate, median and p99 in milliseconds, and no errors', (t) => {
  t.deepEqual(parseWrk('/news', CLEAN), { name: '/news', reqPerSec: 49239.54, p50: 0.812, p99: 4.27, errors: 0 });
});

test('socket errors and answers other than 2xx or 3xx are counted as errors', (t) => {
  const row = parseWrk('/news', FAILING);
  t.is(row.errors, 13);
  t.true(Math.abs(row.p99 - 2010) < 1e-6);
});

test('output without a rate is refused rather than read as zero', (t) => {
  t.throws(() => parseWrk('/news', 'unable to connect to 127.0.0.1:1 Connection refused\n'), { message: /wrk printed no rate/ });
});

test('durations in wrk units; anything else is not a number', (t) => {
  t.deepEqual(['250.50us', '3.00ms', '1.50s', '2.00m', '12'].map(wrkMs), [0.2505, 3, 1500, 120_000, NaN]);
});
