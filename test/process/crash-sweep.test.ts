import test from 'ava';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { bootBundle, type BundleServer } from '../helpers/bundleServer.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { api } from '../helpers/server.ts';
import { wav } from '../helpers/images.ts';

// What `kill -9` during uploads leaves in DATA_DIR, and what the next start makes of it (issue "Trust",
// item 8): the server process is killed while uploads are being received and while a finished one is being
// copied into storage; the next start must leave no temporary file, no partial copy and no stored file
// without its attachment row, however young.

const ENV = { ADMIN_PASSWORD, ADMIN_LOGIN_CAPTCHA: '0', RATE_LIMIT_FACTOR: '0', SEED_DEMO: '0' };
/** Large enough that copying one into storage takes a few milliseconds, within the 10 MB default limit. */
const FILE_BYTES = 9 * 1024 * 1024;
const ROUNDS = 3;

/** Every file below a folder, with its size. */
function filesUnder(dir: string): { file: string; bytes: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { file, bytes: fs.statSync(file).size };
    });
}

interface Debris {
  /** Files under DATA_DIR/tmp other than the processes' notes, and their size. */
  tempFiles: number;
  tempBytes: number;
  notes: number;
  /** `.partial` copies in storage. */
  partials: number;
  /** Stored files no attachment row points at. */
  unrecorded: number;
}

function debris(dataDir: string): Debris {
  const temp = filesUnder(path.join(dataDir, 'tmp'));
  const notes = temp.filter((f) => path.basename(path.dirname(f.file)) === 'notes');
  const stored = filesUnder(path.join(dataDir, 'storage'));
  const db = new Database(path.join(dataDir, 'portal.sqlite'));
  const urls = new Set((db.prepare('SELECT url FROM attachment').all() as { url: string }[]).map((r) => r.url));
  db.close();
  const whole = stored.filter((f) => !f.file.endsWith('.partial'));
  return {
    tempFiles: temp.length - notes.length,
    tempBytes: temp.filter((f) => !notes.includes(f)).reduce((sum, f) => sum + f.bytes, 0),
    notes: notes.length,
    partials: stored.length - whole.length,
    unrecorded: whole.filter((f) => !urls.has(`/${path.relative(dataDir, f.file).split(path.sep).join('/')}`)).length,
  };
}

async function adminToken(url: string): Promise<string> {
  const login = await api<{ userInfo: { token: string } }>(url, '/admin/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  if (login.body.code !== 1) throw new Error(login.body.msg);
  return login.body.data.userInfo.token;
}

interface UploadAnswer {
  code: number;
  msg: string;
  data: { file: { url: string } };
}

/** A whole upload; resolves with the stored url, or null when the server went away. */
async function upload(url: string, token: string): Promise<string | null> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wav(FILE_BYTES, true))], { type: 'audio/wav' }), 'lock-song.wav');
  try {
    const res = await fetch(`${url}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: token } });
    const body = (await res.json()) as UploadAnswer;
    if (body.code !== 1) throw new Error(body.msg);
    return body.data.file.url;
  } catch (err) {
    if (err instanceof TypeError) return null;
    throw err;
  }
}

/**
 * An upload whose body stops after its first megabyte and stays open, so the server holds a temporary file;
 * `finish` sends the rest and resolves with the answer.
 */
function stalledUpload(url: string, token: string): { req: http.ClientRequest; finish(): Promise<UploadAnswer> } {
  const boundary = `----canal${randomBytes(8).toString('hex')}`;
  const req = http.request(`${url}/admin/ajax/upload`, {
    method: 'POST',
    headers: { server: 'true', batoken: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body) as UploadAnswer));
    });
  });
  // Unless the test finishes it, nobody reads the answer (a killed server's is an error).
  answer.catch(() => undefined);
  const file = wav(FILE_BYTES, true);
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="weir.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  req.write(file.subarray(0, 1024 * 1024));
  return {
    req,
    finish: () => {
      req.end(Buffer.concat([file.subarray(1024 * 1024), Buffer.from(`\r\n--${boundary}--\r\n`)]));
      return answer;
    },
  };
}

/** Resolves once `check` holds, polling; rejects after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function started(server: BundleServer): Promise<string> {
  return `http://127.0.0.1:${await server.port}`;
}

/**
 * Runs `work` with a fresh DATA_DIR and a way to start `npm start`'s server processes on it; every process
 * still running afterwards is killed and the folder removed, whatever happened.
 */
async function withDataDir(prefix: string, work: (dataDir: string, boot: () => BundleServer) => Promise<void>): Promise<void> {
  await buildIfNeededLocked('all');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const children: BundleServer[] = [];
  try {
    await work(dataDir, () => {
      const server = bootBundle(dataDir, ENV);
      children.push(server);
      return server;
    });
  } finally {
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test('kill -9 during uploads, then a restart: no temporary file, partial copy or unrecorded upload is left', async (t) => {
  await withDataDir('portal-crash-', async (dataDir, boot) => {
    let server = boot();
    for (let round = 1; round <= ROUNDS; round++) {
      const url = await started(server);
      const token = await adminToken(url);
      // A first upload makes the day's folder, where the copies of the next ones appear.
      const first = await upload(url, token);
      const folder = path.join(dataDir, path.dirname(first!));
      const stalled = Array.from({ length: 4 }, () => stalledUpload(url, token));
      await until(() => filesUnder(path.join(dataDir, 'tmp')).filter((f) => f.bytes > 0 && !f.file.includes(`${path.sep}notes${path.sep}`)).length >= 4, 30_000, 'the stalled uploads to reach the disk');
      // Killed the moment a copy into storage begins, with four more uploads still arriving.
      const copying = new Promise<void>((resolve) => {
        const watcher = fs.watch(folder, (_event, name) => {
          if (!String(name).endsWith('.partial')) return;
          server.child.kill('SIGKILL');
          watcher.close();
          resolve();
        });
      });
      const whole = Array.from({ length: 3 }, async () => {
        while (server.child.exitCode === null && server.child.signalCode === null && (await upload(url, token)) !== null);
      });
      await copying;
      await server.exit;
      await Promise.all(whole);
      for (const { req } of stalled) req.destroy();

      const left = debris(dataDir);
      t.log(`round ${round}, after kill -9: ${left.tempFiles} temporary files (${(left.tempBytes / 1024 / 1024).toFixed(1)} MB), ${left.notes} notes, ${left.partials} partial copies, ${left.unrecorded} unrecorded uploads`);
      t.true(left.tempFiles >= 4, 'the kill came during the uploads');

      // And a copy an older version left when it was killed, unnoted: the restart removes it too, in the background.
      const stray = path.join(folder, `old-version.wav.${randomBytes(4).toString('hex')}.partial`);
      fs.writeFileSync(stray, 'cut short');
      const longAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(stray, longAgo, longAgo);

      server = boot();
      await started(server);
      await until(() => !fs.existsSync(stray), 10_000, 'the older version\'s partial copy to go');
      const after = debris(dataDir);
      t.log(`round ${round}, after the restart: ${after.tempFiles} temporary files, ${after.partials} partial copies, ${after.unrecorded} unrecorded uploads`);
      t.deepEqual({ ...after, tempBytes: 0 }, { tempFiles: 0, tempBytes: 0, notes: 0, partials: 0, unrecorded: 0 });
      t.deepEqual(
        fs.readdirSync(path.join(dataDir, 'tmp')).map((name) => name.split('-')[1]),
        [String(server.child.pid)],
        'DATA_DIR/tmp holds the new process\'s folder only',
      );
    }
    server.child.kill('SIGTERM');
    t.is(await server.exit, 0);
    t.deepEqual(fs.readdirSync(path.join(dataDir, 'tmp')), [], 'a clean stop removes its folder');
  });
});

test('processes sharing a DATA_DIR: a start leaves a running process\'s uploads alone and sweeps a killed one\'s', async (t) => {
  await withDataDir('portal-shared-', async (dataDir, boot) => {
    const folderOf = (server: BundleServer) => fs.readdirSync(path.join(dataDir, 'tmp')).find((name) => name.split('-')[1] === String(server.child.pid));
    const a = boot();
    const urlA = await started(a);
    const token = await adminToken(urlA);
    const inFlight = stalledUpload(urlA, token);
    await until(() => filesUnder(path.join(dataDir, 'tmp')).some((f) => f.bytes > 0), 30_000, 'the upload to reach the disk');
    const held = filesUnder(path.join(dataDir, 'tmp')).filter((f) => f.bytes > 0);

    // B starts on the same DATA_DIR (and SQLite file) while A receives the upload.
    const b = boot();
    const urlB = await started(b);
    for (const f of held) t.true(fs.existsSync(f.file), `${path.relative(dataDir, f.file)} is still there`);
    const answer = await inFlight.finish();
    t.is(answer.code, 1, 'A finishes the upload it was receiving');
    t.is((await fetch(urlB + answer.data.file.url)).status, 200, 'and B serves it');

    // A is killed during another upload; the next start (C) sweeps A's folder and leaves B's.
    const cut = stalledUpload(urlA, token);
    await until(() => filesUnder(path.join(dataDir, 'tmp', folderOf(a)!)).some((f) => f.bytes > 0), 30_000, 'the second upload to reach the disk');
    a.child.kill('SIGKILL');
    await a.exit;
    cut.req.destroy();
    const folderA = folderOf(a)!;
    const c = boot();
    await started(c);
    const left = fs.readdirSync(path.join(dataDir, 'tmp')).sort();
    t.false(left.includes(folderA), 'the killed process\'s folder is swept');
    t.deepEqual(left, [folderOf(b), folderOf(c)].sort(), 'the running processes\' folders stay');
    for (const server of [b, c]) {
      server.child.kill('SIGTERM');
      t.is(await server.exit, 0);
    }
    t.deepEqual(fs.readdirSync(path.join(dataDir, 'tmp')), []);
  });
});
