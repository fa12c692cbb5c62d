import test, { type ExecutionContext } from 'ava';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { png } from '../helpers/images.ts';
import { startBucket } from '../helpers/s3.ts';
import { EXECUTABLE, packageExecutable } from '../../scripts/package.ts';

// `npm run package`: the single executable, copied alone into an empty folder and started there with only a
// data directory, serves the pages, the API, uploads and their files, and stops cleanly.

const PASSWORD = 'Sea-exec-2014';

interface Running {
  base: string;
  /** Stops it with SIGTERM; its exit code. */
  stop(): Promise<number | null>;
}

test.before(async () => {
  await buildIfNeededLocked('all');
  await packageExecutable();
});

/** The executable copied alone into an empty folder `dir` and started there, with `env` and nothing of the repository. */
async function startExecutable(t: ExecutionContext, dir: string, env: Record<string, string> = {}): Promise<Running> {
  const exe = path.join(dir, path.basename(EXECUTABLE));
  fs.copyFileSync(EXECUTABLE, exe);
  fs.chmodSync(exe, 0o755);
  t.deepEqual(fs.readdirSync(dir), [path.basename(exe)], 'one file');
  const child = spawn(exe, [], {
    cwd: dir,
    // No NODE_OPTIONS or tsx loader either.
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_CAPTCHA: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited early (${code}): ${out}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
      return exit;
    },
  };
}

/** Logs in as the first admin and uploads a small picture; its URL and bytes. */
async function uploadPicture(base: string): Promise<{ code: number; msg: string; url: string; image: Buffer }> {
  const login = (await (
    await fetch(`${base}/admin/index/login`, { method: 'POST', headers: { server: 'true', 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
  ).json()) as { code: number; msg: string; data: { userInfo: { token: string } } };
  if (login.code !== 1) return { code: login.code, msg: login.msg, url: '', image: Buffer.alloc(0) };
  const image = png([12, 34, 56]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'sea.png');
  const uploaded = (await (await fetch(`${base}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: login.data.userInfo.token } })).json()) as {
    code: number;
    msg: string;
    data: { file: { url: string } };
  };
  return { code: uploaded.code, msg: uploaded.msg, url: uploaded.data?.file.url ?? '', image };
}

test('the single executable boots from an empty folder and serves /, the API and an uploaded file', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sea-'));
  try {
    const { base, stop } = await startExecutable(t, dir);
    const home = await fetch(`${base}/`);
    t.is(home.status, 200);
    const html = await home.text();
    t.regex(html, /<title>首页 - 大运河文化协会<\/title>/);
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    t.truthy(css);
    t.is((await fetch(base + css!)).status, 200, 'client assets are served');

    const index = (await (await fetch(`${base}/api/index/index`)).json()) as { code: number };
    t.is(index.code, 1);
    const health = (await (await fetch(`${base}/healthz`)).json()) as { status: string; version: string };
    t.is(health.status, 'ok');

    const uploaded = await uploadPicture(base);
    t.is(uploaded.code, 1, uploaded.msg);
    const file = await fetch(base + uploaded.url);
    t.is(file.status, 200);
    t.deepEqual(Buffer.from(await file.arrayBuffer()), uploaded.image);

    const captcha = (await (await fetch(`${base}/api/common/clickCaptcha?id=sea-test`, { headers: { server: 'true' } })).json()) as { code: number };
    t.is(captcha.code, 1, 'the canvas addon loads from the unpacked files');

    t.is(await stop(), 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('with UPLOAD_MODE=s3 the single executable keeps uploads in the bucket, through the SDK it carries', async (t) => {
  const bucket = await startBucket();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sea-s3-'));
  try {
    const { base, stop } = await startExecutable(t, dir, bucket.env);
    const uploaded = await uploadPicture(base);
    t.is(uploaded.code, 1, uploaded.msg);
    const key = uploaded.url.replace(/^\//, '');
    t.deepEqual(await bucket.head(key), { size: uploaded.image.length, type: 'image/png' }, 'the object is in the bucket');
    t.false(fs.existsSync(path.join(dir, 'data', key)), 'and not in the data directory');
    const file = await fetch(base + uploaded.url);
    t.is(file.status, 200);
    t.deepEqual(Buffer.from(await file.arrayBuffer()), uploaded.image, 'the portal serves it from the bucket');
    t.is(await stop(), 0);
  } finally {
    await bucket.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
