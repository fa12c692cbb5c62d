import type Database from 'better-sqlite3';
import type { Knex } from 'knex';

/**
 * What differs between SQLite and PostgreSQL, in one place: code elsewhere writes SQL both understand and asks
 * here for the rest (ARCHITECTURE section 7). Row shapes (counts as numbers, JSON as text) are aligned by the
 * pool hook in db.ts.
 */
/** A knex instance, transaction or query builder: each knows its client. */
export interface Db {
  client: { config: Knex.Config };
}

export function isPostgresKnex(db: Db): boolean {
  return db.client.config.client === 'pg';
}

/**
 * Whether NULLs come first in this direction of an ORDER BY: SQLite sorts NULL as the smallest value,
 * PostgreSQL as the largest.
 */
export function nullsSortFirst(db: Db, direction: 'asc' | 'desc'): boolean {
  return isPostgresKnex(db) ? direction === 'desc' : direction === 'asc';
}

/**
 * The operator of a case-insensitive pattern match: SQLite's LIKE already ignores case (ASCII); PostgreSQL's
 * LIKE does not, its ILIKE does (for every script).
 */
export function likeOperator(db: Db, negated = false): string {
  const op = isPostgresKnex(db) ? 'ILIKE' : 'LIKE';
  return negated ? `NOT ${op}` : op;
}

/** `?? LIKE ? ESCAPE '\'` for whereRaw, case-insensitive on both databases. */
export function likeSql(db: Db, negated = false): string {
  return `?? ${likeOperator(db, negated)} ? ESCAPE '\\'`;
}

/**
 * A query that failed because of a value the request carried: PostgreSQL checks types and ranges that SQLite
 * lets through (text in an integer column, a number past 32 bits, a NUL character, an impossible date). These
 * are the caller's mistake, answered as such, never a server error.
 */
export function isBadValueError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // SQLSTATE class 22: data exception.
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * Seeds and restores insert rows with their ids; PostgreSQL's id sequences do not see those and would hand out
 * the same ids again. Moves every sequence past the largest id of its table (SQLite needs nothing).
 */
export async function syncIdSequences(knex: Knex): Promise<void> {
  if (!isPostgresKnex(knex)) return;
  const { rows } = (await knex.raw(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`,
  )) as { rows: Array<{ table_name: string; column_name: string }> };
  for (const { table_name: table, column_name: column } of rows) {
    await knex.raw(`SELECT setval(pg_get_serial_sequence(?, ?), COALESCE((SELECT MAX(??) FROM ??), 0) + 1, false)`, [table, column, column, table]);
  }
}

/**
 * Locks the rows a transaction reads in order to rewrite them, so two transactions cannot both read the old
 * value and the later write lose the earlier one. PostgreSQL runs transactions side by side and needs the
 * lock; SQLite runs one writer at a time (and knex would only warn about it).
 */
export function forUpdate<T extends Knex.QueryBuilder>(query: T): T {
  return isPostgresKnex(query) ? (query.forUpdate() as T) : query;
}

/** Every table of the database with its columns, in one catalogue query (per-table lookups add up at boot). */
export async function allTableColumns(knex: Knex): Promise<Map<string, Set<string>>> {
  const sql = isPostgresKnex(knex)
    ? `SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()`
    : `SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`;
  const result = (await knex.raw(sql)) as { rows: Array<{ t: string; c: string }> } | Array<{ t: string; c: string }>;
  const rows = Array.isArray(result) ? result : result.rows;
  const tables = new Map<string, Set<string>>();
  for (const { t, c } of rows) {
    let columns = tables.get(t);
    if (!columns) tables.set(t, (columns = new Set()));
    columns.add(c);
  }
  return tables;
}

/** The names of the indexes the database has. */
export async function indexNames(knex: Knex): Promise<Set<string>> {
  const sql = isPostgresKnex(knex)
    ? `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`
    : `SELECT name FROM sqlite_master WHERE type = 'index'`;
  const result = (await knex.raw(sql)) as { rows: Array<{ name: string }> } | Array<{ name: string }>;
  return new Set((Array.isArray(result) ? result : result.rows).map((r) => r.name));
}

/** A table, column, index or trigger name as SQL quotes it, for statements written as text. */
export const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs schema statements (indexes, triggers, the rows they keep) as one transaction. On SQLite it is one script
 * on the writing connection: a new database's start ran 784 such statements through knex's query path, a
 * tenth of a millisecond each before the JIT warms up, where SQLite itself takes 7 ms for 200 indexes.
 */
export async function runSchemaStatements(knex: Knex, statements: readonly string[]): Promise<void> {
  if (statements.length === 0) return;
  if (isPostgresKnex(knex)) {
    await knex.transaction(async (trx) => {
      for (const statement of statements) await trx.raw(statement);
    });
    return;
  }
  const conn = (await knex.client.acquireConnection()) as Database.Database;
  try {
    conn.transaction(() => conn.exec(statements.join(';\n'))).immediate();
  } finally {
    await knex.client.releaseConnection(conn);
  }
}
