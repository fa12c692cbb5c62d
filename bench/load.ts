import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * The load of the bench's throughput rows: 50 connections for 10 s on one URL. wrk when it is installed
 * (Debian's `wrk`), autocannon otherwise. autocannon runs in a Node process of its own, on the same two cores,
 * and on a cached page it is the limit, not the server: it decodes every answer's body into a string, which
 * for a Chinese page cost it 2.5 of 8 s of CPU (0.2 s for the baseline's ASCII body), and it held a whole core
 * while the server used 0.66 of one. wrk reads the same answers in C with a third of a core less, so the
 * server is the limit whichever row is measured.
 */
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

export interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

type LoadTool = 'wrk' | 'autocannon';

/** wrk when it runs here, or autocannon. */
const LOAD_TOOL: LoadTool = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error ? 'autocannon' : 'wrk';

/** A duration as wrk prints it (`812.00us`, `1.20ms`, `2.01s`), in milliseconds. */
export function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(m[1]) * scale;
}

/** The figures of a wrk run from what it prints with `--latency`. */
export function parseWrk(name: string, output: string): Row {
  const figure = (pattern: RegExp) => pattern.exec(output)?.[1];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + Number(figure(/Non-2xx or 3xx responses: (\d+)/) ?? 0);
  const reqPerSec = Number(figure(/Requests\/sec:\s+([\d.]+)/));
  if (!Number.isFinite(reqPerSec)) throw new Error(`wrk printed no rate for ${name}:\n${output}`);
  // wrk pads a unit to two characters: a second is "2.01s ", with a space before the line ends.
  return { name, reqPerSec, p50: wrkMs(figure(/^\s+50%\s+(\S+) ?$/m) ?? ''), p99: wrkMs(figure(/^\s+99%\s+(\S+) ?$/m) ?? ''), errors };
}

async function runWrk(name: string, url: string, headers: Record<string, string>): Promise<Row> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code} for ${name}`))));
  });
  return parseWrk(name, output);
}

async function runAutocannon(name: string, url: string, headers: Record<string, string>): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { name, reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Requests a second, latency and errors of `url` under the load. */
export function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  return LOAD_TOOL === 'wrk' ? runWrk(name, url, headers) : runAutocannon(name, url, headers);
}

/** How the throughput tables say what made the load. */
export function loadDescription(): string {
  if (LOAD_TOOL === 'wrk') return `wrk, ${CONNECTIONS} connections, ${DURATION} s each`;
  return `autocannon, ${CONNECTIONS} connections, ${DURATION} s each (wrk is not installed: on cached pages autocannon's own process is the limit, so their ratios measure it rather than the server; \`apt-get install wrk\`)`;
}
