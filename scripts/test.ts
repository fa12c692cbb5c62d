import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build.ts';

/**
 * `npm test`: type check, build, then every ava test (unit, API, browser). Prints ava's TAP and closes with
 * one line "N passed, N failed" (the type check counts as one check); exits non-zero on any failure.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
let passed = 0;
let failed = 0;

console.log('# type check (tsc -p .)');
const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: ROOT, stdio: 'inherit' });
if (tsc.status === 0) passed++;
else failed++;

try {
  await buildIfNeeded();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}

const extra = process.argv.slice(2);
const ava = spawn(process.execPath, [path.join(ROOT, 'node_modules/ava/entrypoints/cli.mjs'), '--tap', ...extra], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let tap = '';
ava.stdout.setEncoding('utf8');
ava.stdout.on('data', (chunk: string) => {
  tap += chunk;
  process.stdout.write(chunk);
});
const code: number = await new Promise((resolve) => ava.on('close', (c) => resolve(c ?? 1)));
const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(tap)?.[1] ?? 0);
passed += count('pass');
failed += count('fail');
// A crashed file or a timeout makes ava exit non-zero without a "# fail" line: never report that as green.
if (code !== 0 && count('fail') === 0) failed++;
const skipped = count('skip') + count('todo');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
