import test from 'ava';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { browserSuite } from '../helpers/browser.ts';
import { buildIfNeededLocked, copyPageBuild } from '../helpers/build.ts';
import { childrenOf, standInManagers, waitFor } from '../helpers/terminal.ts';
import { closeWithEscape } from './adminHelpers.ts';

// The terminal panel driving the real command stream as the seeded super admin: the command menu with
// each command's purpose, a run to Success, a failing task that blocks the queue until it is retried or
// deleted, cancel, the settings stored on the server, clearing, and a task interrupted by a reload.
// web-build runs here (and is cancelled), so the server serves a copy of the build from a folder of its own.
// Stand-ins on PATH make the package managers the same on every machine: npm (the real one, the
// installation's), a cnpm whose version command fails (the failing task here), and no pnpm, yarn or ni.

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOME = path.join(ROOT, '.test-output', `admin-terminal-${process.pid}`);
const BUILD_DIR = path.join(HOME, 'dist');

let adminInfo: string;
const standIns = standInManagers({ pnpm: 'missing', yarn: 'missing', ni: 'missing', cnpm: 'broken' });

const suite = browserSuite(test, async () => {
  await buildIfNeededLocked();
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  await copyPageBuild(BUILD_DIR);
  return { ADMIN_PASSWORD, BUILD_DIR: path.relative(ROOT, BUILD_DIR) };
});
test.before(async () => {
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: await superToken(suite.server), refresh_token: '' });
});

test.after.always(async () => {
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.rmSync(standIns.dir, { recursive: true, force: true });
});

const task = (command: string) => `[data-terminal] [data-task-command="${command}"]`;
const statuses = (page: Page, command: string) => page.$$eval(task(command), (rows) => rows.map((r) => r.getAttribute('data-status')));
const setting = async (name: string) => (await suite.server.app.knex('config').where({ name }).first<{ value: string }>('value')).value;
/** A setting once the screen's save has reached the server (the control shows the change before its request ends), or as it is after 10 s. */
async function saved(name: string, expected: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  let value = await setting(name);
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await setting(name);
  }
  return value;
}
const lockFree = async () => (await suite.server.app.knex('terminal_lock').count<{ n: number }[]>({ n: '*' }))[0]!.n === 0;

async function waitStatus(page: Page, command: string, wanted: string[]): Promise<void> {
  await page.waitForFunction(
    (sel: string, w: string[]) => JSON.stringify([...document.querySelectorAll(sel)].map((r) => r.getAttribute('data-status'))) === JSON.stringify(w),
    { timeout: 60_000 },
    task(command),
    wanted,
  );
}

/** A page of this width signed in as the seeded super admin (its adminInfo stored), on the site's robots.txt. */
async function signedInPage(width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width, height: width < 600 ? 844 : 800 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  return { page, errors };
}

/** The admin shell with the terminal open and its command menu unfolded. */
async function openTerminal(lang = 'en', width = 1280): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await signedInPage(width);
  await page.goto(`${suite.server.url}/admin/dashboard?lang=${lang}`);
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
  // The package manager offered (npm: pnpm, the spec's default, is missing) decides which install and build
  // commands are listed; those of managers the server lacks are not.
  t.truthy(await page.$('[data-command="web-build.npm"]'));
  t.is(await page.$('[data-command="web-build.pnpm"]'), null);
  t.is(await page.$('[data-command="version.pnpm"]'), null);
  t.truthy(await page.$('[data-command="version.cnpm"]'), 'installed, if broken');
  t.regex(await page.$eval('[data-command="web-build.npm"]', (b) => b.textContent ?? ''), /Rebuild the pages with npm/);
  t.is(await page.$eval('[data-open-package-manager]', (b) => b.textContent), 'Package manager: npm');

  // A command that changes the installation asks first, with the focus on the safe answer; answered, the
  // question leaves and the focus goes back to its command.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-command') ?? document.activeElement?.textContent);
  await page.focus('[data-command="migrate.run"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-command-confirm="migrate.run"]');
  t.is(await focused(), 'Cancel');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-command-confirm]'));
  t.is(await focused(), 'migrate.run');
  t.is(await page.$('[data-task]'), null, 'nothing was queued');

  await run(page, 'version.node');
  await waitStatus(page, 'version.node', ['Success']);
  t.is(await page.$eval(`${task('version.node')} button[aria-expanded]`, (b) => b.getAttribute('aria-expanded')), 'true', 'the output stays unfolded');
  t.is(await page.$eval(`${task('version.node')} [data-output]`, (p) => p.textContent), `> node --version\n${process.version}\nexitCode: 0`);
  t.is(await page.$eval(`${task('version.node')} [data-output]`, (p) => getComputedStyle(p).fontFamily.includes('mono')), true, 'monospace');
  t.deepEqual(errors, []);
  await page.close();
});

/**
 * Hands the test each request of the command menu (it brings the server's package managers), in order, to let
 * through or fail when it chooses; the page's other requests go through.
 */
async function holdMenuRequests(page: Page): Promise<() => Promise<HTTPRequest>> {
  await page.setRequestInterception(true);
  const held: HTTPRequest[] = [];
  let waiting: ((request: HTTPRequest) => void) | null = null;
  page.on('request', (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    if (!request.url().includes('/admin/ajax/terminalCommands')) return void request.continue();
    if (waiting) waiting(request);
    else held.push(request);
    waiting = null;
  });
  return () => {
    const first = held.shift();
    return first ? Promise.resolve(first) : new Promise((resolve) => (waiting = resolve));
  };
}

/** The admin shell with the terminal open, its command menu's request held; the next one handed over. */
async function terminalWithMenuHeld(): Promise<{ page: Page; errors: string[]; nextMenuRequest(): Promise<HTTPRequest> }> {
  const { page, errors } = await signedInPage();
  const nextMenuRequest = await holdMenuRequests(page);
  await page.goto(`${suite.server.url}/admin/dashboard?lang=en`);
  await page.waitForSelector('[data-terminal-toggle]');
  await page.click('[data-terminal-toggle]');
  await page.waitForSelector('.modal.show > [data-terminal]');
  return { page, errors, nextMenuRequest };
}

const offeredManagers = (page: Page) => page.$$eval('[data-package-manager-dialog] input[type=radio]', (rs) => rs.map((r) => (r as HTMLInputElement).value));

test.serial('until the server has said which package managers it has, the dialog offers the current one and says it is still looking', async (t) => {
  const { page, errors, nextMenuRequest } = await terminalWithMenuHeld();
  await page.click('[data-open-package-manager]');
  await page.waitForSelector('.modal.show > [data-package-manager-dialog]');
  const menuRequest = await nextMenuRequest();
  t.deepEqual(await offeredManagers(page), ['npm']);
  t.is(await page.$eval('[data-package-manager-dialog] [data-managers-loading]', (p) => p.textContent), 'Looking for the other package managers the server has…');
  await menuRequest.continue();
  await page.waitForFunction(() => !document.querySelector('[data-managers-loading]'));
  t.deepEqual(await offeredManagers(page), ['npm', 'cnpm']);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('when the server could not be asked for its package managers, both settings dialogs say so, and Try again asks once more', async (t) => {
  const { page, errors, nextMenuRequest } = await terminalWithMenuHeld();
  await (await nextMenuRequest()).abort('failed');
  const failedLine = (dialog: string) => page.$eval(`${dialog} [data-managers-failed]`, (p) => p.textContent);

  await page.click('[data-open-terminal-config]');
  await page.waitForSelector('.modal.show > [data-terminal-config] [data-managers-failed]');
  t.is(await failedLine('[data-terminal-config]'), 'Could not ask the server which package managers it has. Try again');
  t.deepEqual(await page.$$eval('#terminal-pm option', (os) => os.map((o) => (o as HTMLOptionElement).value)), ['npm'], 'the current manager alone');
  await closeWithEscape(page, '[data-terminal-config]');

  await page.click('[data-open-package-manager]');
  await page.waitForSelector('.modal.show > [data-package-manager-dialog] [data-managers-failed]');
  t.is(await failedLine('[data-package-manager-dialog]'), 'Could not ask the server which package managers it has. Try again');
  t.is(await page.$('[data-managers-loading]'), null);
  t.deepEqual(await offeredManagers(page), ['npm']);

  // From the keyboard: Try again leaves with the failure, and the focus goes to the managers it asks for.
  await page.focus('[data-package-manager-dialog] [data-managers-failed] button');
  await page.keyboard.press('Enter');
  const again = await nextMenuRequest();
  await page.waitForSelector('[data-package-manager-dialog] [data-managers-loading]');
  t.is(await page.$('[data-managers-failed]'), null, 'asking again, it says it is looking');
  const focused = () => page.evaluate(() => document.activeElement?.id);
  t.is(await focused(), 'pm-npm', 'the focus is on the chosen manager, not lost to the page');
  await again.continue();
  await page.waitForFunction(() => !document.querySelector('[data-managers-loading]'));
  t.deepEqual(await offeredManagers(page), ['npm', 'cnpm']);
  t.is(await page.$('[data-managers-failed]'), null);
  t.is(await focused(), 'pm-npm');
  // The menu behind the dialog read the same answer.
  await closeWithEscape(page, '[data-package-manager-dialog]');
  t.truthy(await page.$('[data-command-menu] [data-command="version.node"]'));
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('when the command menu could not be loaded, it says so, and Try again from the keyboard loads it with the focus on the menu', async (t) => {
  const { page, errors, nextMenuRequest } = await terminalWithMenuHeld();
  await (await nextMenuRequest()).abort('failed');
  await page.click('[data-command-menu] summary');
  const failed = await page.waitForSelector('[data-command-menu] [data-commands-failed]', { visible: true });
  t.is(await failed!.evaluate((p) => p.textContent), 'The list of commands could not be loaded. Try again');

  await page.focus('[data-commands-failed] button');
  await page.keyboard.press('Enter');
  const again = await nextMenuRequest();
  await page.waitForFunction(() => !document.querySelector('[data-commands-failed]'));
  const onToggle = () => page.evaluate(() => document.activeElement?.matches('[data-command-menu] summary'));
  t.true(await onToggle(), 'the focus is on the menu, not lost to the page');
  await again.continue();
  await page.waitForSelector('[data-command-menu] [data-command="version.node"]', { visible: true });
  t.true(await onToggle());
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('a failing task that blocks holds the queue until it is retried or deleted; one that does not is skipped', async (t) => {
  const { page, errors } = await openTerminal();
  const failing = 'version.cnpm';
  await run(page, failing);
  await waitStatus(page, failing, ['Failed']);
  t.is(await page.$eval(`${task(failing)} [data-output]`, (p) => p.textContent), '> cnpm --version\ncnpm: this stand-in is broken\nexitCode: 1', 'a blocking failure shows why');

  await run(page, 'version.node');
  await page.waitForSelector('[data-blocked-notice]');
  t.is(await page.$eval('[data-blocked-notice]', (p) => p.textContent), 'New tasks will not start until the failed tasks are retried or deleted');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.deepEqual(await statuses(page, 'version.node'), ['Waiting'], 'held behind the failed task');

  const runs = async () => (await suite.server.app.knex('admin_log').where({ title_en: 'Run terminal command' }).count<{ n: number }[]>({ n: '*' }))[0]!.n;
  const before = await runs();
  // From the keyboard: Retry and Delete take their buttons away, and the focus goes to what stays.
  const focusedTask = () => page.evaluate(() => document.activeElement?.getAttribute('data-task-command'));
  await page.focus(`${task(failing)} [data-task-retry]`);
  await page.keyboard.press('Enter');
  t.true(await waitFor(async () => (await runs()) === before + 1, 30_000), 'the retry ran');
  await waitStatus(page, failing, ['Failed']);
  t.is(await focusedTask(), failing, 'the focus stayed on the retried task');
  t.deepEqual(await statuses(page, 'version.node'), ['Waiting'], 'retried and failed again: still held');

  await page.focus(`${task(failing)} [data-task-delete]`);
  await page.keyboard.press('Enter');
  await waitStatus(page, 'version.node', ['Success']);
  t.is(await page.$(task(failing)), null);
  t.is(await focusedTask(), 'version.node', 'the focus moved to the next task');
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
  t.is(await saved('terminal_auto_clean', '0'), '0');
  t.deepEqual(await page.$$eval('#terminal-pm option', (os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent])), [
    ['npm', `npm ${execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()}`],
    ['cnpm', 'cnpm'],
  ], 'only the installed managers, with their versions');
  await page.select('#terminal-pm', 'cnpm');
  await page.waitForFunction(() => document.querySelector('[data-open-package-manager]')?.textContent === 'Package manager: cnpm');
  t.is(await saved('terminal_package_manager', 'cnpm'), 'cnpm');
  await closeWithEscape(page, '[data-terminal-config]');
  t.truthy(await page.$('[data-command="web-build.cnpm"]'), 'the menu follows the package manager');

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
  await other.waitForFunction(() => document.querySelector('[data-open-package-manager]')?.textContent === 'Package manager: cnpm');
  await other.click('[data-open-terminal-config]');
  await other.waitForSelector('.modal.show > [data-terminal-config]');
  t.false(await other.$eval('#terminal-cleanup', (i) => (i as HTMLInputElement).checked));
  await closeWithEscape(other, '[data-terminal-config]');

  // The package manager dialog offers the installed ones too; back to npm for the build below.
  await other.click('[data-open-package-manager]');
  await other.waitForSelector('.modal.show > [data-package-manager-dialog]');
  t.deepEqual(await other.$$eval('[data-package-manager-dialog] input[type=radio]', (rs) => rs.map((r) => (r as HTMLInputElement).value)), ['npm', 'cnpm']);
  await other.click('#pm-npm');
  await other.click('[data-package-manager-dialog] .btn-primary');
  await other.waitForFunction(() => document.querySelector('[data-open-package-manager]')?.textContent === 'Package manager: npm');
  t.is(await setting('terminal_package_manager'), 'npm');
  await other.close();
});

/** Whether the element of `selector` lies wholly inside its dialog's scrolled view and the window (runs in the page). */
function inDialogView(selector: string): boolean {
  const el = document.querySelector(selector);
  if (!el) return false;
  const view = el.closest('.modal-body')!.getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return box.height > 0 && box.top >= view.top - 0.5 && box.bottom <= Math.min(view.bottom, innerHeight) + 0.5;
}

for (const [lang, width] of [['en', 1366], ['zh-cn', 1366], ['en', 390], ['zh-cn', 390]] as const) {
  test.serial(`${lang}, ${width} px: a command clicked in the long menu shows its task's output unfolded and in view`, async (t) => {
    const { page, errors } = await openTerminal(lang, width);
    await page.evaluate(() => [...document.querySelectorAll<HTMLButtonElement>('[data-task-delete]')].forEach((b) => b.click()));
    await page.waitForSelector('[data-terminal] [data-empty]');
    t.false(await page.evaluate(inDialogView, '[data-terminal] [data-empty]'), 'the task list starts below the menu, out of sight');

    await run(page, 'version.npm');
    await waitStatus(page, 'version.npm', ['Success']);
    const output = `${task('version.npm')} [data-output]`;
    await page.waitForSelector(output);
    t.regex(await page.$eval(output, (p) => p.textContent ?? ''), /^> npm --version\n\d+\.\d+\.\d+\nexitCode: 0$/);
    await page.waitForFunction(inDialogView, { timeout: 5000 }, output).catch(() => null);
    t.true(await page.evaluate(inDialogView, output), 'the output is scrolled into view');
    t.true(await page.evaluate(inDialogView, task('version.npm')), 'with its task');
    t.deepEqual(errors, []);
    await page.close();
  });
}

test.serial('cancel ends the command on the server; a task interrupted by a reload is Unknown', async (t) => {
  const { page, errors } = await openTerminal();
  await run(page, 'web-build.npm');
  await waitStatus(page, 'web-build.npm', ['Executing']);
  t.true(await waitFor(() => childrenOf(process.pid).some((p) => p.cmd.includes('npm')), 20_000), 'npm runs on the server');
  await page.focus(`${task('web-build.npm')} [data-task-cancel]`);
  await page.keyboard.press('Enter');
  await waitStatus(page, 'web-build.npm', ['Failed']);
  t.is(await page.evaluate(() => document.activeElement?.getAttribute('data-task-command')), 'web-build.npm', 'the focus stayed on the cancelled task');
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
