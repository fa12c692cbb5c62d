import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { STREAM_MARKERS } from '../../src/shared/constants/terminal.ts';
import { fingerprint } from '../../src/server/buildStamp.ts';
import { buildIfNeededLocked, copyPageBuild } from '../helpers/build.ts';
import { api } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { bootBundle } from '../helpers/bundleServer.ts';
import { runTerminal, texts, waitFor } from '../helpers/terminal.ts';

// web-build in `npm start`'s bundled process: a build that succeeds is swapped in without a restart. The server
// runs on a data folder and a copy of the build of its own, so the other tests' dist/ is never touched. It opens
// no test database, so it runs once (test/process); cancelling a build and its time limit, which go through the
// in-process server's database, are in test/api/terminal-build.
const ROOT = path.resolve(import.meta.dirname, '../..');
const HOME = path.join(ROOT, '.test-output', `terminal-build-swap-${process.pid}`);
/** Only in the build the server started with. */
const OLD_ONLY_ASSET = 'old-build-only.js';
const { execSuccess, completed } = STREAM_MARKERS;

test.before(() => {
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
});
test.after.always(() => fs.rmSync(HOME, { recursive: true, force: true }));

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

test('the production server serves a finished build at once, without a restart; pages opened before still get their files', async (t) => {
  t.timeout(420_000);
  // `npm start`'s process, whose bundle carries the page build it started with, on a copy of that build.
  await buildIfNeededLocked('all');
  await withCodeCache();
  const home = path.join(HOME, 'production');
  const buildDir = path.join(home, 'dist');
  await copyPageBuild(buildDir);
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
  } catch (error) {
    // A request the server cut short says little by itself: what the server printed, and whether it is still up.
    t.log(`server ${proc.child.exitCode === null ? 'still running' : `exited (${proc.child.exitCode}, ${proc.child.signalCode})`}:\n${proc.output().slice(-4000)}`);
    throw error;
  } finally {
    proc.child.kill('SIGTERM');
    await proc.exit;
  }
  t.notRegex(proc.output(), /error/i, proc.output());
});
