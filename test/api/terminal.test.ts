import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_MANAGERS, STREAM_MARKERS, type TerminalCommandInfo } from '../../src/shared/constants/terminal.ts';
import { startServer, api, onPostgres, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, expire, memberToken } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, superToken } from '../helpers/admins.ts';
import { openTerminal, runTerminal, texts, ticketFor } from '../helpers/terminal.ts';

let server: TestServer;
let token: string;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  token = await superToken(server);
});
test.after.always(async () => {
  await server?.stop();
});

const { linkSuccess, execSuccess, execError, completed } = STREAM_MARKERS;
const runRows = () => server.app.knex('admin_log').where({ title_en: 'Run terminal command' }).orderBy('id');

/** Whether a program is on the server's PATH (the test machine has npm; pnpm and yarn may be missing). */
function installed(program: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, program)));
}

test.serial('every refusal answers in the stream and runs nothing', async (t) => {
  const marker = path.join(os.tmpdir(), `terminal-injection-${process.pid}`);
  fs.rmSync(marker, { force: true });
  const member = await memberToken(server, (await createMember(server)).id);
  const plain = await createAdmin(server, [await createGroup(server, [])]);
  const stale = await superToken(server);
  await expire(server, stale);
  const used = await ticketFor(server, token);
  await runTerminal(server, { command: 'version.node', uuid: 'warm-up', ticket: used });
  const late = await ticketFor(server, token);
  await expire(server, late);
  const before = (await runRows()).length;

  const notSuper = 'Error:You are not super administrator or not logged in';
  const cases: Array<{ label: string; params: Record<string, string>; headers?: Record<string, string>; text: string; code?: number }> = [
    { label: 'guest', params: { command: 'version.node', uuid: 'a1' }, text: notSuper, code: 303 },
    { label: 'member token', params: { command: 'version.node', uuid: 'a1' }, headers: { 'ba-user-token': member }, text: notSuper, code: 303 },
    { label: 'member token as batoken', params: { command: 'version.node', uuid: 'a1', batoken: member }, text: notSuper, code: 303 },
    { label: 'admin without *', params: { command: 'version.node', uuid: 'a1', batoken: plain.token }, text: notSuper, code: 401 },
    { label: 'expired token', params: { command: 'version.node', uuid: 'a1', batoken: stale }, text: 'Error:Token expiration', code: 409 },
    { label: 'unknown ticket', params: { command: 'version.node', uuid: 'a1', ticket: 'f0f0f0f0-0000-4000-8000-000000000000' }, text: notSuper, code: 303 },
    { label: 'used ticket', params: { command: 'version.node', uuid: 'a1', ticket: used }, text: notSuper, code: 303 },
    { label: 'expired ticket', params: { command: 'version.node', uuid: 'a1', ticket: late }, text: 'Error:Token expiration', code: 409 },
    { label: 'unknown command', params: { command: 'rm.all', uuid: 'a1', batoken: token }, text: 'Error:The command was not allowed to be executed' },
    { label: 'no command', params: { uuid: 'a1', batoken: token }, text: 'Error:The command was not allowed to be executed' },
    { label: 'command + shell', params: { command: `version.node; touch ${marker}`, uuid: 'a1', batoken: token }, text: 'Error:The command was not allowed to be executed' },
    { label: 'command substitution', params: { command: `$(touch ${marker})`, uuid: 'a1', batoken: token }, text: 'Error:The command was not allowed to be executed' },
    { label: 'command with a space', params: { command: 'version.node ', uuid: 'a1', batoken: token }, text: 'Error:The command was not allowed to be executed' },
    { label: 'prototype key', params: { command: '__proto__', uuid: 'a1', batoken: token }, text: 'Error:The command was not allowed to be executed' },
    { label: 'uuid injection', params: { command: 'version.node', uuid: `x;touch ${marker}`, batoken: token }, text: 'Error:The task id or its extension is not valid' },
    { label: 'uuid substitution', params: { command: 'version.node', uuid: `$(touch ${marker})`, batoken: token }, text: 'Error:The task id or its extension is not valid' },
    { label: 'extend injection', params: { command: 'version.node', uuid: 'a1', extend: `\`touch ${marker}\``, batoken: token }, text: 'Error:The task id or its extension is not valid' },
    { label: 'extend with newline', params: { command: 'version.node', uuid: 'a1', extend: 'module-install:x\ntouch', batoken: token }, text: 'Error:The task id or its extension is not valid' },
  ];
  for (const c of cases) {
    const stream = await openTerminal(server, c.params, c.headers);
    t.is(stream.status, 200, c.label);
    t.regex(stream.contentType, /^text\/event-stream/, c.label);
    const events = await stream.rest();
    t.deepEqual(texts(events), [c.text, execError, completed], c.label);
    t.is(events[0]!.code, c.code, `${c.label}: the refusal's code`);
  }
  // Arrays where one value is expected are refused too.
  const arrays = await fetch(`${server.url}/admin/ajax/terminal?server=1&lang=en&command[]=version.node&uuid=a1&batoken=${token}`);
  t.true((await arrays.text()).includes('Error:The command was not allowed to be executed'));

  t.false(fs.existsSync(marker), 'no injected command ran');
  t.is((await runRows()).length, before, 'no run was logged');
  t.is((await server.app.knex('terminal_lock').count<{ n: number }[]>({ n: '*' }))[0]!.n, 0, 'the lock was never taken');
});

test.serial('version.node streams the markers, its output and the exit code in order, and is logged', async (t) => {
  const ticket = await ticketFor(server, token);
  const events = await runTerminal(server, { command: 'version.node', uuid: 'task-1', extend: 'module-install:demo', ticket });
  t.deepEqual(texts(events), [linkSuccess, '> node --version', process.version, 'exitCode: 0', execSuccess, completed]);
  for (const e of events) t.like(e, { uuid: 'task-1', extend: 'module-install:demo', key: 'version.node' });
  t.false(events.some((e) => 'code' in e), 'no refusal code on a run');

  const [row] = (await runRows()).slice(-1) as Array<{ url: string; data: string; username: string }>;
  t.is(row!.username, 'admin');
  t.is(row!.url, '/admin/ajax/terminal?command=version.node', 'the logged URL carries no ticket');
  const data = JSON.parse(row!.data) as Record<string, unknown>;
  t.like(data, { command: 'version.node', uuid: 'task-1', exitCode: 0, outcome: 'success' });
  t.true(typeof data.durationMs === 'number' && data.durationMs >= 0);

  // The spec's client sends the admin token itself; that works too (and only on this stream route).
  t.deepEqual(texts(await runTerminal(server, { command: 'version.node', uuid: 'task-2', batoken: token })).slice(-3), ['exitCode: 0', execSuccess, completed]);
  // A HEAD request runs nothing.
  const rows = (await runRows()).length;
  const head = await fetch(`${server.url}/admin/ajax/terminal?server=1&command=version.node&uuid=h&batoken=${token}`, { method: 'HEAD' });
  t.is(head.status, 200);
  t.is((await runRows()).length, rows);
});

test.serial('the ticket: super admins only, one use', async (t) => {
  const plain = await createAdmin(server, [await createGroup(server, [])]);
  const refused = await api(server.url, '/admin/ajax/terminalTicket', { method: 'POST', body: {}, headers: { batoken: plain.token } });
  t.is(refused.body.code, 401);
  const ticket = await ticketFor(server, token);
  t.is(texts(await runTerminal(server, { command: 'version.node', uuid: 'once', ticket })).at(-2), execSuccess);
  t.deepEqual(texts(await runTerminal(server, { command: 'version.node', uuid: 'twice', ticket })), ['Error:You are not super administrator or not logged in', execError, completed]);
});

test.serial('db.check, migrate.status and cache.clear run for real', async (t) => {
  const check = texts(await runTerminal(server, { command: 'db.check', uuid: 'db', batoken: token }));
  if (onPostgres(server)) {
    t.true(check.some((l) => l.startsWith('PostgreSQL: connected (PostgreSQL ')), check.join('\n'));
  } else {
    t.true(check.includes('integrity_check: ok'), check.join('\n'));
    t.true(check.includes('foreign_key_check: ok'));
  }
  t.true(check.some((l) => /^migrations: \d+ applied, 0 pending$/.test(l)));
  t.deepEqual(check.slice(-3), ['exitCode: 0', execSuccess, completed]);

  const status = texts(await runTerminal(server, { command: 'migrate.status', uuid: 'ms', batoken: token }));
  t.true(status.some((l) => /No Pending Migration files Found|Found 0 Pending/i.test(l)), status.join('\n'));
  t.deepEqual(status.slice(-3), ['exitCode: 0', execSuccess, completed]);

  // The page cache fills on a visit and is emptied by the command's post-step.
  await fetch(`${server.url}/news`);
  t.true(server.app.services.pageCache.size > 0);
  const clear = texts(await runTerminal(server, { command: 'cache.clear', uuid: 'cc', batoken: token }));
  t.true(clear.includes("The server's caches (settings, pages) were cleared"), clear.join('\n'));
  t.deepEqual(clear.slice(-2), [execSuccess, completed]);
  t.is(server.app.services.pageCache.size, 0);
});

test.serial('backup.create makes a backup the backups screen lists', async (t) => {
  const before = (await server.app.services.backup.list()).length;
  const events = texts(await runTerminal(server, { command: 'backup.create', uuid: 'bk', batoken: token }));
  t.is(events[1], '> node --import tsx src/server/main.ts backup');
  if (onPostgres(server)) {
    // Archives hold the SQLite file; PostgreSQL is backed up with its own tools.
    t.true(events.some((l) => l.includes("On PostgreSQL, back up with the database's own tools (pg_dump)")), events.join('\n'));
    t.deepEqual(events.slice(-3), ['exitCode: 1', execError, completed]);
    t.is((await server.app.services.backup.list()).length, before);
    return;
  }
  t.deepEqual(events.slice(-3), ['exitCode: 0', execSuccess, completed], events.join('\n'));
  const after = await server.app.services.backup.list();
  t.is(after.length, before + 1);
  t.true(events.some((l) => l.includes(after[0]!.name)), 'the output names the archive');
});

test.serial('a package manager that is not installed fails with a clear message', async (t) => {
  const missing = PACKAGE_MANAGERS.find((pm) => !installed(pm));
  if (!missing) return t.fail('every package manager is installed here: nothing to test "not installed" with');
  const events = texts(await runTerminal(server, { command: `version.${missing}`, uuid: 'pm', batoken: token }));
  t.deepEqual(events, [
    linkSuccess,
    `> ${missing} --version`,
    `Error:${missing} is not installed on the server (or not on its PATH). Install it or choose another package manager`,
    'exitCode: 127',
    execError,
    completed,
  ]);
  const row = (await runRows()).at(-1) as { data: string };
  t.like(JSON.parse(row.data), { command: `version.${missing}`, exitCode: 127, outcome: 'notInstalled' });
});

test.serial('version.npm and test.npm: npm works and installs in a scratch folder that is removed', async (t) => {
  const version = texts(await runTerminal(server, { command: 'version.npm', uuid: 'v', batoken: token }));
  t.regex(version[2]!, /^\d+\.\d+\.\d+$/);
  const scratch = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('portal-pm-test-'));
  const before = scratch();
  const events = texts(await runTerminal(server, { command: 'test.npm', uuid: 't', batoken: token }));
  t.is(events[1], '> npm install --no-audit --no-fund');
  t.true(events.some((l) => /added 1 package/.test(l)), events.join('\n'));
  t.deepEqual(events.slice(-3), ['exitCode: 0', execSuccess, completed]);
  t.deepEqual(scratch(), before, 'the scratch folder is gone');
});

test.serial('the command menu: every command with its purpose in the language asked', async (t) => {
  const en = (await api<{ list: TerminalCommandInfo[] }>(server.url, '/admin/ajax/terminalCommands', { headers: { batoken: token }, lang: 'en' })).body.data.list;
  const zh = (await api<{ list: TerminalCommandInfo[] }>(server.url, '/admin/ajax/terminalCommands', { headers: { batoken: token }, lang: 'zh-cn' })).body.data.list;
  const keys = en.map((c) => c.key);
  // Which package managers' commands are listed is terminal-managers.test.ts's subject; npm is always here.
  for (const key of ['migrate.run', 'migrate.rollback', 'migrate.status', 'version.node', 'version.npm', 'web-install.npm', 'web-build.npm', 'test.npm', 'cache.clear', 'db.check', 'backup.create']) {
    t.true(keys.includes(key), key);
  }
  t.like(en.find((c) => c.key === 'web-build.npm'), { purpose: 'Rebuild the pages with npm; the server serves the new build when it succeeds', confirm: false, packageManager: 'npm' });
  t.like(zh.find((c) => c.key === 'web-build.npm'), { purpose: '用 npm 重新构建页面；构建成功后服务器即改用新构建' });
  t.like(en.find((c) => c.key === 'migrate.rollback'), { confirm: true, packageManager: null });
  for (const c of [...en, ...zh]) t.false(c.purpose.startsWith('purpose.'), `${c.key} has a translated purpose`);
  const plain = await createAdmin(server, [await createGroup(server, [])]);
  t.is((await api(server.url, '/admin/ajax/terminalCommands', { headers: { batoken: plain.token } })).body.code, 401);
});

test.serial('set-npm-registry: npm reports the new registry, the choice is kept, and the package managers get it', async (t) => {
  const call = asAdmin(server, token);
  const registry = async () => (await call<{ settings: { npmRegistry: string } }>('/admin/ajax/terminalCommands')).data.settings.npmRegistry;
  t.is(await registry(), 'unknown', "the reference's start: the server's own npm setting");
  const events = texts(await runTerminal(server, { command: 'set-npm-registry.taobao', uuid: 'reg', batoken: token }));
  t.deepEqual(events, [linkSuccess, '> npm config get registry', 'https://registry.npmmirror.com/', 'exitCode: 0', 'The terminal\'s package managers now download from this registry', execSuccess, completed]);
  t.is(await registry(), 'taobao');
  const item = await server.app.knex('config').where({ name: 'terminal_npm_registry' }).first<{ value: string; group: string }>('value', 'group');
  t.deepEqual(item, { value: 'taobao', group: 'terminal' });
  // Switching again: npm reports the newer one (what the package managers' runs get is unit-tested: registryEnv).
  t.is(texts(await runTerminal(server, { command: 'set-npm-registry.tencent', uuid: 'reg2', batoken: token }))[2], 'https://mirrors.cloud.tencent.com/npm/');
  t.is(await registry(), 'tencent');
  t.true((await call<{ list: TerminalCommandInfo[] }>('/admin/ajax/terminalCommands')).data.list.some((c) => c.key === 'set-npm-registry.npm' && c.purpose === 'Make npm, pnpm and yarn download from the npm registry (https://registry.npmjs.org/)'));
  await server.app.services.settings.set('terminal_npm_registry', 'unknown');
});
