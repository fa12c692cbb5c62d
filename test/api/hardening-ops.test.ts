import test from 'ava';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { api, startServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';

// Operations (issue 9, item 7): logs flushed on shutdown without tokens, temporary files swept at start,
// the no_access_ip setting enforced.
const ROOT = path.resolve(import.meta.dirname, '../..');
const DAY_MS = 86_400_000;

test('the real process: stale temporary files swept at start; on SIGTERM every access line and the last line reach the log, without tokens', async (t) => {
  await buildIfNeededLocked();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-'));
  try {
    const tmp = path.join(dataDir, 'tmp');
    fs.mkdirSync(path.join(tmp, 'upload-crashed'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'upload-crashed/part'), 'left by a killed process');
    fs.writeFileSync(path.join(tmp, 'fresh'), 'in use right now');
    const old = new Date(Date.now() - 2 * DAY_MS);
    fs.utimesSync(path.join(tmp, 'upload-crashed'), old, old);

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production', ADMIN_PASSWORD },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(Number(m[1]));
        }
      }, 50);
      void exit.then((code) => reject(new Error(`exited early (${code}): ${out}`)));
    });
    t.false(fs.existsSync(path.join(tmp, 'upload-crashed')), 'an older version\'s folder, long untouched: swept');
    t.true(fs.existsSync(path.join(tmp, 'fresh')), 'an older version\'s file, touched a moment ago (its request may still run): kept');

    const base = `http://127.0.0.1:${port}`;
    const urls = [
      '/news',
      '/news',
      '/api/ajax/buildSuffixSvg?suffix=pdf&token=SECRET-ONE&batoken=SECRET-TWO',
      '/admin/ajax/buildSuffixSvg?suffix=zip&server=1&ba-user-token=SECRET-THREE&refreshToken=SECRET-FOUR',
      '/about?access_token=SECRET-FIVE',
    ];
    // A log reader that falls behind (a busy collector): the lines pile up in the process until it reads.
    child.stdout.pause();
    const ROUNDS = 120;
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(urls.map(async (url) => (await fetch(base + url)).arrayBuffer()));
    }
    child.kill('SIGTERM');
    setTimeout(() => child.stdout.resume(), 500);
    t.is(await exit, 0, err);
    const lines = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; url?: string });
    t.is(lines.filter((l) => l.msg === 'request').length, urls.length * ROUNDS, 'one access line per request, none lost');
    t.truthy(lines.find((l) => l.msg === 'shutting down'));
    t.notRegex(out, /SECRET-/);
    t.true(lines.some((l) => l.url === '/api/ajax/buildSuffixSvg?suffix=pdf&token=***&batoken=***'));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('no_access_ip: listed addresses get 403 everywhere, pages from the cache included; the list is checked when saved', async (t) => {
  const server = await startServer({ TRUST_PROXY: '1', ADMIN_PASSWORD });
  try {
    const root = await superToken(server);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const save = (value: string, ip = '192.0.2.1') => api(server.url, '/admin/routine.Config/edit', { headers: { batoken: root, ...from(ip) }, body: { no_access_ip: value }, lang: 'en' });

    t.is((await fetch(`${server.url}/brand`, { headers: from('198.51.100.9') })).status, 200, 'nothing is banned yet (and the page is now cached)');
    const bad = await save('198.51.100.0/24\nnot-an-address');
    t.regex(bad.body.msg, /Not an IP address or CIDR range: not-an-address/);
    const self = await save('192.0.2.0/24');
    t.regex(self.body.msg, /would block your own address 192\.0\.2\.1/);
    t.is((await save('198.51.100.0/24\n2001:db8::1')).body.code, 1);

    const page = await fetch(`${server.url}/brand`, { headers: { ...from('198.51.100.9'), 'accept-language': 'en' } });
    t.is(page.status, 403);
    t.regex(await page.text(), /Access from your address is not allowed/);
    const apiAnswer = await api(server.url, '/api/index/index', { headers: from('198.51.100.200') });
    t.is(apiAnswer.status, 403);
    t.regex(apiAnswer.body.msg, /您的地址不允许访问本站/);
    t.is((await fetch(`${server.url}/favicon.svg`, { headers: from('2001:db8::1') })).status, 403, 'static files too');
    t.is((await fetch(`${server.url}/brand`, { headers: from('198.51.101.1') })).status, 200, 'others are served');
    t.is((await save('')).body.code, 1);
    t.is((await fetch(`${server.url}/brand`, { headers: from('198.51.100.9') })).status, 200, 'lifted at once');
  } finally {
    await server.stop();
  }
});
