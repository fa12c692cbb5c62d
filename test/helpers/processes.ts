import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeededLocked } from './build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLE = path.join(ROOT, 'dist/portal/server.cjs');

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** Everything the process wrote so far (its JSON log), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the production server as `npm start` runs it (the compiled bundle under plain node) in a process of
 * its own, on an ephemeral port of 127.0.0.1 with a DATA_DIR of its own: one of several processes behind a
 * load balancer. Resolves once it listens.
 */
export async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  await buildIfNeededLocked('all');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
  const child: ChildProcess = spawn(process.execPath, [BUNDLE], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: 'en_US.UTF-8', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server process did not start within 60 s:\n${output}`)), 60_000);
    const look = () => {
      const port = /portal listening on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout!.on('data', look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server process exited:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
