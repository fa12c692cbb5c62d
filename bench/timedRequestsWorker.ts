import { parentPort, workerData } from 'node:worker_threads';
import { cpuMilliseconds } from './smallHost.ts';
import type { Envelope, TimedKindResult, TimedWork } from './timedRequests.ts';

// The worker of timeRequests (bench/timedRequests.ts): the timed loop, in a heap that holds nothing else.

const { kinds, runs, serverPid } = workerData as TimedWork;
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
