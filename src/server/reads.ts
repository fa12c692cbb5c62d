import Database, { type Statement } from 'better-sqlite3';
import type { Knex } from 'knex';
import { isPostgres, SQLITE_CACHE_PRAGMA } from './db.ts';

export type Row = Record<string, unknown>;

/** The values a read differs by from one request to the next. */
export type Params = Record<string, string | number>;

/** Builds a read from its values, or from stand-ins for them (the SQL is then made once and kept). */
export type Build<P extends Params> = (params: { [K in keyof P]: P[K] | Knex.Raw }) => Knex.QueryBuilder;

/** Runs the read-only queries of the public pages, built with knex. */
export interface Reads {
  /**
   * The rows of the query `build` makes with `params`. `key` names the query's shape: every call with one key
   * builds the same SQL, whatever the values of its params. Keys are the code's own, never a request's, so
   * there are a few dozen.
   */
  rows<P extends Params>(key: string, params: P, build: Build<P>): Promise<Row[]>;
  close(): void;
}

/** A binding as knex's better-sqlite3 client hands it to SQLite. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

/** Where a param's value goes among a kept statement's bindings. */
class StandIn {
  constructor(readonly name: string) {}
}

interface Kept {
  /** Answers rows as arrays, made objects here: /news's nine rows took 20 µs so, 26 as SQLite's own objects. */
  statement: Statement<unknown[], unknown[]>;
  columns: string[];
  bindings: unknown[];
}

/** A row as knex answers it, from its values in column order; a later column of the same name wins, as in SQLite's objects. */
function rowOf(columns: readonly string[], values: readonly unknown[]): Row {
  const row: Row = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
  return row;
}

/**
 * On SQLite, the public pages read through a read-only connection of their own, beside the writer (WAL mode):
 * they never wait for knex's one connection, which a long admin transaction holds, and they skip knex's runner
 * and pool, which cost an uncached /news about as much again as SQLite's own work (0.1 ms per render under 50
 * concurrent renders, in-process). Each shape of query is built and compiled by knex once, with stand-ins for
 * its values, and its prepared statement kept: building and compiling the three queries of /news took 40 µs a
 * render, more than SQLite's work. A restore writes into the same file, which this connection then reads.
 * On PostgreSQL, knex builds and runs each query on its pool.
 */
export function openReads(knex: Knex, databaseUrl: string): Reads {
  // A database in memory is its one connection's alone.
  if (isPostgres(databaseUrl) || databaseUrl === ':memory:') return { rows: async (_key, params, build) => (await build(params)) as Row[], close() {} };
  const db = new Database(databaseUrl, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma(SQLITE_CACHE_PRAGMA);
  const kept = new Map<string, Kept>();
  const compile = <P extends Params>(params: P, build: Build<P>): Kept => {
    const standIns = Object.fromEntries(Object.keys(params).map((name) => [name, knex.raw('?', [new StandIn(name) as unknown as Knex.Value])])) as { [K in keyof P]: Knex.Raw };
    const { sql, bindings } = build(standIns).toSQL().toNative();
    const statement = db.prepare<unknown[], unknown[]>(sql);
    if (!statement.reader) throw new Error(`not a read: ${sql}`);
    return { statement: statement.raw(true), columns: statement.columns().map((c) => c.name), bindings: bindings.map((b) => (b instanceof StandIn ? b : sqliteValue(b))) };
  };
  return {
    async rows(key, params, build) {
      let entry = kept.get(key);
      if (!entry) kept.set(key, (entry = compile(params, build)));
      const values = entry.statement.all(
        ...entry.bindings.map((b) => {
          if (!(b instanceof StandIn)) return b;
          if (!Object.hasOwn(params, b.name)) throw new Error(`${key}: no value for ${b.name}`);
          return sqliteValue(params[b.name]);
        }),
      );
      const { columns } = entry;
      return values.map((row) => rowOf(columns, row));
    },
    close: () => db.close(),
  };
}
