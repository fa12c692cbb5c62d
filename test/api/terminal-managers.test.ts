import test from 'ava';
import fs from 'node:fs';
import type { TerminalCommandInfo, TerminalSettings } from '../../src/shared/constants/terminal.ts';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, superToken } from '../helpers/admins.ts';
import { standInManagers } from '../helpers/terminal.ts';

// Which package managers the terminal offers (issue 32 item 7): only those whose version command runs on the
// server, and by default the spec's pnpm when it is there, else the one this installation uses (npm: its
// package-lock.json). Stand-ins on this worker's PATH decide what is installed, the same on every machine:
// no pnpm, yarn or ni, a cnpm whose version command fails (there, but broken), and the machine's real npm.

const standIns = standInManagers({ pnpm: 'missing', yarn: 'missing', ni: 'missing', cnpm: 'broken' });
let server: TestServer | undefined;
test.afterEach.always(async () => {
  await server?.stop();
  server = undefined;
});
test.after.always(() => fs.rmSync(standIns.dir, { recursive: true, force: true }));

interface Menu {
  list: TerminalCommandInfo[];
  settings: TerminalSettings;
}

async function boot(): Promise<{ server: TestServer; call: ReturnType<typeof asAdmin>; menu(): Promise<Menu>; offered(): Promise<unknown> }> {
  server = await startServer({ ADMIN_PASSWORD });
  const call = asAdmin(server, await superToken(server));
  return {
    server,
    call,
    menu: async () => (await call<Menu>('/admin/ajax/terminalCommands')).data,
    // What the shell's first call reports (the spec's `terminal.npmPackageManager`).
    offered: async () => (await call<{ terminal: { npmPackageManager: string } }>('/admin/index/index')).data.terminal.npmPackageManager,
  };
}

test.serial('without pnpm the installation\'s npm is offered, and only the installed managers are listed and can be chosen', async (t) => {
  const { server, call, menu, offered } = await boot();
  const { list, settings } = await menu();
  t.is(settings.packageManager, 'npm', 'pnpm (the spec default, stored) is missing: npm, which package-lock.json says this installation uses');
  t.is(await offered(), 'npm');
  t.deepEqual(settings.installed.map((m) => m.name), ['npm', 'cnpm']);
  t.regex(settings.installed[0]!.version ?? '', /^\d+\.\d+\.\d+/, "npm's version");
  t.is(settings.installed[1]!.version, null, 'a version command that fails shows no version');
  const keys = list.map((c) => c.key);
  for (const key of ['version.npm', 'web-build.npm', 'test.npm', 'version.cnpm', 'web-install.cnpm', 'set-npm-registry.taobao']) t.true(keys.includes(key), key);
  for (const key of keys) t.false(/\.(pnpm|yarn|ni)$/.test(key), `${key}: its package manager is not installed`);

  for (const [lang, msg] of [
    ['en', 'pnpm is not installed on the server: choose one that is (npm, cnpm)'],
    ['zh-cn', '服务器上没有安装 pnpm：请选择已安装的包管理器（npm, cnpm）'],
  ] as const) {
    const refused = await api(server.url, '/admin/ajax/changeTerminalConfig', { body: { manager: 'pnpm' }, headers: { batoken: await superToken(server) }, lang });
    t.like(refused.body, { code: 0, msg });
  }
  const stored = async () => (await server.app.knex('config').where({ name: 'terminal_package_manager' }).first<{ value: string }>('value')).value;
  t.is(await stored(), 'pnpm', 'the refusals changed nothing (the seeded spec default stays stored)');

  t.is((await call('/admin/ajax/changeTerminalConfig', { body: { manager: 'cnpm' } })).code, 1);
  t.is((await menu()).settings.packageManager, 'cnpm', 'an installed choice is kept');
  t.is(await offered(), 'cnpm');
});

test.serial('with pnpm installed, the spec default pnpm is offered with its version', async (t) => {
  standIns.set({ pnpm: { version: '9.15.0' } });
  t.teardown(() => standIns.set({ pnpm: 'missing' }));
  const { menu, offered } = await boot();
  const { list, settings } = await menu();
  t.is(settings.packageManager, 'pnpm');
  t.is(await offered(), 'pnpm');
  t.deepEqual(settings.installed.find((m) => m.name === 'pnpm'), { name: 'pnpm', version: '9.15.0' });
  t.deepEqual(settings.installed.map((m) => m.name), ['npm', 'cnpm', 'pnpm'], "in the table's order");
  t.like(list.find((c) => c.key === 'web-build.pnpm'), { packageManager: 'pnpm', purpose: 'Rebuild the pages with pnpm; the server serves the new build when it succeeds' });
  t.truthy(list.find((c) => c.key === 'version.pnpm'));
});

test.serial('changeTerminalConfig stores the package manager and auto-clean; /admin/index/index and the menu report them', async (t) => {
  const { server, call, menu, offered } = await boot();
  const stored = async () => {
    const { packageManager, automaticCleanupTask, npmRegistry } = (await menu()).settings;
    return { index: await offered(), menu: { packageManager, automaticCleanupTask, npmRegistry } };
  };
  const expect = (manager: string, clean: string) => ({ index: manager, menu: { packageManager: manager, automaticCleanupTask: clean, npmRegistry: 'unknown' } });
  t.deepEqual(await stored(), expect('npm', '1'), 'the defaults');

  t.is((await call('/admin/ajax/changeTerminalConfig', { body: { manager: 'cnpm' } })).code, 1);
  t.deepEqual(await stored(), expect('cnpm', '1'));
  t.is((await call('/admin/ajax/changeTerminalConfig', { body: { automaticCleanupTask: '0' } })).code, 1);
  t.deepEqual(await stored(), expect('cnpm', '0'));

  const bad = await call('/admin/ajax/changeTerminalConfig', { body: { manager: 'bun; rm -rf /' } });
  t.is(bad.code, 0);
  t.is(bad.msg, 'Unknown package manager "bun; rm -rf /": choose npm, cnpm, pnpm, yarn or ni');
  t.is((await call('/admin/ajax/changeTerminalConfig', { body: { manager: 'yarn' } })).code, 0, 'not installed');
  t.is((await call('/admin/ajax/changeTerminalConfig', { body: { automaticCleanupTask: 'maybe' } })).code, 0);
  t.is((await call('/admin/ajax/changeTerminalConfig', { body: {} })).code, 0);
  t.deepEqual(await stored(), expect('cnpm', '0'), 'refused changes changed nothing');
  const log = await server.app.knex('admin_log').where({ title_en: 'Change terminal config' }).count<{ n: number }[]>({ n: '*' });
  t.is(log[0]!.n, 6, 'every call is in the admin log');

  const plain = await createAdmin(server, [await createGroup(server, [])]);
  t.is((await asAdmin(server, plain.token)('/admin/ajax/changeTerminalConfig', { body: { manager: 'npm' } })).code, 401);
  t.deepEqual(await stored(), expect('cnpm', '0'));
  await call('/admin/ajax/changeTerminalConfig', { body: { manager: 'npm', automaticCleanupTask: true } });
  t.deepEqual(await stored(), expect('npm', '1'));
});
