import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { STREAM_MARKERS, type TerminalEvent } from '../../src/shared/constants/terminal.ts';
import { fingerprint } from '../../src/server/buildStamp.ts';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { bootBundle } from '../helpers/bundleServer.ts';
import { superToken } from '../helpers/admins.ts';
import { childrenOf, groupMembers, openTerminal, runTerminal, waitFor } from '../helpers/terminal.ts';

// web-build rebuilds the pages and swaps them in. Each server here serves a copy of the build from a folder
// of its own, so the other tests' dist/ is never touched: an in-process one for cancel, busy and the time
// limit, and `npm start`'s bundled process for a build that succeeds.
const ROOT = path.resolve(import.meta.dirname, '../..');
const HOME = path.join(ROOT, '.test-output', `terminal-build-${process.pid}`);
const BUILD_DIR = path.join(HOME, 'dist');
const BUILDS = `${BUILD_DIR}-builds`;
/** Put into the copied build, so a page shows which build rendered it. */
const MARKER = 'Page MARKER found';
const OLD_ONLY_ASSET = 'old-build-only.js';
/** A copy of the page build leaves out the server bundle that `npm run build` puts in dist/portal. */
const pagesOnly = (src: string) => !src.startsWith(path.join(ROOT, 'dist/portal'));

let server: TestServer;
let token: string;

test.before(async () => {
  await buildIfNeededLocked();
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.cpSync(path.join(ROOT, 'dist'), BUILD_DIR, { recursive: true, dereference: true, filter: pagesOnly });
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
const texts = (events: TerminalEvent[]) => events.map((e) => e.data);
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

/** npm start runs the bundle from V8's code cache once a start has written it (launcher.ts): the swap must work so. */
async function withCodeCache(): Promise<void> {
  const cache = path.join(ROOT, 'dist/portal/server.cjs.cache');
  if (fs.existsSync(cache)) return;
  // The start that sets up a data folder leaves the cache to the next one (codeCache.ts).
  for (const writes of [false, true]) {
    const start = bootBundle(path.join(HOME, 'cache-writer'));
    try {
      await start.port;
      if (writes && !(await waitFor(() => fs.existsSync(cache), 60_000))) throw new Error('the second start wrote no code cache');
    } finally {
      start.child.kill('SIGTERM');
      await start.exit;
    }
  }
}

test.serial('the production server serves a finished build at once, without a restart; pages opened before still get their files', async (t) => {
  t.timeout(420_000);
  // `npm start`'s process, whose bundle carries the page build it started with, on a copy of that build.
  await buildIfNeededLocked('all');
  await withCodeCache();
  const home = path.join(HOME, 'production');
  const buildDir = path.join(home, 'dist');
  fs.cpSync(path.join(ROOT, 'dist'), buildDir, { recursive: true, dereference: true, filter: pagesOnly });
  fs.writeFileSync(path.join(buildDir, 'client/assets', OLD_ONLY_ASSET), 'export {};\n');
  const dataDir = path.join(home, 'data');
  const proc = bootBundle(dataDir, { BUILD_DIR: path.relative(ROOT, buildDir), ADMIN_PASSWORD, ADMIN_LOGIN_CAPTCHA: 'false' });
  try {
    const url = `http://127.0.0.1:${await proc.port}`;
    const login = await api<{ userInfo: { token: string } }>(url, '/admin/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    const admin = login.body.data.userInfo.token;
    t.is((await fetch(`${url}/news`)).status, 200);
    t.is((await fetch(`${url}/news`)).headers.get('x-page-cache'), 'HIT');

    const events = texts(await runTerminal({ url }, { command: 'web-build.npm', uuid: 'build-3', batoken: admin }));
    t.is(events[1], '> npm run build:pages');
    t.deepEqual(events.slice(-4), ['exitCode: 0', 'The new build is serving now', execSuccess, completed], `${events.slice(-30).join('\n')}\n${proc.output().slice(-3000)}`);

    t.true(fs.lstatSync(buildDir).isSymbolicLink(), 'the build folder now points at the new build');
    const served = fs.realpathSync(buildDir);
    t.is(path.dirname(served), `${buildDir}-builds`);
    t.is(fs.readFileSync(path.join(buildDir, '.build-stamp'), 'utf8'), fingerprint(), 'a restart will not build the pages again');
    t.is(fs.readdirSync(`${buildDir}-builds`).length, 2, 'the new build and the one before');

    // The pages now render from the new build on disk, not from the one inside the bundle: a page module it
    // has not loaded yet is changed there, and the page shows the change.
    const members = path.join(served, 'server/entries/src_pages_-site-_-static-_members.mjs');
    fs.writeFileSync(members, fs.readFileSync(members, 'utf8').replace('className: "member-logo"', 'className: "member-logo from-new-build"'));
    t.regex(await (await fetch(`${url}/members?lang=en`)).text(), /member-logo from-new-build/);
    t.not((await fetch(`${url}/news`)).headers.get('x-page-cache'), 'HIT', 'pages cached from the old build were dropped');
    // Node's own loader imports the new build: every package import in it must be one Node finds.
    t.is((await fetch(`${url}/admin/dashboard?lang=en`)).status, 200, `the admin renders from the new build\n${proc.output().slice(-3000)}`);

    const asset = fs.readdirSync(path.join(served, 'client/assets/entries'))[0]!;
    t.is((await fetch(`${url}/assets/entries/${asset}`)).status, 200, 'the new build’s files');
    t.is((await fetch(`${url}/assets/${OLD_ONLY_ASSET}`)).status, 200, 'the old build’s files, for pages loaded before');
  } finally {
    proc.child.kill('SIGTERM');
    await proc.exit;
  }
  t.notRegex(proc.output(), /error/i, proc.output());
});
