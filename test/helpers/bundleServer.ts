import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { startCommand } from '../../scripts/startCommand.ts';
import { LAZY_FOLDER, NEW_DATABASE_FILE } from '../../src/server/runtime.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The bundle `npm start` runs, which the build writes. */
export const BUNDLE_DIR = path.join(ROOT, 'dist/portal');

export interface BundleServer {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The port it chose, once it listens. */
  port: Promise<number>;
  exit: Promise<number | null>;
  output(): string;
}

/**
 * Starts `npm start`'s server (the compiled bundle) as a real process; `port` resolves once it listens.
 * `bundleDir` runs a copy of dist/portal from another folder beside it (see copyBundle).
 */
export function bootBundle(dataDir: string, env: Record<string, string> = {}, bundleDir?: string): BundleServer {
  const start = startCommand();
  const args = bundleDir ? start.args.map((a) => (a.startsWith('dist/portal/') ? path.join(bundleDir, path.basename(a)) : a)) : start.args;
  const child = spawn(process.execPath, args, {
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

/**
 * A copy of the built bundle in a folder of its own beside dist/portal (the bundle finds the installation two
 * folders up, as from there), so a test of V8's code cache file owns that file: other tests boot the shared
 * bundle at the same time and would write its cache.
 */
export function copyBundle(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(ROOT, 'dist/portal-copy-'));
  for (const name of ['server.cjs', 'start.cjs', NEW_DATABASE_FILE]) fs.copyFileSync(path.join(BUNDLE_DIR, name), path.join(dir, name));
  fs.cpSync(path.join(BUNDLE_DIR, LAZY_FOLDER), path.join(dir, LAZY_FOLDER), { recursive: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
