import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { verifyPassword } from '../../src/server/services/passwords.ts';

/** A start on `dataDir` with `env`, and what it printed on standard output. */
async function start(dataDir: string, env: Record<string, string>): Promise<{ printed: string; hash: string }> {
  const printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  try {
    const app = await createApp(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', DATA_DIR: dataDir, ...env }));
    try {
      const { password } = await app.knex('admin').where({ username: 'admin' }).first<{ password: string }>('password');
      return { printed: printed.join(''), hash: password };
    } finally {
      await app.close();
    }
  } finally {
    process.stdout.write = write;
  }
}

// Serial: each test takes standard output for its start.
test.serial('a new folder\'s first admin has ADMIN_PASSWORD; the next start leaves the account alone', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-admin-'));
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const first = await start(dataDir, { ADMIN_PASSWORD: 'Lock-keeper 2026' });
  t.true((await verifyPassword('Lock-keeper 2026', first.hash)).ok);
  t.notRegex(first.printed, /password/);
  const again = await start(dataDir, { ADMIN_PASSWORD: 'another one' });
  t.is(again.hash, first.hash, 'not hashed or stored again');
});

test.serial('without ADMIN_PASSWORD a new folder\'s first admin gets a made-up password, printed once', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-admin-'));
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const first = await start(dataDir, {});
  const shown = /First admin account created: username "admin", password "([\w-]{12})"/.exec(first.printed)?.[1];
  t.truthy(shown, first.printed);
  t.true((await verifyPassword(shown!, first.hash)).ok, 'the printed password is the stored one');
  const again = await start(dataDir, {});
  t.is(again.printed, '', 'printed on the first start only');
  t.is(again.hash, first.hash);
});
