import test from 'ava';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { BUNDLE_DIR, bootBundle as boot, copyBundle } from '../helpers/bundleServer.ts';

// Large enough to be in flight when SIGTERM arrives, small enough to finish within the 4 s grace on a busy machine.
const BIG_FILE_BYTES = 8 * 1024 * 1024;

test('the server starts, reuses its data on a second start and exits 0 on SIGTERM', async (t) => {
  await buildIfNeededLocked('all');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
  const children: Array<ReturnType<typeof boot>['child']> = [];
  try {
    fs.mkdirSync(path.join(dataDir, 'storage'));
    fs.writeFileSync(path.join(dataDir, 'storage/big.bin'), Buffer.alloc(BIG_FILE_BYTES, 7));
    const first = boot(dataDir);
    children.push(first.child);
    const port = await first.port;
    t.is((await fetch(`http://127.0.0.1:${port}/`)).status, 200);
    // The bundle carries the admin app's server render and loads the canvas addon for the first captcha.
    t.is((await fetch(`http://127.0.0.1:${port}/admin/login`)).status, 200);
    t.is((await fetch(`http://127.0.0.1:${port}/admin/`)).status, 200);
    const captcha = (await (await fetch(`http://127.0.0.1:${port}/api/common/clickCaptcha?id=proc-test`, { headers: { server: 'true' } })).json()) as { code: number; data: { base64: string } };
    t.is(captcha.code, 1);
    t.true(captcha.data.base64.startsWith('data:image/png;base64,'));
    t.true(fs.existsSync(path.join(dataDir, 'portal.sqlite')));
    t.regex(first.output(), /seed applied/);
    // A download in flight when SIGTERM arrives still completes: pause after the first chunk, stop, resume.
    let signalled = 0;
    const received = new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/storage/big.bin`, (res) => {
          let bytes = 0;
          res.once('data', () => {
            res.pause();
            signalled = Date.now();
            first.child.kill('SIGTERM');
            setTimeout(() => res.resume(), 300);
          });
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
          // Cut before its end (the stop's grace period ran out): a clear failure instead of a test that never ends.
          res.on('close', () => (res.complete ? undefined : reject(new Error(`download cut after ${bytes} bytes`))));
        })
        .on('error', reject);
    });
    t.deepEqual(await received, { status: 200, bytes: BIG_FILE_BYTES });
    t.is(await first.exit, 0);
    // Timed from the signal, as the stop's budget is: the download's start before it is not part of the stop.
    const stoppedIn = Date.now() - signalled;
    t.true(stoppedIn < 5000, `stops within 5 s of SIGTERM: ${stoppedIn} ms`);
    // Its connection closed as the download ended, not when the grace ran out.
    t.notRegex(first.output(), /connections are cut/);

    const second = boot(dataDir);
    children.push(second.child);
    const port2 = await second.port;
    const body = (await (await fetch(`http://127.0.0.1:${port2}/api/index/index`)).json()) as { code: number };
    t.is(body.code, 1);
    t.notRegex(second.output(), /seed applied/, 'seeds run once per database');
    second.child.kill('SIGINT');
    t.is(await second.exit, 0);
  } finally {
    // A failed check must not leave a server running: the test worker would wait for it forever.
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the build leaves V8 code cache beside the bundle and a start accepts it; a start that set up the database or ran a command leaves it to the next, which writes it', async (t) => {
  await buildIfNeededLocked('all');
  // The build's own starts wrote it (scripts/codeCache.ts): the first start after a build runs with it too.
  t.true(fs.existsSync(path.join(BUNDLE_DIR, 'server.cjs.cache')), 'the build wrote the cache');
  const bundle = copyBundle();
  const cacheFile = path.join(bundle.dir, 'server.cjs.cache');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cache-'));
  const children: Array<ReturnType<typeof boot>['child']> = [];
  try {
    // The first start migrates and seeds the new data folder: the code it compiled for that stays out of the cache.
    const setup = boot(dataDir, {}, bundle.dir);
    children.push(setup.child);
    await setup.port;
    await new Promise((r) => setTimeout(r, 7_000));
    t.false(fs.existsSync(cacheFile), 'no cache from the start that set up the database');
    setup.child.kill('SIGTERM');
    t.is(await setup.exit, 0);

    // A command run through the bundle compiles other code than a server's start: it writes no cache.
    const command = spawnSync(process.execPath, [path.join(bundle.dir, 'start.cjs'), 'search-rebuild'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
    t.is(command.status, 0, command.stderr);
    t.false(fs.existsSync(cacheFile), 'no cache from a command');

    // A start stopped before the cache is due writes it as it stops.
    const first = boot(dataDir, {}, bundle.dir);
    children.push(first.child);
    t.is((await fetch(`http://127.0.0.1:${await first.port}/`)).status, 200);
    first.child.kill('SIGTERM');
    t.is(await first.exit, 0);
    t.true(fs.existsSync(cacheFile), 'the cache is written');
    const written = fs.statSync(cacheFile).mtimeMs;

    const second = boot(dataDir, {}, bundle.dir);
    children.push(second.child);
    const port = await second.port;
    t.is((await fetch(`http://127.0.0.1:${port}/news`)).status, 200);
    // A rejected cache (another Node version or other flags) would be written again after 5 s.
    await new Promise((r) => setTimeout(r, 7_000));
    second.child.kill('SIGTERM');
    t.is(await second.exit, 0);
    t.is(fs.statSync(cacheFile).mtimeMs, written, 'the second start ran with the cache');
  } finally {
    // A failed check must not leave a server running: the test worker would wait for it forever.
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    bundle.remove();
  }
});
