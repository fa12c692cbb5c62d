import { Worker } from 'node:worker_threads';

// Single requests timed one at a time (the admin list and the site search rows). They run in a worker thread: a
// heap of its own, small and fresh. Timed from the bench's own thread, they counted its garbage collection as
// the server's time: after the million rows were seeded in that heap, its collections during the admin list's
// 500 requests were 18 pauses over 2 ms, three of them full collections of 8-20 ms (2026-12-01), in a row whose
// budget is a p95 under 10 ms. Its connections are new as well: none can have been closed by the server while
// the bench seeded or rebuilt (each row once sent a request again, or an unmeasured one first, for that).

/** One kind of request, sent `runs` times. */
export interface TimedKind {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** The reference's answer envelope, as both timed APIs send it. */
export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export interface TimedKindResult {
  name: string;
  /** Wall milliseconds of each request, in the order sent: from sending to the whole answer read. */
  times: number[];
  /** The server process's CPU milliseconds per request (mean). */
  cpu: number;
  /** The last answer. */
  body: Envelope;
}

export interface TimedWork {
  kinds: TimedKind[];
  runs: number;
  serverPid: number;
}

/** Sends each kind `runs` times one at a time, kind after kind; rejects on any answer whose code is not 1. */
export function timeRequests(work: TimedWork): Promise<TimedKindResult[]> {
  return new Promise((resolve, reject) => {
    // A worker does not take tsx's hooks from --import (privatenumber/tsx#354): it registers them itself.
    const url = new URL('./timedRequestsWorker.ts', import.meta.url).href;
    const script = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); })`;
    const worker = new Worker(script, { eval: true, workerData: work });
    worker.once('message', (results: TimedKindResult[]) => resolve(results));
    // What the worker threw arrives as a copy, not a native Error of this thread: its message makes one.
    worker.once('error', (err: Error) => reject(new Error(err.message)));
    worker.once('exit', (code) => reject(new Error(`the request timer exited with ${code} before answering`)));
  });
}

/** Median, p95 and slowest of wall times (of 100, the p95 is the fifth-slowest). */
export function percentiles(times: readonly number[]): { median: number; p95: number; slowest: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]!, slowest: sorted.at(-1)! };
}
