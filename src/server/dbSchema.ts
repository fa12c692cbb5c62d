import knexFactory, { type Knex } from 'knex';
import { knexSettings } from './db.ts';

/**
 * Schema work of the CRUD generator that the two databases do differently, kept in the db layer: which
 * tables the portal's own migrations make, and keeping a serial key in step after rows were copied.
 */

function isPostgresKnex(knex: Knex | Knex.Transaction): boolean {
  return knex.client.config.client === 'pg';
}

let systemTables: Promise<ReadonlySet<string>> | null = null;

/**
 * The tables the portal's migrations create (and the migration tool's own): found by running the
 * migrations once on an empty in-memory SQLite database, so a table added by any later migration counts
 * without a list to keep up to date. Computed once per process, on first use.
 */
export function migrationTables(): Promise<ReadonlySet<string>> {
  systemTables ??= (async () => {
    const { migrations } = knexSettings('');
    const scratch = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true, migrations });
    try {
      await scratch.migrate.latest();
      const rows = (await scratch('sqlite_master').where({ type: 'table' }).select('name')) as { name: string }[];
      return new Set(rows.map((r) => r.name));
    } finally {
      await scratch.destroy();
    }
  })();
  systemTables.catch(() => {
    systemTables = null;
  });
  return systemTables;
}

/**
 * After rows were copied into a new table with their own keys, the next generated key must follow the
 * largest one: SQLite's AUTOINCREMENT sees to that itself, a PostgreSQL serial sequence has to be moved.
 */
export async function syncKeySequence(db: Knex | Knex.Transaction, table: string, pk: string): Promise<void> {
  if (!isPostgresKnex(db)) return;
  await db.raw(`select setval(pg_get_serial_sequence(?, ?), coalesce((select max(??) from ??), 0) + 1, false)`, [table, pk, pk, table]);
}
