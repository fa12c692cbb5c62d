import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { isPostgres, knexSettings } from './db.ts';
import { isPostgresKnex } from './dialect.ts';
import { LIST_VERSION_TABLE } from './services/listVersions.ts';
import { QUICK_SEARCH_PREFIX } from './services/quickSearchIndex.ts';

/**
 * What the database says about its own tables, for the admin's table helpers (reference admin-api 4):
 * the same answers on SQLite and PostgreSQL, in the shape of MySQL's information_schema that BuildAdmin's
 * client reads. Dialect-specific SQL lives here, in the db layer, and nowhere else.
 */

export interface TableColumn {
  name: string;
  /** Base type in lower case: 'varchar', 'integer', 'text'... */
  dataType: string;
  /** The declared type: 'varchar(100)'. */
  columnType: string;
  defaultValue: string | null;
  nullable: boolean;
  primary: boolean;
  autoIncrement: boolean;
  /** 1-based position in the table. */
  position: number;
  maxLength: number | null;
}

/** The database connection as the admin may see it: its kind and a name that gives nothing away. */
export interface ConnectionInfo {
  type: 'sqlite' | 'pgsql';
  /** The database name with all but its first and last characters hidden. */
  database: string;
}

/**
 * Tables the migration tool, the quick-search indexes, the lists' versions and the site search's index keep for
 * themselves: never a subject of admin tools.
 */
const INTERNAL = new RegExp(`^(knex_|sqlite_|${QUICK_SEARCH_PREFIX}|${LIST_VERSION_TABLE}$|search_(entry|source|fts(_\\w+)?)$)`);
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function connectionInfo(databaseUrl: string): ConnectionInfo {
  const postgres = isPostgres(databaseUrl);
  const name = postgres ? decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres' : path.basename(databaseUrl);
  return { type: postgres ? 'pgsql' : 'sqlite', database: mask(name) };
}

/** 'portal.sqlite' → 'p***********e': long enough to tell two apart by length, nothing more. */
function mask(name: string): string {
  if (name.length <= 2) return '*'.repeat(name.length);
  return `${name[0]}${'*'.repeat(name.length - 2)}${name[name.length - 1]}`;
}

/** The application's tables, sorted by name. */
export async function listTables(knex: Knex): Promise<string[]> {
  const names = isPostgresKnex(knex)
    ? ((await knex('information_schema.tables').where({ table_type: 'BASE TABLE' }).whereRaw('table_schema = current_schema()').select('table_name as name')) as { name: string }[])
    : ((await knex('sqlite_master').where({ type: 'table' }).select('name')) as { name: string }[]);
  return names
    .map((r) => r.name)
    .filter((n) => !INTERNAL.test(n))
    .sort();
}

/** The columns of a table in order, or null when there is no such table. */
export async function tableColumns(knex: Knex, table: string): Promise<TableColumn[] | null> {
  if (!TABLE_NAME.test(table) || INTERNAL.test(table) || !(await listTables(knex)).includes(table)) return null;
  return isPostgresKnex(knex) ? postgresColumns(knex, table) : sqliteColumns(knex, table);
}

/** A default as written in the schema, without PostgreSQL's casts or either dialect's quotes. */
function defaultOf(raw: string | null): string | null {
  if (raw === null || /^nextval\(/.test(raw)) return null;
  return raw.replace(/::[\w\s]+$/, '').replace(/^'(.*)'$/, '$1');
}

function lengthOf(declared: string): number | null {
  const m = /\((\d+)/.exec(declared);
  return m ? Number(m[1]) : null;
}

async function sqliteColumns(knex: Knex, table: string): Promise<TableColumn[]> {
  interface Pragma {
    cid: number;
    name: string;
    type: string;
    notnull: number;
    dflt_value: string | null;
    pk: number;
  }
  // table_info cannot take a bound parameter; the name was checked against the table list above.
  const rows = (await knex.raw(`PRAGMA table_info("${table}")`)) as Pragma[];
  const primary = rows.filter((r) => r.pk > 0);
  return rows.map((r) => {
    const declared = r.type.toLowerCase();
    return {
      name: r.name,
      dataType: declared.replace(/\(.*$/, '').trim() || 'text',
      columnType: declared || 'text',
      defaultValue: defaultOf(r.dflt_value),
      nullable: r.notnull === 0 && r.pk === 0,
      primary: r.pk > 0,
      // A lone INTEGER PRIMARY KEY is SQLite's rowid: it numbers new rows itself.
      autoIncrement: r.pk > 0 && primary.length === 1 && declared === 'integer',
      position: r.cid + 1,
      maxLength: lengthOf(declared),
    };
  });
}

/** PostgreSQL's internal type names that SQLite's schema spells as declared (char(1) is bpchar(1) there). */
const PG_TYPE_NAMES: Record<string, string> = { int2: 'smallint', int4: 'integer', int8: 'bigint', bpchar: 'char' };

async function postgresColumns(knex: Knex, table: string): Promise<TableColumn[]> {
  interface Info {
    column_name: string;
    data_type: string;
    udt_name: string;
    column_default: string | null;
    is_nullable: string;
    ordinal_position: number;
    character_maximum_length: number | null;
  }
  const rows = (await knex('information_schema.columns')
    .whereRaw('table_schema = current_schema()')
    .where({ table_name: table })
    .orderBy('ordinal_position')
    .select('column_name', 'data_type', 'udt_name', 'column_default', 'is_nullable', 'ordinal_position', 'character_maximum_length')) as Info[];
  const keys = (await knex('information_schema.table_constraints as c')
    .join('information_schema.key_column_usage as k', function () {
      this.on('k.constraint_name', 'c.constraint_name').andOn('k.table_schema', 'c.table_schema');
    })
    .whereRaw('c.table_schema = current_schema()')
    .where({ 'c.table_name': table, 'c.constraint_type': 'PRIMARY KEY' })
    .select('k.column_name as name')) as { name: string }[];
  const primary = new Set(keys.map((k) => k.name));
  return rows.map((r) => {
    const base = PG_TYPE_NAMES[r.udt_name] ?? r.udt_name;
    const length = r.character_maximum_length === null ? null : Number(r.character_maximum_length);
    return {
      name: r.column_name,
      dataType: base,
      columnType: length === null ? base : `${base}(${length})`,
      defaultValue: defaultOf(r.column_default),
      nullable: r.is_nullable === 'YES',
      primary: primary.has(r.column_name),
      autoIncrement: /^nextval\(/.test(r.column_default ?? ''),
      position: Number(r.ordinal_position),
      maxLength: length,
    };
  });
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
