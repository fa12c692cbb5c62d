import test from 'ava';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { png } from '../helpers/images.ts';
import { EXECUTABLE, packageExecutable } from '../../scripts/package.ts';

// `npm run package`: the single executable, copied alone into an empty folder and started there with only a
// data directory, serves the pages, the API, uploads and their files, and stops cleanly.

const PASSWORD = 'Sea-exec-2014';

test('the single executable boots from an empty folder and serves /, the API and an uploaded file', async (t) => {
  await buildIfNeededLocked('all');
  await packageExecutable();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sea-'));
  try {
    const exe = path.join(dir, path.basename(EXECUTABLE));
    fs.copyFileSync(EXECUTABLE, exe);
    fs.chmodSync(exe, 0o755);
    t.deepEqual(fs.readdirSync(dir), [path.basename(exe)], 'one file');
    const child = spawn(exe, [], {
      cwd: dir,
      // Nothing of the repository: no NODE_OPTIONS or tsx loader either.
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_CAPTCHA: '0', LOG_LEVEL: 'info' },
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
    const base = `http://127.0.0.1:${port}`;

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

    const login = (await (
      await fetch(`${base}/admin/index/login`, { method: 'POST', headers: { server: 'true', 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
    ).json()) as { code: number; msg: string; data: { userInfo: { token: string } } };
    t.is(login.code, 1, login.msg);
    const image = png([12, 34, 56]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'sea.png');
    const uploaded = (await (await fetch(`${base}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: login.data.userInfo.token } })).json()) as {
      code: number;
      msg: string;
      data: { file: { url: string } };
    };
    t.is(uploaded.code, 1, uploaded.msg);
    const file = await fetch(base + uploaded.data.file.url);
    t.is(file.status, 200);
    t.deepEqual(Buffer.from(await file.arrayBuffer()), image);

    const captcha = (await (await fetch(`${base}/api/common/clickCaptcha?id=sea-test`, { headers: { server: 'true' } })).json()) as { code: number };
    t.is(captcha.code, 1, 'the canvas addon loads from the unpacked files');

    child.kill('SIGTERM');
    t.is(await exit, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
