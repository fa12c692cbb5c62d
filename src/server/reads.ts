import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { isPostgres, keepStatements } from './db.ts';

export type Row = Record<string, unknown>;

/** Runs the read-only queries of the public pages, built with knex. */
export interface Reads {
  rows(query: Knex.QueryBuilder): Promise<Row[]>;
  close(): void;
}

/** A binding as knex's better-sqlite3 client hands it to SQLite. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

/**
 * On SQLite, the public pages read through a read-only connection of their own, beside the writer (WAL mode):
 * they never wait for knex's one connection, which a long admin transaction holds, and they skip knex's runner
 * and pool, which cost an uncached /news about as much again as SQLite's own work (0.1 ms per render under 50
 * concurrent renders, in-process). A restore writes into the same file, which this connection then reads.
 * On PostgreSQL, knex runs them on its pool.
 */
export function openReads(databaseUrl: string): Reads {
  // A database in memory is its one connection's alone.
  if (isPostgres(databaseUrl) || databaseUrl === ':memory:') return { rows: async (query) => (await query) as Row[], close() {} };
  const db = new Database(databaseUrl, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  keepStatements(db);
  return {
    async rows(query) {
      const { sql, bindings } = query.toSQL().toNative();
      const statement = db.prepare(sql);
      if (!statement.reader) throw new Error(`not a read: ${sql}`);
      return statement.all(...bindings.map(sqliteValue)) as Row[];
    },
    close: () => db.close(),
  };
}
