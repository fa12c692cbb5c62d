import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { STREAM_MARKERS } from '../../src/shared/constants/terminal.ts';
import { buildIfNeededLocked, copyPageBuild } from '../helpers/build.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { superToken } from '../helpers/admins.ts';
import { childrenOf, groupMembers, openTerminal, runTerminal, texts, waitFor } from '../helpers/terminal.ts';

// web-build rebuilds the pages and swaps them in. The server here serves a copy of the build from a folder of
// its own, so the other tests' dist/ is never touched: cancel, busy and the time limit. A build that succeeds,
// in `npm start`'s bundled process, is test/process/terminal-build-swap (it opens no test database).
const ROOT = path.resolve(import.meta.dirname, '../..');
const HOME = path.join(ROOT, '.test-output', `terminal-build-${process.pid}`);
const BUILD_DIR = path.join(HOME, 'dist');
const BUILDS = `${BUILD_DIR}-builds`;
/** Put into the copied build, so a page shows which build rendered it. */
const MARKER = 'Page MARKER found';

let server: TestServer;
let token: string;

test.before(async () => {
  await buildIfNeededLocked();
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  await copyPageBuild(BUILD_DIR);
  const chunks = path.join(BUILD_DIR, 'server/chunks');
  const chunk = fs.readdirSync(chunks).find((f) => fs.readFileSync(path.join(chunks, f), 'utf8').includes('"notFound": "Page not found"'));
  if (!chunk) throw new Error('no server chunk holds the English 404 title');
  const file = path.join(chunks, chunk);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"notFound": "Page not found"', `"notFound": "${MARKER}"`));
  server = await startServer({ BUILD_DIR: path.relative(ROOT, BUILD_DIR) });
  token = await superToken(server);
});
test.after.always(async () => {
  await server?.stop();
  fs.rmSync(HOME, { recursive: true, force: true });
});

const { linkSuccess, execSuccess, execError, completed } = STREAM_MARKERS;
const notFoundTitle = async () => /Page \w+ found/.exec(await (await fetch(`${server.url}/404?lang=en`)).text())?.[0];
const builds = () => (fs.existsSync(BUILDS) ? fs.readdirSync(BUILDS) : []);
const lastRun = async () => JSON.parse(((await server.app.knex('admin_log').where({ title_en: 'Run terminal command' }).orderBy('id', 'desc').first()) as { data: string }).data) as Record<string, unknown>;

test.serial('a second command is refused while one runs; closing the stream ends the build and its processes', async (t) => {
  t.is(await notFoundTitle(), MARKER, 'the copied build serves');
  const stream = await openTerminal(server, { command: 'web-build.npm', uuid: 'build-1', batoken: token });
  let npm: { pid: number; pgid: number } | undefined;
  try {
    t.is((await stream.next())?.data, linkSuccess);
    t.is((await stream.next())?.data, '> npm run build:pages');
    t.true(await waitFor(() => (npm = childrenOf(process.pid).find((p) => p.cmd.includes('npm'))) !== undefined, 10_000), 'npm started');
    t.is(npm!.pgid, npm!.pid, 'in a process group of its own');
    t.is(builds().length, 1, 'building into a fresh folder');

    const second = texts(await runTerminal(server, { command: 'version.node', uuid: 'other', batoken: token }));
    t.deepEqual(second, ['Error:Another command (web-build.npm) is running. Try again when it has finished', execError, completed]);

    t.true(await waitFor(() => groupMembers(npm!.pgid).length > 1, 30_000), 'npm started the build');
  } finally {
    stream.close();
  }
  t.true(await waitFor(() => groupMembers(npm!.pgid).length === 0, 15_000), 'every process of the build is gone');
  t.true(await waitFor(async () => (await server.app.knex('terminal_lock').count<{ n: number }[]>({ n: '*' }))[0]!.n === 0, 10_000), 'the lock is free');
  t.deepEqual(builds(), [], 'the unfinished build was removed');
  t.is(await notFoundTitle(), MARKER, 'the old build still serves');
  t.like(await lastRun(), { command: 'web-build.npm', outcome: 'cancelled' });
  t.deepEqual(texts(await runTerminal(server, { command: 'version.node', uuid: 'after', batoken: token })).slice(-2), [execSuccess, completed]);
});

test.serial('the time limit stops a build; the old build keeps serving', async (t) => {
  const { knex, services } = server.app;
  await knex('config').where({ name: 'terminal_long_timeout' }).update({ value: '2' });
  services.settings.invalidate();
  try {
    const events = texts(await runTerminal(server, { command: 'web-build.npm', uuid: 'build-2', batoken: token }));
    t.is(events[0], linkSuccess);
    t.true(events.includes('Error:The command ran longer than its limit of 2 seconds and was stopped'), events.join('\n'));
    t.regex(events.at(-3)!, /^exitCode: \d+$/);
    t.deepEqual(events.slice(-2), [execError, completed]);
  } finally {
    await knex('config').where({ name: 'terminal_long_timeout' }).update({ value: '1800' });
    services.settings.invalidate();
  }
  t.deepEqual(builds(), []);
  t.is(await notFoundTitle(), MARKER);
  t.like(await lastRun(), { command: 'web-build.npm', outcome: 'timeout' });
});
