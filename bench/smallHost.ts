import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startCommand } from '../scripts/startCommand.ts';

// The small-host budgets of `npm run bench`: the production server (as `npm start` runs it) under a 128 MB
// old-space limit, its cold starts and resident memory.

const ROOT = path.resolve(import.meta.dirname, '..');
/** The server must run the whole bench within this V8 old-space limit. */
export const HEAP_LIMIT_FLAG = '--max-old-space-size=128';

/**
 * `BENCH_PROFILE=<folder>`: every server the bench starts writes a V8 CPU profile there when it stops (Node
 * refuses `--cpu-prof` in NODE_OPTIONS). Open it in Chrome's DevTools; the bundle's source map names the files.
 */
const PROFILE_FLAGS = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];

/**
 * Variables of the machine's environment that the processes the bench starts go without. Node reads and parses
 * the file NODE_EXTRA_CA_CERTS names at every start, before any script runs, and the development machine of
 * 2026-12-01 named the system's whole bundle there (220 KB, some 140 certificates, much the list Node carries
 * itself). With it and without, three alternating runs each: `node -e 0` 110–162 and 71–92 ms, the server's
 * start on an existing folder 421–544 and 395–398 ms, its idle RSS 1.3–2.2 MB more with it. No process of the
 * bench opens a TLS connection; a server whose mail, storage or payment provider needs an extra CA keeps the
 * variable under `npm start`. The bench prints what it costs each start (extraCertsMs).
 */
const MACHINE_ONLY = ['NODE_EXTRA_CA_CERTS'] as const;

/** The bench's environment without MACHINE_ONLY: what every process it starts runs in. */
export function benchEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of MACHINE_ONLY) delete env[name];
  return env;
}

/** The middle value (of an even count, the upper middle). */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A port on 127.0.0.1 that nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the production bundle with npm start's flags and environment, plus the heap limit. */
export function startProduction(env: Record<string, string>): ChildProcess {
  const start = startCommand();
  return spawn(process.execPath, [HEAP_LIMIT_FLAG, ...PROFILE_FLAGS, ...start.args], { cwd: ROOT, env: { ...benchEnv(), ...start.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Makes sure the existing folder's starts run with V8's code cache (src/server/launcher.ts), as a user's do: the
 * build wrote it (scripts/codeCache.ts); when it is missing (a build whose cache start failed), one start writes
 * it as it stops, after its first page.
 */
export async function ensureCodeCache(env: Record<string, string>, url: string): Promise<void> {
  const cache = path.join(ROOT, 'dist/portal/server.cjs.cache');
  if (fs.existsSync(cache)) return;
  const child = startProduction(env);
  try {
    await timeToFirstPage(child, url, performance.now());
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  if (!fs.existsSync(cache)) throw new Error('the server wrote no code cache as it stopped');
}

/**
 * Milliseconds Node itself takes to start and exit (`node -e 0`), median of five: the scale of the cold starts on
 * this host. On the same code, cold starts moved with it from one run to the next (hosts shared with others are
 * slower per instruction at some hours, with no CPU stolen that the kernel sees).
 */
export function nodeStartMs(env: NodeJS.ProcessEnv = benchEnv()): number {
  return median(
    Array.from({ length: 5 }, () => {
      const started = performance.now();
      spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore', env });
      return performance.now() - started;
    }),
  );
}

/**
 * What this machine's NODE_EXTRA_CA_CERTS adds to Node's start (MACHINE_ONLY), against `withoutMs` (nodeStartMs()
 * as the bench measured it), or null when it is not set.
 */
export function extraCertsMs(withoutMs: number): { file: string; ms: number } | null {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return null;
  return { file, ms: nodeStartMs(process.env) - withoutMs };
}

/**
 * Milliseconds from spawning a bare Node HTTP server (no framework, nothing read) until it answers, polled as the
 * portal's starts are (timeToFirstPage), median of five: the least any server's cold start takes on this host.
 */
export async function bareServerStartMs(port: number): Promise<number> {
  const script = `require('node:http').createServer((req, res) => res.end('ok')).listen(${port}, '127.0.0.1')`;
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, ['-e', script], { env: benchEnv(), stdio: 'ignore' });
    try {
      runs.push(await timeToFirstPage(child, `http://127.0.0.1:${port}/`, spawnedAt));
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
  return median(runs);
}

/**
 * Microseconds this host takes to give a process one page (4 KB) of memory it touches for the first time: a
 * start's cost grows with the memory it touches (the portal's, about 11,000 pages), and virtual machines differ
 * here by ten times and more (14 µs a page on the development machine of 2026-12-02, where a page is a trap to the
 * hypervisor). Measured in a child process over 64 MB that nothing touched before, median of three.
 */
export function pageTouchUs(): number {
  const script = 'const b = Buffer.allocUnsafeSlow(64 << 20); const t = performance.now(); for (let i = 0; i < b.length; i += 4096) b[i] = 1; console.log((performance.now() - t) * 1000 / (b.length / 4096));';
  return median(Array.from({ length: 3 }, () => Number(spawnSync(process.execPath, ['-e', script], { env: benchEnv(), encoding: 'utf8' }).stdout)));
}

/** Milliseconds from spawning until `url` answers 200 (polled every 10 ms). */
export async function timeToFirstPage(child: ChildProcess, url: string, spawnedAt: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - spawnedAt;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resident memory now and at its highest so far (VmRSS, VmHWM), in MB; Linux only. */
export function residentMemory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU the process has used so far (user and system, all its threads); NaN off Linux. */
export function cpuMilliseconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** The kernel's clock ticks per second (USER_HZ), 100 on Linux. */
const CLOCK_TICKS = 100;

export interface ListTiming {
  name: string;
  median: number;
  p95: number;
  note: string;
}

export function printSmallHost(figures: { nodeStart: number; bareStart: number; pageTouch: number; extraCerts: { file: string; ms: number } | null; coldNew: number; coldExisting: number; existingStarts: number[]; idle: number; peak: number; survived: boolean }): void {
  // The budgets of these figures are in the bench's last table (bench/budgets.ts).
  console.log(`\nSmall host (server run as npm start runs it, with ${HEAP_LIMIT_FLAG})\n`);
  console.log(['what', 'measured'].join(' | '));
  console.log('--- | ---:');
  console.log(["Node's own start and exit on this host, for scale (`node -e 0`, median of 5)", `${figures.nodeStart.toFixed(0)} ms`].join(' | '));
  console.log(["a bare Node HTTP server's start to its first answer, for scale (median of 5)", `${figures.bareStart.toFixed(0)} ms`].join(' | '));
  console.log(['a page of memory (4 KB) touched for the first time, for scale (median of 3)', `${figures.pageTouch.toFixed(1)} µs`].join(' | '));
  if (figures.extraCerts) {
    const what = `this machine's \`NODE_EXTRA_CA_CERTS\` (${figures.extraCerts.file}), which the bench's processes start without: what it adds to each Node start`;
    console.log([what, `${figures.extraCerts.ms.toFixed(0)} ms`].join(' | '));
  }
  console.log(['cold start, new data directory (migrations, seeds)', `${figures.coldNew.toFixed(0)} ms`].join(' | '));
  const starts = figures.existingStarts.map((ms) => ms.toFixed(0)).join(', ');
  console.log([`cold start, existing data directory (median of ${starts})`, `${figures.coldExisting.toFixed(0)} ms`].join(' | '));
  console.log(['RSS idle after start', `${figures.idle.toFixed(1)} MB`].join(' | '));
  console.log(['RSS peak over the whole bench', `${figures.peak.toFixed(1)} MB`].join(' | '));
  console.log(['ran the whole bench without failing', figures.survived ? 'yes' : 'NO'].join(' | '));
}
