import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { cpuMilliseconds } from './smallHost.ts';
import type { Envelope, TimedKindResult, TimedWork } from './timedRequests.ts';

// The worker of timeRequests (bench/timedRequests.ts): the timed loop, in a heap that holds nothing else.

/**
 * Requests the worker sends to a server of its own before timing any: its fetch and JSON code is compiled then,
 * not during the first kind, whose first request is the server's first after the seeding. Started cold, that
 * request took 42-56 ms; after this warm-up 10-14 ms (admin list page 1 over 1,000,000 rows, four alternating
 * runs each, 2026-12-01; the medians and p95s moved less than the host did). The server measured sees none of them.
 */
const WARM_UP = 200;

async function warmUp(headers: Record<string, string>): Promise<void> {
  const answer = JSON.stringify({ code: 1, msg: '', data: { list: [], total: 0 } } satisfies Envelope);
  const own = http.createServer((_req, res) => res.setHeader('content-type', 'application/json').end(answer));
  await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/`;
  try {
    for (let i = 0; i < WARM_UP; i++) await (await fetch(url, { headers })).json();
  } finally {
    own.closeAllConnections();
    own.close();
  }
}

const { kinds, runs, serverPid } = workerData as TimedWork;
await warmUp(kinds[0]?.headers ?? {});
const results: TimedKindResult[] = [];
for (const { name, url, headers } of kinds) {
  const times: number[] = [];
  let body: Envelope | undefined;
  const cpuBefore = cpuMilliseconds(serverPid);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    body = (await res.json()) as Envelope;
    times.push(performance.now() - started);
    if (body.code !== 1) throw new Error(`${name}: ${body.msg}`);
  }
  results.push({ name, times, cpu: (cpuMilliseconds(serverPid) - cpuBefore) / runs, body: body! });
}
parentPort!.postMessage(results);
