import type { Knex } from 'knex';

/**
 * A database's schema as plain data, the same shape on SQLite and PostgreSQL (each in its own words: types and
 * defaults as the database reports them), in a stable order: tables and indexes by name, columns as the table
 * holds them, foreign keys by their columns. Knex's bookkeeping tables are left out.
 */
export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
}

export interface Index {
  name: string;
  /** Key columns (or expressions) in index order, " DESC" appended where descending. */
  columns: string[];
  unique: boolean;
  /** The WHERE of a partial index. */
  where?: string;
}

export interface ForeignKey {
  columns: string[];
  table: string;
  references: string[];
  onUpdate: string;
  onDelete: string;
}

export interface Table {
  columns: Column[];
  primaryKey: string[];
  indexes: Index[];
  foreignKeys: ForeignKey[];
}

export type Schema = Record<string, Table>;

export type Dialect = 'sqlite' | 'postgres';

/** knex's migration log and its lock (the defaults; knexSettings does not rename them). */
const BOOKKEEPING = new Set(['knex_migrations', 'knex_migrations_lock']);

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const byColumns = (a: ForeignKey, b: ForeignKey) => byName({ name: a.columns.join(',') }, { name: b.columns.join(',') });

export async function describeSchema(knex: Knex, dialect: Dialect): Promise<Schema> {
  const tables = dialect === 'sqlite' ? await describeSqlite(knex) : await describePostgres(knex);
  const schema: Schema = {};
  for (const name of Object.keys(tables).filter((n) => !BOOKKEEPING.has(n)).sort()) {
    const table = tables[name]!;
    schema[name] = { ...table, indexes: [...table.indexes].sort(byName), foreignKeys: [...table.foreignKeys].sort(byColumns) };
  }
  return schema;
}

interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

interface SqliteIndex {
  name: string;
  unique: number;
  origin: string;
  partial: number;
}

interface SqliteIndexColumn {
  name: string | null;
  desc: number;
  key: number;
}

interface SqliteForeignKey {
  id: number;
  table: string;
  from: string;
  to: string;
  on_update: string;
  on_delete: string;
}

/** Rows of one of SQLite's table-valued pragma functions. */
const pragma = (knex: Knex, name: string, arg: string) => knex.select('*').from(knex.raw(`pragma_${name}(?)`, [arg]));

async function describeSqlite(knex: Knex): Promise<Schema> {
  // Names starting sqlite_ are SQLite's own (sqlite_sequence).
  const tables = (await knex('sqlite_master').where('type', 'table').whereNot('name', 'like', 'sqlite_%').select('name')) as { name: string }[];
  const schema: Schema = {};
  for (const { name } of tables) {
    const columns = (await pragma(knex, 'table_info', name)) as SqliteColumn[];
    const indexes: Index[] = [];
    // The primary key's own index ('pk') is the primary key, listed as such.
    for (const index of ((await pragma(knex, 'index_list', name)) as SqliteIndex[]).filter((i) => i.origin !== 'pk')) {
      const keys = ((await pragma(knex, 'index_xinfo', index.name).orderBy('seqno')) as SqliteIndexColumn[]).filter((c) => c.key);
      const described: Index = { name: index.name, columns: keys.map((c) => `${c.name ?? '(expression)'}${c.desc ? ' DESC' : ''}`), unique: index.unique === 1 };
      if (index.partial) {
        const [{ sql }] = (await knex('sqlite_master').where({ type: 'index', name: index.name }).select('sql')) as [{ sql: string }];
        described.where = sql.slice(sql.search(/\swhere\s/i)).trim().replace(/^where\s+/i, '');
      }
      indexes.push(described);
    }
    const foreignKeys = new Map<number, ForeignKey>();
    for (const fk of (await pragma(knex, 'foreign_key_list', name).orderBy(['id', 'seq'])) as SqliteForeignKey[]) {
      const key = foreignKeys.get(fk.id) ?? { columns: [], table: fk.table, references: [], onUpdate: fk.on_update, onDelete: fk.on_delete };
      key.columns.push(fk.from);
      key.references.push(fk.to);
      foreignKeys.set(fk.id, key);
    }
    // SQLite keeps a type as it was declared, and knex declares some in capitals: the case means nothing to it.
    schema[name] = {
      columns: columns.map((c) => ({ name: c.name, type: c.type.toLowerCase(), nullable: c.notnull === 0, default: c.dflt_value })),
      primaryKey: columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
      indexes,
      foreignKeys: [...foreignKeys.values()],
    };
  }
  return schema;
}

/** PostgreSQL's one-letter foreign key actions (pg_constraint.confupdtype / confdeltype), in SQLite's words. */
const PG_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

async function describePostgres(knex: Knex): Promise<Schema> {
  const rows = async <T>(sql: string) => ((await knex.raw(sql)) as { rows: T[] }).rows;
  const schema: Schema = {};
  const table = (name: string) => (schema[name] ??= { columns: [], primaryKey: [], indexes: [], foreignKeys: [] });

  for (const c of await rows<Column & { table: string }>(`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
           not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as default
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`)) {
    table(c.table).columns.push({ name: c.name, type: c.type, nullable: c.nullable, default: c.default });
  }

  // The primary key's index is the primary key, listed as such.
  for (const i of await rows<{ table: string; name: string; unique: boolean; where: string | null; columns: string[] }>(`
    select t.relname as table, i.relname as name, x.indisunique as unique, pg_get_expr(x.indpred, x.indrelid) as where,
           array(select pg_get_indexdef(x.indexrelid, k, true) || case when x.indoption[k - 1] & 1 = 1 then ' DESC' else '' end
                 from generate_series(1, x.indnkeyatts) k order by k)::text[] as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and not x.indisprimary`)) {
    table(i.table).indexes.push({ name: i.name, columns: i.columns, unique: i.unique, ...(i.where ? { where: i.where } : {}) });
  }

  const names = (keys: string, rel: string) =>
    `array(select a.attname from unnest(${keys}) with ordinality k(num, ord) join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.num order by k.ord)::text[]`;
  for (const k of await rows<{ table: string; type: string; columns: string[]; references_table: string | null; references: string[]; on_update: string; on_delete: string }>(`
    select t.relname as table, con.contype as type, ${names('con.conkey', 'con.conrelid')} as columns,
           f.relname as references_table, ${names('con.confkey', 'con.confrelid')} as references,
           con.confupdtype as on_update, con.confdeltype as on_delete
    from pg_constraint con
    join pg_class t on t.oid = con.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    left join pg_class f on f.oid = con.confrelid
    where n.nspname = current_schema() and con.contype in ('p', 'f')`)) {
    if (k.type === 'p') table(k.table).primaryKey = k.columns;
    else table(k.table).foreignKeys.push({ columns: k.columns, table: k.references_table!, references: k.references, onUpdate: PG_ACTIONS[k.on_update]!, onDelete: PG_ACTIONS[k.on_delete]! });
  }
  return schema;
}
