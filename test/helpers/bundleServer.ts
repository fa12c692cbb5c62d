import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { startCommand } from '../../scripts/startCommand.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BundleServer {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The port it chose, once it listens. */
  port: Promise<number>;
  exit: Promise<number | null>;
  output(): string;
}

/** Starts `npm start`'s server (the compiled bundle) as a real process; `port` resolves once it listens. */
export function bootBundle(dataDir: string, env: Record<string, string> = {}): BundleServer {
  const start = startCommand();
  const child = spawn(process.execPath, start.args, {
    cwd: ROOT,
    env: { ...process.env, ...start.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, exit, output: () => out };
}
