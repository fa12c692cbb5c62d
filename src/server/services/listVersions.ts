import type { Knex } from 'knex';
import type { ResourceDef } from '../../resources/types.ts';
import { isPostgresKnex, quoteName, runSchemaStatements } from '../dialect.ts';

/**
 * On SQLite, `list_version` holds a value per resource table that triggers set anew (at random) on every row
 * written, whoever writes it: what an admin list remembers of its rows (its total, where its deep pages
 * start: crud/listMemory.ts) holds while the value stays. SQLite writes one transaction at a time and the
 * triggers write inside it, so a list that read the value before its rows never keeps what a later write
 * changed. A random value rather than a count: a restored backup cannot bring back a value that once meant
 * other rows.
 *
 * PostgreSQL has none: a value every process sees would be written by each writer inside its transaction and
 * held until its commit, which makes concurrent writers of a table wait for each other (and two tables written
 * in opposite orders deadlock); a sequence is outside transactions and could be read before the rows it
 * stands for are.
 */
export const LIST_VERSION_TABLE = 'list_version';

const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
const triggerNames = (table: string) => (['ai', 'au', 'ad'] as const).map((t) => `${LIST_VERSION_TABLE}_${table}_${t}`);

/** The triggers and the row of every resource table that exists; idempotent, run at every start. */
export async function ensureListVersions(knex: Knex, defs: readonly ResourceDef[], tables: Map<string, Set<string>>): Promise<void> {
  if (isPostgresKnex(knex) || !tables.has(LIST_VERSION_TABLE)) return;
  const present = new Set(((await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)) as Array<{ name: string }>).map((r) => r.name));
  const statements: string[] = [];
  for (const table of new Set(defs.map((d) => d.table))) {
    if (!tables.has(table)) continue;
    const [inserted, updated, deleted] = triggerNames(table);
    if ([inserted, updated, deleted].every((t) => present.has(t!))) continue;
    const bump = `UPDATE ${LIST_VERSION_TABLE} SET version = random() WHERE table_name = ${text(table)};`;
    statements.push(`INSERT OR IGNORE INTO ${LIST_VERSION_TABLE} (table_name, version) VALUES (${text(table)}, random())`);
    for (const [name, event] of [[inserted, 'INSERT'], [updated, 'UPDATE'], [deleted, 'DELETE']] as const) {
      statements.push(`DROP TRIGGER IF EXISTS ${quoteName(name!)}`, `CREATE TRIGGER ${quoteName(name!)} AFTER ${event} ON ${quoteName(table)} BEGIN ${bump} END`);
    }
  }
  await runSchemaStatements(knex, statements);
}

/**
 * Per database (its knex client, shared with its transactions): table → the schema version (SQLite's count of
 * schema changes) at which its three triggers were seen. Looking for them read all of `sqlite_master` (767
 * rows here) on every admin list request: 54 µs in a loop of its own, 137 µs inside the server. The schema's
 * version is read with the value instead (9 µs), and the triggers are looked for again only when it has moved.
 */
const triggersSeen = new WeakMap<object, Map<string, number>>();

/**
 * The table's current value, as text (it uses all 64 bits); null where there is none: PostgreSQL, a table
 * without its row, or without its three triggers (a table made again since loses them, and its value would
 * then stay put while its rows change). The value and the schema's version come from one statement, so one
 * read of the database: triggers seen at that version were there when the value was read.
 */
export async function listVersion(knex: Knex, table: string): Promise<string | null> {
  if (isPostgresKnex(knex)) return null;
  const seen = triggersSeen.get(knex.client as object) ?? new Map<string, number>();
  triggersSeen.set(knex.client as object, seen);
  const read = () =>
    knex(LIST_VERSION_TABLE)
      .where({ table_name: table })
      .first(knex.raw('CAST(version AS TEXT) AS v'), knex.raw('(SELECT schema_version FROM pragma_schema_version) AS s'));
  const row = (await read()) as VersionRow | undefined;
  if (row && seen.get(table) === row.s) return row.v;
  const triggers = knex('sqlite_master').where({ type: 'trigger' }).whereIn('name', triggerNames(table)).count({ n: '*' });
  const checked = (await read().whereRaw('? = 3', [triggers])) as VersionRow | undefined;
  if (!checked) {
    seen.delete(table);
    return null;
  }
  seen.set(table, checked.s);
  return checked.v;
}

interface VersionRow {
  v: string;
  s: number;
}
