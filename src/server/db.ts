import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationModules, type LazyModules } from './moduleFolders.ts';
import { skipCodeCache } from './codeCache.ts';
import { newDatabaseTemplate } from './runtime.ts';
import { PortalSqliteClient } from './sqliteClient.ts';

interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}

/** Statements kept per connection, most recently used last: the queries a page runs are few and repeat. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Each SQLite connection's page cache: SQLite's own default of 2 MB (the pragma's negative form is KiB).
 * better-sqlite3 builds SQLite with 16 MB, which a scan of a large table fills and keeps for good: an export of
 * 100,000 rows left 16 MB more resident on the connection it read through, and its peak was 129 MB instead of
 * 112. A page not kept is read again from the system's file cache; the bench's admin list over 1,000,000 rows
 * and its site search over 100,000 took as long with 2, 8 or 16 MB (issue 31).
 */
export const SQLITE_CACHE_PRAGMA = 'cache_size = -2000';

/**
 * Makes the connection's prepare() hand back the statement it made before for the same SQL: knex prepares
 * every query afresh, and compiling SQL was a measurable part of rendering a page. SQLite recompiles a kept
 * statement by itself when the schema changes, and knex runs each statement to its end before the next.
 */
function keepStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const kept = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
    } else {
      kept.delete(sql);
    }
    kept.set(sql, statement);
    return statement;
  };
}

type Migration = { up(knex: Knex): Promise<void>; down?(knex: Knex): Promise<void> };

/** This server's migrations: db/migrations and those of units added at start, in name order. */
function serverMigrations(extra: LazyModules): LazyModules {
  return [...migrationModules(), ...extra].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The migrations of db/migrations (and those of units added at start, see createApp), named by file name as
 * knex records them, in name order. A source of modules rather than a folder, so the bundled server (which has
 * no folder) runs the same ones. Each is `{ file }` like knex's own folder source lists them (`migrate.list()`
 * shows that shape).
 */
function migrationSource(extra: LazyModules): Knex.MigrationSource<{ file: string; load: () => Promise<unknown> }> {
  return {
    getMigrations: async () => serverMigrations(extra).map(([file, load]) => ({ file, load })),
    getMigrationName: (migration) => migration.file,
    getMigration: async (migration) => (await migration.load()) as Migration,
  };
}

/** The part of a node-postgres client the pool hook touches (pg itself is loaded by knex, only for a postgres URL). */
interface PgConnection {
  setTypeParser(oid: number, parse: (text: string) => unknown): void;
}

/** Type ids of node-postgres' text parsers that differ from what SQLite hands back. */
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_JSON = 114;
const PG_JSONB = 3802;

export function isPostgres(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** Whether opening the database creates it: a SQLite file not there yet (PostgreSQL cannot tell before connecting). */
export function isNewDatabase(databaseUrl: string): boolean {
  return !isPostgres(databaseUrl) && (databaseUrl === ':memory:' || !fs.existsSync(databaseUrl));
}

/** Knex settings shared by the app and the knex CLI (knexfile.ts); `extra` migrations come with added units. */
export function knexSettings(databaseUrl: string, extra: LazyModules = []): Knex.Config {
  const migrations: Knex.MigratorConfig = { migrationSource: migrationSource(extra) };
  if (isPostgres(databaseUrl)) {
    return {
      client: 'pg',
      connection: databaseUrl,
      pool: {
        min: 0,
        max: 10,
        // Rows look the same on both databases: counts and bigint columns (Unix times, cents) as numbers rather
        // than strings, JSON columns as the text SQLite keeps. Everything stored fits in 2^53.
        afterCreate(conn: PgConnection, done: (err: Error | null, conn: PgConnection) => void) {
          conn.setTypeParser(PG_INT8, Number);
          conn.setTypeParser(PG_NUMERIC, Number);
          conn.setTypeParser(PG_JSON, String);
          conn.setTypeParser(PG_JSONB, String);
          done(null, conn);
        },
      },
      migrations,
    };
  }
  fs.mkdirSync(path.dirname(databaseUrl), { recursive: true });
  return {
    client: PortalSqliteClient,
    connection: { filename: databaseUrl },
    useNullAsDefault: true,
    // One writer at a time is SQLite's model; a single connection avoids SQLITE_BUSY between our own pool members.
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: SqliteConnection) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('synchronous = NORMAL');
        conn.pragma(SQLITE_CACHE_PRAGMA);
        keepStatements(conn);
        done(null, conn);
      },
    },
    migrations,
  };
}

/**
 * A new SQLite database begins as a copy of the empty one the bundle's build migrated, when there is one: its
 * 35 migrations were 80 ms of a new folder's start. The copy is made under another name and linked into place,
 * so a process starting beside this one on the same folder opens either no file or the whole of it. Where
 * that fails (a file system without links), the migrations build the database as they do without a copy.
 */
function copyNewDatabase(file: string): void {
  const template = newDatabaseTemplate();
  if (file === ':memory:' || !template || !fs.existsSync(template)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.new`;
  try {
    fs.copyFileSync(template, temp);
    fs.linkSync(temp, file);
  } catch {
    // Another process linked its copy first (EEXIST), or the copy is not possible: migrating does the rest.
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Whether the database records exactly the migrations this server has: then there is nothing to migrate, and the
 * start skips knex's migrator, which lists them again and takes and frees its lock in two write transactions
 * (10–14 ms of a start on an existing folder). Any other database (new, older, or migrated by a later version)
 * goes through the migrator, which runs what is missing or refuses what it does not know.
 */
async function upToDate(knex: Knex, extraMigrations: LazyModules): Promise<boolean> {
  const known = new Set(serverMigrations(extraMigrations).map(([file]) => file));
  let recorded: string[];
  try {
    recorded = (await knex('knex_migrations').pluck('name')) as string[];
  } catch {
    // No migration table yet: a database nothing has migrated (PostgreSQL, or SQLite without the build's copy).
    return false;
  }
  return recorded.length === known.size && recorded.every((name) => known.has(name));
}

export async function openDatabase(databaseUrl: string, extraMigrations: LazyModules = []): Promise<Knex> {
  if (isNewDatabase(databaseUrl)) copyNewDatabase(databaseUrl);
  const knex = knexFactory(knexSettings(databaseUrl, extraMigrations));
  if (await upToDate(knex, extraMigrations)) return knex;
  try {
    const [, applied] = (await knex.migrate.latest()) as [number, string[]];
    if (applied.length > 0) skipCodeCache();
  } catch (err) {
    // A database the migrator refuses is not used: its connection is closed rather than left open.
    await knex.destroy();
    throw err;
  }
  return knex;
}
