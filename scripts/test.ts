import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build.ts';
import { createTemplate, dropDatabase } from '../test/helpers/postgres.ts';
import { TEMPLATE_ENV } from '../test/helpers/server.ts';

/**
 * `npm test`: type check, build, then every ava test (unit, API, browser). With TEST_DATABASE_URL (a
 * PostgreSQL server), the API tests run a second time on PostgreSQL, followed by the multi-process tests
 * (which need it). Prints ava's TAP and closes with one line "N passed, N failed" (the type check counts as
 * one check); exits non-zero on any failure.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
let passed = 0;
let failed = 0;
let skipped = 0;
// Taken before anything here boots the app (which sets NODE_ENV for itself), so test processes start clean.
const baseEnv = { ...process.env };

/** Runs ava with these arguments and adds its counts to the totals. */
async function ava(args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/ava/entrypoints/cli.mjs'), '--tap', ...args], {
    cwd: ROOT,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let tap = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    tap += chunk;
    process.stdout.write(chunk);
  });
  const code: number = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(tap)?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail');
  // A crashed file or a timeout makes ava exit non-zero without a "# fail" line: never report that as green.
  if (code !== 0 && count('fail') === 0) failed++;
  skipped += count('skip') + count('todo');
}

function finish(): never {
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed > 0 ? 1 : 0);
}

console.log('# type check (tsc -p .)');
const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: ROOT, stdio: 'inherit' });
if (tsc.status === 0) passed++;
else failed++;

try {
  await buildIfNeeded();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed++;
  finish();
}

const extra = process.argv.slice(2);
// The multi-process tests need PostgreSQL: they run in the second pass only.
await ava(extra.length > 0 ? extra : ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/browser/**/*.test.ts']);

if (process.env.TEST_DATABASE_URL && extra.length === 0) {
  console.log('# PostgreSQL pass: API and multi-process tests');
  const started = Date.now();
  let template = '';
  try {
    template = await createTemplate(TEMPLATE_ENV);
    await ava(['test/api/**/*.test.ts', 'test/multiprocess/**/*.test.ts'], { TEST_DB: 'postgres', TEST_PG_TEMPLATE: template });
  } catch (err) {
    console.error(err);
    failed++;
  } finally {
    if (template) await dropDatabase(template);
  }
  console.log(`# PostgreSQL pass took ${Math.round((Date.now() - started) / 1000)} s`);
} else if (!process.env.TEST_DATABASE_URL) {
  console.log('# no TEST_DATABASE_URL: the PostgreSQL and multi-process tests did not run (.ci/run provides a server)');
}
finish();
