import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { loadConfig } from '../../src/server/config.ts';
import { createApp, type CreateAppOptions, type PortalApp } from '../../src/server/app.ts';
import { buildIfNeededLocked } from './build.ts';
import { createDatabase, dropDatabase, postgresUrl } from './postgres.ts';
import { ADMIN_PASSWORD } from './accounts.ts';
import { TEST_SERVER_OPTIONS } from './httpServer.ts';

export interface TestServer {
  url: string;
  app: PortalApp;
  dataDir: string;
  stop(): Promise<void>;
}

/** Settings the seeded templates were made with (scripts/test.ts); other servers seed their own. */
export const TEMPLATE_ENV = { SEED_DEMO: '1', ADMIN_PASSWORD } as const;

/** The SQLite database's file name in DATA_DIR (config.ts). */
const SQLITE_FILE = 'portal.sqlite';

/**
 * Migrates and seeds a SQLite database with TEMPLATE_ENV once, for the servers of a whole run to copy; returns
 * its file, in a temporary folder the caller removes.
 */
export async function createSqliteTemplate(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sqlite-template-'));
  const app = await createApp(loadConfig({ LOG_LEVEL: 'silent', ...TEMPLATE_ENV, DATA_DIR: dataDir }));
  // Built here, not at every test server's first answer (a start's check finds them in order).
  await app.services.search.ensure();
  // Closing the last connection folds the write-ahead log into the file: the file alone is the database.
  await app.close();
  return path.join(dataDir, SQLITE_FILE);
}

/**
 * A database for one test server. In the normal pass, SQLite in DATA_DIR: a copy of the seeded template file
 * (TEST_SQLITE_TEMPLATE) when the server's seed settings match it, so a boot skips the migrations and seeds
 * every test file would otherwise run again. In the PostgreSQL pass, a database of its own, cloned from the
 * seeded template when the seed settings match it.
 */
async function testDatabase(env: Record<string, string>, dataDir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const seededAlike = (env.SEED_DEMO ?? TEMPLATE_ENV.SEED_DEMO) === TEMPLATE_ENV.SEED_DEMO && (env.ADMIN_PASSWORD ?? ADMIN_PASSWORD) === ADMIN_PASSWORD;
  if (env.DATABASE_URL) return { env: {}, drop: async () => {} };
  if (!postgresUrl()) {
    const file = process.env.TEST_SQLITE_TEMPLATE;
    if (file && seededAlike && !env.DATA_DIR) fs.copyFileSync(file, path.join(dataDir, SQLITE_FILE));
    return { env: {}, drop: async () => {} };
  }
  const template = process.env.TEST_PG_TEMPLATE;
  const db = await createDatabase('portal_test', template && seededAlike ? template : undefined);
  return { env: { DATABASE_URL: db.url }, drop: () => dropDatabase(db.name) };
}

/**
 * Boots the real app (production build, real SQLite file in a fresh temporary DATA_DIR, or a PostgreSQL
 * database of its own in the PostgreSQL pass) on an ephemeral port of 127.0.0.1. `env` adds or overrides
 * environment variables for this server only; `options` adds resource units and their migrations.
 */
export async function startServer(env: Record<string, string> = {}, options: Pick<CreateAppOptions, 'units' | 'migrations'> = {}): Promise<TestServer> {
  await buildIfNeededLocked();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const database = await testDatabase(env, dataDir);
  // Many tests log in from 127.0.0.1 at once; the limits themselves are tested with RATE_LIMIT_FACTOR=1. A
  // server's errors are printed: a 500 that fails a test in CI shows its cause there (a whole run logs a few).
  const config = loadConfig({ LOG_LEVEL: 'error', ...TEMPLATE_ENV, RATE_LIMIT_FACTOR: '20', ...database.env, ...env, DATA_DIR: env.DATA_DIR ?? dataDir });
  let app: PortalApp;
  try {
    app = await createApp(config, options);
  } catch (err) {
    await database.drop();
    throw err;
  }
  const server = http.createServer(TEST_SERVER_OPTIONS, app.listener).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    dataDir,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; time: number; data: T };
}

/** Calls the JSON API the way our request client does (server marker, language header). */
export async function api<T = unknown>(
  base: string,
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; lang?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { server: 'true', 'think-lang': init.lang ?? 'zh-cn', ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  const res = await fetch(base + pathname, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as ApiResult<T>['body'] };
}

/** Whether this test server runs on PostgreSQL (the second pass of `npm test`). */
export function onPostgres(server: TestServer): boolean {
  return server.app.services.config.databaseUrl.startsWith('postgres');
}
