import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCommand } from './startCommand.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE_FILE = path.join(ROOT, 'dist/portal/server.cjs.cache');
/** A start that has not answered by then is stuck: the build goes on without a cache. */
const START_TIMEOUT_MS = 60_000;

/**
 * Starts the bundle as `npm start` does, on `dataDir`, waits for its home page and stops it; resolves with its
 * exit code.
 */
async function startAndStop(dataDir: string): Promise<number | null> {
  const start = startCommand();
  // Nothing of the builder's environment (a PostgreSQL DATABASE_URL, a bucket) reaches this start: it must
  // touch nothing but its own folder.
  const env = { PATH: process.env.PATH ?? '', ...start.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', BACKUP_TIME: 'off' };
  const child = spawn(process.execPath, start.args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let out = '';
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        const listening = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      });
      void exit.then((code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}: ${out.slice(-2000)}`));
      });
    });
    const page = await fetch(`http://127.0.0.1:${port}/`);
    await page.arrayBuffer();
    if (page.status !== 200) throw new Error(`the home page answered ${page.status}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  return exit;
}

/**
 * Writes V8's code cache of a new bundle (src/server/launcher.ts) so that even the first start after a build
 * runs with it: without it, that start compiled the bundle lazily and kept about 18 MB more at idle (the
 * compiler's freed memory stays in glibc's heap) until it was restarted. Two starts on a folder of their own:
 * the first sets the folder up and so leaves the cache to the next (src/server/codeCache.ts), which writes it
 * as it stops, with what it compiled for its start and its first page. A build that cannot start a server
 * (no port to listen on) goes on without: the first start writes the cache then.
 */
export async function writeCodeCache(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-code-cache-'));
  try {
    for (const start of ['setting up a data folder', 'writing the cache']) {
      const code = await startAndStop(dataDir);
      if (code !== 0) throw new Error(`the start ${start} exited with ${code}`);
    }
    if (!fs.existsSync(CACHE_FILE)) throw new Error('the second start wrote none');
  } catch (err) {
    console.warn(`No V8 code cache for the new bundle (the first start will write it): ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
