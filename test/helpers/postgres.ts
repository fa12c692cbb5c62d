import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';

/**
 * The PostgreSQL pass of `npm test`: scripts/test.ts runs the API tests a second time with TEST_DB=postgres
 * against the server in TEST_DATABASE_URL. Every test server then gets a database of its own, cloned from a
 * template that already holds the migrations and seeds (TEST_PG_TEMPLATE), and dropped when it stops.
 */
export function postgresUrl(): string | null {
  return process.env.TEST_DB === 'postgres' ? requiredUrl() : null;
}

function requiredUrl(): string {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@host:port/db)');
  return url;
}

/** The URL of another database on the same server. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer<T>(work: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: requiredUrl(), pool: { min: 0, max: 1 } });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}

/** Whether the server clones by file copy (PostgreSQL 15 and later): asked once per process, on its first clone. */
let fileCopy: boolean | undefined;

/**
 * A fresh database, cloned from `template` when given (it must have no open connections). From PostgreSQL 15 a
 * clone is a copy of the template's files (FILE_COPY), not the default block-by-block copy through the WAL:
 * 37 ms against 65 to 120 for the template of about 19 MB, cloned for every test server of the pass.
 */
export async function createDatabase(prefix: string, template?: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withServer(async (admin) => {
    if (!template) return admin.raw('CREATE DATABASE ??', [name]);
    fileCopy ??= Number((await admin.raw<{ rows: Array<{ v: string }> }>("SELECT current_setting('server_version_num') AS v")).rows[0]?.v) >= 150000;
    return admin.raw(`CREATE DATABASE ?? TEMPLATE ??${fileCopy ? ' STRATEGY FILE_COPY' : ''}`, [name, template]);
  });
  return { name, url: databaseUrl(requiredUrl(), name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await withServer((admin) => admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]));
}

/**
 * The template of the PostgreSQL pass: a database the real boot has migrated and seeded with the test servers'
 * settings, so each test server's copy starts in milliseconds instead of seconds.
 */
export async function createTemplate(seedEnv: Record<string, string>): Promise<string> {
  const { loadConfig } = await import('../../src/server/config.ts');
  const { createApp } = await import('../../src/server/app.ts');
  const db = await createDatabase('portal_template');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-'));
  try {
    const app = await createApp(loadConfig({ LOG_LEVEL: 'silent', ...seedEnv, DATABASE_URL: db.url, DATA_DIR: dataDir }));
    // A start builds the search entries from its first answer on, which a template never gives: built here, or
    // every test server would rebuild them at its first request, beside its test.
    await app.services.search.ensure();
    await app.close();
  } catch (err) {
    await dropDatabase(db.name);
    throw err;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return db.name;
}
