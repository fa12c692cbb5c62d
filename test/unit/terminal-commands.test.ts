import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_MANAGERS } from '../../src/shared/constants/terminal.ts';
import { TERMINAL_COMMANDS, commandLine, findCommand, registryEnv } from '../../src/server/services/terminal/commands.ts';

const catalogue = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../src/locales/${lang}/terminal.json`), 'utf8')) as { purpose: Record<string, string> };

test('the table holds the issue\'s commands, each key once', (t) => {
  const keys = TERMINAL_COMMANDS.map((c) => c.key);
  t.is(new Set(keys).size, keys.length);
  const wanted = ['migrate.run', 'migrate.rollback', 'migrate.status', 'version.node', 'cache.clear', 'db.check', 'backup.create'];
  for (const pm of PACKAGE_MANAGERS) wanted.push(`version.${pm}`, `web-install.${pm}`, `web-build.${pm}`, `test.${pm}`);
  // Of the reference's list, the registry switches (reference 4.2).
  wanted.push('set-npm-registry.npm', 'set-npm-registry.taobao', 'set-npm-registry.tencent');
  t.deepEqual([...keys].sort(), wanted.sort());
});

test('argv arrays only: no shell, no empty program, nothing to interpolate', (t) => {
  for (const c of TERMINAL_COMMANDS) {
    t.true(c.argv.length > 0 && c.argv.every((a) => typeof a === 'string' && a.length > 0), c.key);
    t.false(['sh', 'bash', 'cmd', 'cmd.exe', 'powershell'].includes(path.basename(c.argv[0]!)), `${c.key} runs no shell`);
    t.false(c.argv.includes('-c') || c.argv.includes('-e'), `${c.key} passes no code string`);
    t.false(c.argv.some((a) => /[;&|`$<>]/.test(a)), `${c.key} has no shell syntax`);
  }
});

test('every purpose is in both catalogues', (t) => {
  const zh = catalogue('zh-cn').purpose;
  const en = catalogue('en').purpose;
  for (const c of TERMINAL_COMMANDS) {
    t.truthy(zh[c.purpose], `${c.key} zh-cn`);
    t.truthy(en[c.purpose], `${c.key} en`);
  }
});

test('findCommand takes exact keys only', (t) => {
  t.is(findCommand('version.node')?.key, 'version.node');
  for (const bad of ['version.node ', ' version.node', 'VERSION.NODE', 'version', 'version.', '__proto__', 'constructor', 'toString', '', 42, null, ['version.node'], { key: 'version.node' }]) {
    t.is(findCommand(bad), null, JSON.stringify(bad));
  }
});

test('the command line as shown', (t) => {
  t.is(commandLine(findCommand('version.node')!), 'node --version');
  t.is(commandLine(findCommand('web-install.npm')!), 'npm ci --no-audit --no-fund');
  t.is(commandLine(findCommand('web-build.pnpm')!), 'pnpm run build:pages');
  t.is(commandLine(findCommand('backup.create')!), 'node --import tsx src/server/main.ts backup');
  t.is(commandLine(findCommand('migrate.status')!), 'node --import tsx node_modules/knex/bin/cli.js --knexfile knexfile.ts migrate:status');
});

test('the registry a package manager gets: the chosen one, or none (the server\'s own npm setting)', (t) => {
  t.deepEqual(registryEnv('taobao'), { npm_config_registry: 'https://registry.npmmirror.com/' });
  t.deepEqual(registryEnv('npm'), { npm_config_registry: 'https://registry.npmjs.org/' });
  for (const other of ['unknown', '', 'TAOBAO', 'constructor', '__proto__', 'https://evil.example/']) t.deepEqual(registryEnv(other), {}, other);
  t.is(commandLine(findCommand('set-npm-registry.tencent')!), 'npm config get registry');
});
