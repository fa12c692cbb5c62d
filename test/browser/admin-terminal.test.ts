import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { PACKAGE_MANAGERS } from '../../src/shared/constants/terminal.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { browserSuite } from '../helpers/browser.ts';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { childrenOf, waitFor } from '../helpers/terminal.ts';

// The terminal panel driving the real command stream as the seeded super admin: the command menu with
// each command's purpose, a run to Success, a failing task that blocks the queue until it is retried or
// deleted, cancel, the settings stored on the server, clearing, and a task interrupted by a reload.
// web-build runs here (and is cancelled), so the server serves a copy of the build from a folder of its own.

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOME = path.join(ROOT, '.test-output', `admin-terminal-${process.pid}`);
const BUILD_DIR = path.join(HOME, 'dist');

let adminInfo: string;
/** A package manager this machine lacks: its version command fails, which is the failing task here. */
const missing = PACKAGE_MANAGERS.find((pm) => !(process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, pm))));

const suite = browserSuite(test, async () => {
  await buildIfNeededLocked();
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.cpSync(path.join(ROOT, 'dist'), BUILD_DIR, { recursive: true, dereference: true });
  return { ADMIN_PASSWORD, BUILD_DIR: path.relative(ROOT, BUILD_DIR) };
});
test.before(async () => {
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: await superToken(suite.server), refresh_token: '' });
});

test.after.always(async () => {
  fs.rmSync(HOME, { recursive: true, force: true });
});

const task = (command: string) => `[data-terminal] [data-task-command="${command}"]`;
const statuses = (page: Page, command: string) => page.$$eval(task(command), (rows) => rows.map((r) => r.getAttribute('data-status')));
const setting = async (name: string) => (await suite.server.app.knex('config').where({ name }).first<{ value: string }>('value')).value;
const lockFree = async () => (await suite.server.app.knex('terminal_lock').count<{ n: number }[]>({ n: '*' }))[0]!.n === 0;

async function waitStatus(page: Page, command: string, wanted: string[]): Promise<void> {
  await page.waitForFunction(
    (sel: string, w: string[]) => JSON.stringify([...document.querySelectorAll(sel)].map((r) => r.getAttribute('data-status'))) === JSON.stringify(w),
    { timeout: 60_000 },
    task(command),
    wanted,
  );
}

/** The admin shell with the terminal open and its command menu unfolded. */
async function openTerminal(): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}/admin/dashboard?lang=en`);
  await page.waitForSelector('[data-terminal-toggle]');
  await page.click('[data-terminal-toggle]');
  await page.waitForSelector('.modal.show > [data-terminal] [data-command-menu]');
  await page.click('[data-command-menu] summary');
  await page.waitForSelector('[data-command-menu] [data-command="version.node"]', { visible: true });
  return { page, errors };
}

async function run(page: Page, command: string, blockOnFailure = true): Promise<void> {
  const box = await page.$('[data-command-menu] input[type=checkbox]');
  if ((await box!.evaluate((b) => (b as HTMLInputElement).checked)) !== blockOnFailure) await box!.click();
  await page.click(`[data-command-menu] [data-command="${command}"]`);
}

test.serial('the menu shows each command with its purpose; version.node runs to Success with its output', async (t) => {
  const { page, errors } = await openTerminal();
  t.is(
    await page.$eval('[data-command="version.node"]', (b) => b.textContent),
    'version.nodeShow the version of Node.js the server runs on',
  );
  // The chosen package manager (pnpm by default) decides which install and build commands are offered.
  t.truthy(await page.$('[data-command="web-build.pnpm"]'));
  t.is(await page.$('[data-command="web-build.npm"]'), null);
  t.regex(await page.$eval('[data-command="web-build.pnpm"]', (b) => b.textContent ?? ''), /Rebuild the pages with pnpm/);

  await run(page, 'version.node');
  await waitStatus(page, 'version.node', ['Success']);
  await page.click(`${task('version.node')} button[aria-expanded]`);
  t.is(await page.$eval(`${task('version.node')} [data-output]`, (p) => p.textContent), `> node --version\n${process.version}\nexitCode: 0`);
  t.is(await page.$eval(`${task('version.node')} [data-output]`, (p) => getComputedStyle(p).fontFamily.includes('mono')), true, 'monospace');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('a failing task that blocks holds the queue until it is retried or deleted; one that does not is skipped', async (t) => {
  if (!missing) return t.fail('every package manager is installed here: no command fails for sure');
  const { page, errors } = await openTerminal();
  const failing = `version.${missing}`;
  await run(page, failing);
  await waitStatus(page, failing, ['Failed']);
  t.true((await page.$eval(`${task(failing)} [data-output]`, (p) => p.textContent ?? '')).includes(`Error:${missing} is not installed on the server`), 'a blocking failure shows why');

  await run(page, 'version.node');
  await page.waitForSelector('[data-blocked-notice]');
  t.is(await page.$eval('[data-blocked-notice]', (p) => p.textContent), 'Newly added tasks will never start because they are blocked by failed tasks');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.deepEqual(await statuses(page, 'version.node'), ['Waiting'], 'held behind the failed task');

  const runs = async () => (await suite.server.app.knex('admin_log').where({ title_en: 'Run terminal command' }).count<{ n: number }[]>({ n: '*' }))[0]!.n;
  const before = await runs();
  await page.click(`${task(failing)} [data-task-retry]`);
  t.true(await waitFor(async () => (await runs()) === before + 1, 30_000), 'the retry ran');
  await waitStatus(page, failing, ['Failed']);
  t.deepEqual(await statuses(page, 'version.node'), ['Waiting'], 'retried and failed again: still held');

  await page.click(`${task(failing)} [data-task-delete]`);
  await waitStatus(page, 'version.node', ['Success']);
  t.is(await page.$(task(failing)), null);
  t.is(await page.$('[data-blocked-notice]'), null);

  // Without blockOnFailure a failure is passed over. (Automatic cleanup removes the Success task first.)
  await run(page, failing, false);
  await waitStatus(page, failing, ['Failed']);
  await run(page, 'version.node');
  await waitStatus(page, 'version.node', ['Success']);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('the settings are stored on the server; clear removes successful tasks', async (t) => {
  const { page, errors } = await openTerminal();
  await page.click('[data-open-terminal-config]');
  await page.waitForSelector('.modal.show > [data-terminal-config]');
  t.true(await page.$eval('#terminal-cleanup', (i) => (i as HTMLInputElement).checked));
  await page.click('#terminal-cleanup');
  await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('#terminal-cleanup')?.checked);
  t.is(await setting('terminal_auto_clean'), '0');
  await page.select('#terminal-pm', 'npm');
  await page.waitForFunction(() => document.querySelector('[data-open-package-manager]')?.textContent === 'Package manager: npm');
  t.is(await setting('terminal_package_manager'), 'npm');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-terminal-config]'));
  t.truthy(await page.$('[data-command="web-build.npm"]'), 'the menu follows the package manager');

  await page.evaluate(() => [...document.querySelectorAll<HTMLButtonElement>('[data-task-delete]')].forEach((b) => b.click()));
  await run(page, 'version.node');
  await waitStatus(page, 'version.node', ['Success']);
  await run(page, 'version.node');
  await waitStatus(page, 'version.node', ['Success', 'Success']);
  await page.click('[data-clear-success]');
  await page.waitForSelector('[data-terminal] [data-empty]');
  t.deepEqual(errors, []);
  await page.close();

  // Another browser (nothing remembered) gets the server's settings.
  const fresh = await openTerminal();
  await fresh.page.evaluate(() => localStorage.removeItem('terminal'));
  await fresh.page.close();
  const { page: other } = await openTerminal();
  await other.waitForFunction(() => document.querySelector('[data-open-package-manager]')?.textContent === 'Package manager: npm');
  await other.click('[data-open-terminal-config]');
  await other.waitForSelector('.modal.show > [data-terminal-config]');
  t.false(await other.$eval('#terminal-cleanup', (i) => (i as HTMLInputElement).checked));
  await other.close();
});

test.serial('cancel ends the command on the server; a task interrupted by a reload is Unknown', async (t) => {
  const { page, errors } = await openTerminal();
  await run(page, 'web-build.npm');
  await waitStatus(page, 'web-build.npm', ['Executing']);
  t.true(await waitFor(() => childrenOf(process.pid).some((p) => p.cmd.includes('npm')), 20_000), 'npm runs on the server');
  await page.click(`${task('web-build.npm')} [data-task-cancel]`);
  await waitStatus(page, 'web-build.npm', ['Failed']);
  t.true((await page.$eval(`${task('web-build.npm')} [data-output]`, (p) => p.textContent ?? '')).includes('Cancelled: the server stops the command.'));
  t.true(await waitFor(() => !childrenOf(process.pid).some((p) => p.cmd.includes('npm')), 15_000), 'npm is gone');
  t.true(await waitFor(lockFree, 10_000));

  await page.click(`${task('web-build.npm')} [data-task-retry]`);
  await waitStatus(page, 'web-build.npm', ['Executing']);
  await page.reload();
  await page.waitForSelector('[data-terminal-toggle]');
  await page.click('[data-terminal-toggle]');
  await page.waitForSelector('.modal.show > [data-terminal]');
  await waitStatus(page, 'web-build.npm', ['Unknown']);
  t.truthy(await page.$(`${task('web-build.npm')} [data-task-retry]`));
  t.true(await waitFor(() => !childrenOf(process.pid).some((p) => p.cmd.includes('npm')), 15_000), 'leaving the page ended the command');
  t.true(await waitFor(lockFree, 10_000));
  t.false(fs.existsSync(`${BUILD_DIR}-builds`) && fs.readdirSync(`${BUILD_DIR}-builds`).length > 0, 'no unfinished build is left');
  t.deepEqual(errors, []);
  await page.close();
});
