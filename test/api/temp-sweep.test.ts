import test from 'ava';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { png } from '../helpers/images.ts';
import { superToken } from '../helpers/admins.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { processFolderName, STALE_MS, STRAY_PARTIAL_AGE_MS, type ScratchNote } from '../../src/server/services/scratch.ts';

// The sweep of DATA_DIR/tmp (services/scratch.ts) on folders laid out exactly as a process writes them:
// `<host>-<pid>-<random>/` with its request folders and `notes/`. What a killed process left goes at once,
// whatever its age; what a live process on the same DATA_DIR (or another host's, while it keeps its folder
// marked) is using stays. The real kill -9 is in crash-sweep.test.ts.

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

/** The pid of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** Writes a file below DATA_DIR, making its folders. */
function put(relative: string, content: string | Buffer = 'x'): string {
  const file = path.join(server.dataDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/** A process folder under DATA_DIR/tmp holding a request's temporary file and these notes. */
function plant(name: string, notes: ScratchNote[], ageMs = 0): string {
  put(`tmp/${name}/upload-${randomUUID().slice(0, 6)}/upload_1f2e`, Buffer.alloc(64 * 1024, 1));
  notes.forEach((note, i) => put(`tmp/${name}/notes/${i}`, JSON.stringify(note)));
  const dir = path.join(server.dataDir, 'tmp', name);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(dir, when, when);
  return dir;
}

test.serial('a sweep removes at once what gone processes left, settles their notes, and leaves what live ones use', async (t) => {
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)']);
  t.teardown(() => live.kill());
  const [dead, alsoDead] = [await endedPid(), await endedPid()];

  // An upload with its attachment row, stored files without one, and a copy cut short.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png([12, 34, 56]))], { type: 'image/png' }), 'sluice.png');
  const res = await fetch(`${server.url}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: await superToken(server) } });
  const recorded = ((await res.json()) as { data: { file: { url: string } } }).data.file.url.slice(1);
  const orphan = 'storage/default/20261128/orphan.png';
  const busy = 'storage/default/20261128/busy.png';
  const partial = `storage/default/20261128/orphan.png.${randomUUID()}.partial`;
  for (const key of [orphan, busy, partial]) put(key, png([1, 2, 3]));
  const outside = path.join(path.dirname(server.dataDir), `${path.basename(server.dataDir)}-outside.partial`);
  fs.writeFileSync(outside, 'not ours');
  t.teardown(() => fs.rmSync(outside, { force: true }));

  const gone = [
    // Killed a second ago: its notes name a stored upload without a row, a recorded one, one a live process
    // is storing again right now, a partial copy, and a path outside DATA_DIR (never touched).
    plant(processFolderName(dead), [{ upload: orphan }, { upload: recorded }, { upload: busy }, { partial }, { partial: path.relative(server.dataDir, outside) }]),
    plant(processFolderName(alsoDead), []),
    // A live pid that has not marked its folder for longer than STALE_MS is another program with a dead one's pid.
    plant(processFolderName(live.pid!), [], STALE_MS + 60_000),
    // Another host's process that stopped marking its folder; an older version's request folder, long done.
    plant(processFolderName(4242, 'another-host'), [], STALE_MS + 60_000),
    plant('upload-AbC123', [], STALE_MS + 60_000),
  ];
  const kept = [
    plant(processFolderName(live.pid!), [{ upload: busy }]),
    plant(processFolderName(4242, 'another-host'), [], 60_000),
    plant('upload-XyZ789', [], 60_000),
    server.app.services.scratch.dir,
  ];

  t.is(await server.app.services.upload.sweepTemp(), gone.length);
  for (const dir of gone) t.false(fs.existsSync(dir), `${path.basename(dir)} swept`);
  for (const dir of kept) t.true(fs.existsSync(dir), `${path.basename(dir)} kept`);
  t.deepEqual(fs.readdirSync(path.join(server.dataDir, 'tmp')).sort(), kept.map((dir) => path.basename(dir)).sort(), 'nothing else in DATA_DIR/tmp');
  t.false(fs.existsSync(path.join(server.dataDir, orphan)), 'the stored upload no row points at is removed');
  t.false(fs.existsSync(path.join(server.dataDir, partial)), 'the partial copy is removed');
  t.true(fs.existsSync(path.join(server.dataDir, recorded)), 'a recorded upload stays');
  t.true(fs.existsSync(path.join(server.dataDir, busy)), 'a key a live process is storing stays');
  t.true(fs.existsSync(outside), 'nothing outside DATA_DIR is touched');
  t.is((await fetch(`${server.url}/${recorded}`)).status, 200);
});

test.serial('partial copies no running process noted (an older version\'s) are removed once a minute old', async (t) => {
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)']);
  t.teardown(() => live.kill());
  const old = new Date(Date.now() - STRAY_PARTIAL_AGE_MS - 60_000);
  const aged = (file: string) => {
    fs.utimesSync(file, old, old);
    return file;
  };
  const stray = [aged(put(`storage/default/20261101/weir.png.${randomUUID()}.partial`)), aged(put(`backups/daily-x.tar.gz.${randomUUID()}.partial`))];
  const beingWritten = put(`storage/default/20261101/lock.png.${randomUUID()}.partial`);
  const noted = aged(put(`storage/default/20261101/gate.png.${randomUUID()}.partial`));
  plant(processFolderName(live.pid!), [{ partial: path.relative(server.dataDir, noted) }]);
  const whole = aged(put('storage/default/20261101/weir.png'));

  t.is(await server.app.services.scratch.sweepStrayPartials(), stray.length);
  for (const file of stray) t.false(fs.existsSync(file), path.basename(file));
  t.true(fs.existsSync(beingWritten), 'changed within the minute: may still be written');
  t.true(fs.existsSync(noted), 'noted by a running process');
  t.true(fs.existsSync(whole), 'stored files are not partial copies');
});
