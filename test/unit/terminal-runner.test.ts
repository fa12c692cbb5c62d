import test from 'ava';
import os from 'node:os';
import { runCommand, KILL_GRACE_MS, type RunSpec } from '../../src/server/services/terminal/runner.ts';
import { groupMembers, waitFor } from '../helpers/terminal.ts';

/** Runs `node -e <code>` through the runner and collects what it streams. */
async function run(code: string, spec: Partial<RunSpec> = {}) {
  const lines: string[] = [];
  let truncations = 0;
  let pid = 0;
  const outcome = await runCommand({
    argv: [process.execPath, '-e', code],
    cwd: os.tmpdir(),
    env: process.env,
    timeoutMs: 20_000,
    maxOutputBytes: 1024 * 1024,
    signal: new AbortController().signal,
    onLine: (line) => lines.push(line),
    onTruncated: () => truncations++,
    onStart: (p) => (pid = p),
    ...spec,
  });
  return { outcome, lines, truncations, pid };
}

test('output comes line by line from stdout and stderr, without ANSI codes, blank lines or trailing space', async (t) => {
  const { outcome, lines } = await run(String.raw`
    process.stdout.write('\x1b[32mgreen\x1b[0m line   \r\nsecond');
    setTimeout(() => { process.stdout.write(' half\n\n\n'); console.error('\x1b[1;31mto stderr\x1b[0m'); process.stdout.write('中文 ok\nlast without newline'); process.exitCode = 3; }, 50);
  `);
  t.deepEqual(outcome, { kind: 'exit', exitCode: 3 });
  t.deepEqual(lines.filter((l) => l !== 'to stderr'), ['green line', 'second half', '中文 ok', 'last without newline']);
  t.true(lines.includes('to stderr'));
});

test('stdin is closed: a command reading it sees the end at once', async (t) => {
  const { outcome, lines } = await run(`process.stdin.on('data', () => {}); process.stdin.on('end', () => console.log('stdin ended'));`);
  t.deepEqual(outcome, { kind: 'exit', exitCode: 0 });
  t.deepEqual(lines, ['stdin ended']);
});

test('a (Y/n) prompt ends the command with an error instead of waiting', async (t) => {
  const { outcome, lines } = await run(`process.stdout.write('Proceed? (Y/n) '); setInterval(() => {}, 1000);`);
  t.is(outcome.kind, 'prompt');
  t.deepEqual(lines, ['Proceed? (Y/n)']);
});

test('the time limit ends the whole process group, grandchildren included', async (t) => {
  const code = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    console.log('grandchild ' + child.pid);
    setInterval(() => {}, 1000);
  `;
  const { outcome, lines, pid } = await run(code, { timeoutMs: 1500 });
  t.deepEqual(outcome, { kind: 'timeout', exitCode: 143 });
  const grandchild = Number(lines[0]!.split(' ')[1]);
  t.true(grandchild > 0);
  t.true(await waitFor(() => groupMembers(pid).length === 0, 5000), 'nothing of the group is left');
});

test('cancelling ends a command that ignores SIGTERM with SIGKILL after the grace period', async (t) => {
  const abort = new AbortController();
  const started = Date.now();
  const running = run(`process.on('SIGTERM', () => console.log('ignoring SIGTERM')); console.log('ready'); setInterval(() => {}, 1000);`, {
    signal: abort.signal,
    onLine: (line) => {
      if (line === 'ready') abort.abort();
    },
  });
  const { outcome, pid } = await running;
  t.deepEqual(outcome, { kind: 'cancelled', exitCode: 137 });
  t.true(Date.now() - started >= KILL_GRACE_MS, 'SIGKILL came only after the grace period');
  t.deepEqual(groupMembers(pid), []);
});

test('output beyond the cap is dropped once, with one notice, and the command still finishes', async (t) => {
  const { outcome, lines, truncations } = await run(`for (let i = 0; i < 5000; i++) console.log('line ' + i); console.log('done');`, { maxOutputBytes: 1000 });
  t.deepEqual(outcome, { kind: 'exit', exitCode: 0 });
  t.is(truncations, 1);
  t.true(lines.join('\n').length <= 1000);
  t.is(lines[0], 'line 0');
  t.false(lines.includes('done'));
});

test('a very long line arrives in pieces', async (t) => {
  const { lines } = await run(`process.stdout.write('x'.repeat(20000))`);
  t.deepEqual(lines.map((l) => l.length), [8192, 8192, 3616]);
});

test('a program that is not installed, and a folder that does not exist', async (t) => {
  const missing = await runCommand({
    argv: ['no-such-package-manager-xyz', '--version'],
    cwd: os.tmpdir(),
    env: process.env,
    timeoutMs: 5000,
    maxOutputBytes: 1000,
    signal: new AbortController().signal,
    onLine: () => t.fail('no output'),
    onTruncated: () => t.fail('no output'),
  });
  t.deepEqual(missing, { kind: 'notInstalled', program: 'no-such-package-manager-xyz' });
  const { outcome } = await run('1', { cwd: '/no/such/folder' });
  t.is(outcome.kind, 'failedToStart');
});

test('a background command runs at a lower priority, and so do its children', async (t) => {
  const code = `
    const { execFileSync } = require('node:child_process');
    const os = require('node:os');
    console.log(os.getPriority(), execFileSync(process.execPath, ['-p', 'require("node:os").getPriority()']).toString().trim());
  `;
  const normal = await run(code);
  const background = await run(code, { background: true });
  t.deepEqual(normal.lines, [`${os.getPriority()} ${os.getPriority()}`]);
  t.deepEqual(background.lines, ['10 10']);
});
