import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InstalledManager } from '../../src/shared/constants/terminal.ts';
import { chooseManager, installationManager, probeManager, probeManagers } from '../../src/server/services/terminal/packageManagers.ts';
import { standInManagers } from '../helpers/terminal.ts';

const standIns = standInManagers({ pnpm: { version: '9.15.0' }, cnpm: 'broken', yarn: 'missing' });
test.after.always(() => fs.rmSync(standIns.dir, { recursive: true, force: true }));
const spec = () => ({ cwd: os.tmpdir(), env: process.env, signal: new AbortController().signal });
const found = (...names: InstalledManager['name'][]): InstalledManager[] => names.map((name) => ({ name, version: null }));

test('a manager is installed when its version command runs: missing programs and exit code 127 are not', async (t) => {
  t.deepEqual(await probeManager('pnpm', spec()), { name: 'pnpm', version: '9.15.0' });
  t.deepEqual(await probeManager('cnpm', spec()), { name: 'cnpm', version: null }, 'a failing version command: there, version unknown');
  t.is(await probeManager('yarn', spec()), null, 'exit code 127');
  t.is(await probeManager('ni', { ...spec(), env: { ...process.env, PATH: standIns.dir } }), null, 'not on the PATH at all (ENOENT)');
  const npm = await probeManager('npm', spec());
  t.regex(npm?.version ?? '', /^\d+\.\d+\.\d+/, 'the real npm');
  t.deepEqual(
    (await probeManagers({ ...spec(), env: { ...process.env, PATH: `${standIns.dir}${path.delimiter}${path.dirname(process.execPath)}` } })).map((m) => m.name).filter((n) => n !== 'npm' && n !== 'ni'),
    ['cnpm', 'pnpm'],
    "in the table's order",
  );
});

test('the manager offered: the stored one if installed, else pnpm (the spec), else the installation\'s, else any', (t) => {
  t.is(chooseManager('yarn', found('npm', 'pnpm', 'yarn'), 'npm'), 'yarn', "an installed choice stays");
  t.is(chooseManager('yarn', found('npm', 'pnpm'), 'npm'), 'pnpm', 'the spec default when the choice is gone');
  t.is(chooseManager('pnpm', found('npm', 'cnpm'), 'npm'), 'npm', "no pnpm: the installation's own");
  t.is(chooseManager('pnpm', found('cnpm', 'yarn'), 'npm'), 'cnpm', 'neither: the first one installed');
  t.is(chooseManager('pnpm', found('yarn'), null), 'yarn');
  t.is(chooseManager('yarn', [], 'npm'), 'yarn', 'none installed: the stored choice stays');
  t.is(chooseManager('bun', [], null), 'pnpm', 'nothing valid: the spec default');
});

test('the installation\'s manager: package.json\'s packageManager field, else its lockfile', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pm-install-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  t.is(installationManager(dir), null);
  fs.writeFileSync(path.join(dir, 'package-lock.json'), '{}');
  t.is(installationManager(dir), 'npm');
  fs.writeFileSync(path.join(dir, 'yarn.lock'), '');
  t.is(installationManager(dir), 'yarn');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ packageManager: 'pnpm@9.15.0+sha512.abc' }));
  t.is(installationManager(dir), 'pnpm');
  fs.writeFileSync(path.join(dir, 'package.json'), '{oops');
  t.is(installationManager(dir), 'yarn', 'an unreadable package.json: the lockfile');
  t.is(installationManager(path.resolve(import.meta.dirname, '../..')), 'npm', 'this project: package-lock.json');
});
