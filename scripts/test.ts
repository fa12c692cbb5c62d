import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build.ts';
import { BUNDLED_AVA_CONFIG, bundleTests, type TestGroup } from './testBundle.ts';
import { launchSharedBrowser, SHARED_CHROMIUM } from '../test/helpers/browser.ts';
import { createTemplate, dropDatabase } from '../test/helpers/postgres.ts';
import { createSqliteTemplate, TEMPLATE_ENV } from '../test/helpers/server.ts';

/**
 * `npm test`: type check beside the build and the tests; every ava test on SQLite (unit, API, process, browser). With
 * TEST_DATABASE_URL (a PostgreSQL server), the API tests run a second time on PostgreSQL, followed by the
 * multi-process tests (which need it); the process tests (test/process) never open the test database and run
 * once. Two lines run side by side: the browser tests, and the unit, API and process tests followed by the
 * PostgreSQL pass. Neither keeps two cores busy alone (test files wait on servers, timers and pages): run one
 * after the other, the first stage used 1.2 of the two cores and the browser tests, once the PostgreSQL pass
 * beside them had ended, 1.1. Measured in whole runs here (2026-11-29): 514 s against 564 for the browser tests
 * beside the PostgreSQL pass after the first stage, the arrangement before; on the slower machine of 2026-11-28
 * the PostgreSQL pass beside the first stage had made the run 18.6 min instead of 17.0, and four files at a time
 * in the first stage took as long as two.
 * Prints ava's TAP: the browser tests' as it comes, each other stage's once it ends, so they never interleave;
 * closes with one line "N passed, N failed" (the type check counts as one check); exits non-zero on any failure.
 * The whole run runs the test files bundled, the unit and API files in groups that share a process
 * (scripts/testBundle.ts says why); files named on the command line run from the sources.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
let passed = 0;
let failed = 0;
let skipped = 0;
// Taken before anything here boots the app (which sets NODE_ENV for itself), so test processes start clean.
const baseEnv = { ...process.env };

/**
 * Runs ava with these arguments and adds its counts to the totals. Its output is shown as it comes, or, when
 * `quiet`, held and shown once it ends.
 */
async function ava(args: string[], env: Record<string, string> = {}, quiet = false): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/ava/entrypoints/cli.mjs'), '--tap', ...args], {
    cwd: ROOT,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tap = '';
  let held = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    tap += chunk;
    if (quiet) held += chunk;
    else process.stdout.write(chunk);
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (quiet) held += chunk;
    else process.stderr.write(chunk);
  });
  const code: number = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  if (quiet) process.stdout.write(held);
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(tap)?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail');
  // A crashed file or a timeout makes ava exit non-zero without a "# fail" line: never report that as green.
  if (code !== 0 && count('fail') === 0) failed++;
  skipped += count('skip') + count('todo');
}

/** The API and multi-process tests on PostgreSQL, each test server on a clone of one seeded template database. */
async function postgresPass(): Promise<void> {
  let template = '';
  try {
    template = await createTemplate(TEMPLATE_ENV);
    await timed('PostgreSQL pass (API and multi-process tests)', ava(bundled('api', 'multiprocess'), { TEST_DB: 'postgres', TEST_PG_TEMPLATE: template }, true));
  } catch (err) {
    console.error(err);
    failed++;
  } finally {
    if (template) await dropDatabase(template);
  }
}

/**
 * The browser test files, in one Chromium that each file opens a context of (test/helpers/browser.ts): a start
 * and close of Chromium costs about 1.2 s of CPU, 51 times a run. Two files at a time (ava's default here): with
 * three, a run of .ci/run's steps took the browser tests 918 s, but starved the line beside them, whose first stage
 * took 927 s instead of 553 (2026-12-02). Chromium is most of the browser tests' CPU: 667 s of 886 in a whole run.
 */
async function browserTests(env: Record<string, string>): Promise<void> {
  const chromium = await launchSharedBrowser();
  try {
    await ava(bundled('browser'), { ...env, [SHARED_CHROMIUM]: chromium.endpoint });
  } finally {
    await chromium.close();
  }
}

/** ava's arguments for the bundled test files of these folders of test/. */
function bundled(...folders: string[]): string[] {
  return ['--config', BUNDLED_AVA_CONFIG, ...folders.map((folder) => `dist/tests/test/${folder}/**/*.test.js`)];
}

/** Waits for a stage and says how long it took: CI's budget is spent stage by stage. */
async function timed(stage: string, run: Promise<void>): Promise<void> {
  const started = Date.now();
  await run;
  console.log(`# ${stage} took ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Which files each group of the bundle runs: ava names a group's failing test by the group's file and the test's title. */
function printGroups(groups: readonly TestGroup[]): void {
  for (const group of groups) console.log(`# ${group.name}: ${group.files.join(' ')}`);
}

function finish(): never {
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed > 0 ? 1 : 0);
}

/**
 * The type check, beside the build and then the tests: tsc is one thread, and with Sass compiled natively the
 * build takes half as long as tsc (10 s against 20, 2026-11-30), so waiting for it held every test back. Its
 * output is held and shown before the closing line.
 */
function typeCheck(): Promise<{ ok: boolean; output: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ ok: code === 0, output })));
}

console.log('# type check (tsc -p .) beside the build and the tests');
const runStarted = Date.now();
const typeChecked = typeCheck();
const countTypeCheck = async () => {
  const { ok, output } = await typeChecked;
  process.stdout.write(output);
  if (ok) passed++;
  else failed++;
};

const extra = process.argv.slice(2);
try {
  await buildIfNeeded();
  if (extra.length === 0) printGroups(await bundleTests());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed++;
  await countTypeCheck();
  finish();
}
console.log(`# build took ${Math.round((Date.now() - runStarted) / 1000)} s`);

// One migrated and seeded SQLite file that every test server of the run copies instead of building its own.
let sqliteTemplate = '';
try {
  sqliteTemplate = await createSqliteTemplate();
  const sqlite = { TEST_SQLITE_TEMPLATE: sqliteTemplate };
  if (extra.length > 0) {
    await ava(extra, sqlite);
  } else {
    const postgres = process.env.TEST_DATABASE_URL;
    console.log(`# browser tests, and beside them the unit, API and process tests${postgres ? ', then the PostgreSQL pass' : ''} (their output follows once each ends)`);
    const others = async () => {
      await timed('unit, API and process tests (SQLite)', ava(bundled('unit', 'api', 'process'), sqlite, true));
      if (postgres) await postgresPass();
    };
    await Promise.all([timed('browser tests', browserTests(sqlite)), others()]);
    if (!postgres) console.log('# no TEST_DATABASE_URL: the PostgreSQL and multi-process tests did not run (.ci/run provides a server)');
  }
} catch (err) {
  console.error(err);
  failed++;
} finally {
  if (sqliteTemplate) fs.rmSync(path.dirname(sqliteTemplate), { recursive: true, force: true });
}
await countTypeCheck();
finish();
