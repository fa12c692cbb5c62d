import type { Knex } from 'knex';
import type { ResourceDef } from '../../resources/types.ts';
import { indexNames, isPostgresKnex, quoteName as q, runSchemaStatements } from '../dialect.ts';

/**
 * Quick search (`quickSearch=...` of an admin list) matches a substring anywhere in several columns: a LIKE
 * that no ordinary index answers, so every search read the whole table. The database indexes the trigrams of
 * each resource's quick-search columns instead, and the LIKE stays what decides a match, so every way of
 * reading finds the same rows:
 * - SQLite: an FTS5 trigram table per resource, kept in step with the table by triggers, each value indexed
 *   with two spaces after it so that every character begins a trigram. A term of three characters or more is
 *   looked up as a phrase; a shorter one as the trigrams it begins (`<table>_terms`, FTS5's own list of them).
 *   When the index finds few rows (FEW_KEYS), the list reads just those; when it finds more, the list checks
 *   the rows it walks in its order, which reaches a page within a few thousand rows: the index's keys of a
 *   million matches took seconds to gather, and a rare character of one or two read every row.
 * - PostgreSQL: pg_trgm's GIN indexes on the same columns, which its planner uses for the ILIKE itself (when
 *   the extension is installed: the site search's migration installs it where it may). A term under three
 *   characters still reads the table there.
 * The site search's index is no substitute: it holds only what the public sees, and admins search drafts too.
 */

export const QUICK_SEARCH_PREFIX = 'quicksearch_';
/** Terms this short are looked up as the trigrams they begin, longer ones as a phrase of trigrams. */
const SHORT_TERM = 2;
/**
 * At most this many keys found, the list reads those rows (about 3 µs each); with more, it walks its order and
 * checks each row (about 2 µs), and at this density a page of ten is found within 10,000 rows of a million.
 */
export const FEW_KEYS = 2_000;

export interface QuickSearchIndex {
  table: string;
  /** FTS5's list of the index's terms, one row per occurrence (fts5vocab `instance`). */
  terms: string;
  /** The resource's own columns it holds, in order. */
  columns: readonly string[];
}

/** Per database (its knex client, shared with its transactions): resource table → quick-search index. */
const indexes = new WeakMap<object, Map<string, QuickSearchIndex>>();

/** The resource's own columns its quick search reads: localized fields in both languages. */
export function quickSearchColumns(def: ResourceDef): string[] {
  return def.quickSearch
    .filter((name) => !name.includes('.'))
    .flatMap((name) => (def.fields.find((f) => f.name === name)?.localized ? [name, `${name}_en`] : [name]))
    .filter((c, i, all) => all.indexOf(c) === i);
}

/** The pg_trgm index of one quick-search column, named within PostgreSQL's 63 characters. */
const trigramIndexName = (table: string, column: string) => `${QUICK_SEARCH_PREFIX}${table}_${column}`.slice(0, 63);

/**
 * PostgreSQL: a GIN trigram index on every quick-search column of every resource, on the text the search casts
 * it to (the planner matches the expression), when pg_trgm is installed. Idempotent.
 */
async function ensureTrigramIndexes(knex: Knex, defs: readonly ResourceDef[], tables: Map<string, Set<string>>): Promise<void> {
  const { rows } = (await knex.raw(`SELECT 1 AS x FROM pg_extension WHERE extname = 'pg_trgm'`)) as { rows: unknown[] };
  if (rows.length === 0) return;
  const existing = await indexNames(knex);
  for (const def of defs) {
    const have = tables.get(def.table);
    for (const column of quickSearchColumns(def)) {
      const name = trigramIndexName(def.table, column);
      if (!have?.has(column) || existing.has(name)) continue;
      existing.add(name);
      await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin ((CAST(?? AS TEXT)) gin_trgm_ops)`, [name, def.table, column]);
    }
  }
}

/** What the database holds, read once for every resource's index: tables' columns and triggers' text. */
interface Schema {
  tables: Map<string, Set<string>>;
  triggers: Map<string, string>;
}

/**
 * The statements that build (or rebuild, when its definition changed) one resource's index and the triggers that
 * keep it, none when it is in order; the schema learns what they make.
 */
function indexStatements(schema: Schema, table: string, pk: string, { table: index, terms, columns }: QuickSearchIndex): string[] {
  const triggers = ['ai', 'au', 'ad'].map((t) => `${index}_${t}`);
  const cols = columns.map(q).join(', ');
  // Two spaces after each value: its last characters begin trigrams too (a search term is never padded, so
  // they find nothing that is not there).
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${q(c)} || '  '`).join(', ');
  const definitions = [
    `CREATE TRIGGER ${q(triggers[0]!)} AFTER INSERT ON ${q(table)} BEGIN INSERT INTO ${q(index)} (rowid, ${cols}) VALUES (new.${q(pk)}, ${values('new')}); END`,
    `CREATE TRIGGER ${q(triggers[1]!)} AFTER UPDATE ON ${q(table)} BEGIN DELETE FROM ${q(index)} WHERE rowid = old.${q(pk)}; INSERT INTO ${q(index)} (rowid, ${cols}) VALUES (new.${q(pk)}, ${values('new')}); END`,
    `CREATE TRIGGER ${q(triggers[2]!)} AFTER DELETE ON ${q(table)} BEGIN DELETE FROM ${q(index)} WHERE rowid = old.${q(pk)}; END`,
  ];
  const present = [...(schema.tables.get(index) ?? [])];
  const kept = [...triggers].sort().flatMap((t) => schema.triggers.get(t) ?? []);
  // The triggers' text says what the index holds: anything else (an older form) is built again.
  if (present.join(',') === columns.join(',') && schema.tables.has(terms) && kept.join('\n') === [...definitions].sort().join('\n')) return [];
  // Another resource on the same table finds it built.
  schema.tables.set(index, new Set(columns)).set(terms, new Set());
  triggers.forEach((t, i) => schema.triggers.set(t, definitions[i]!));
  return [
    ...triggers.map((t) => `DROP TRIGGER IF EXISTS ${q(t)}`),
    `DROP TABLE IF EXISTS ${q(terms)}`,
    `DROP TABLE IF EXISTS ${q(index)}`,
    // Contentless: the table holds the text; the index only its trigrams, and rows are deleted by key.
    `CREATE VIRTUAL TABLE ${q(index)} USING fts5(${cols}, tokenize = 'trigram', content = '', contentless_delete = 1)`,
    `CREATE VIRTUAL TABLE ${q(terms)} USING fts5vocab(${q(index)}, 'instance')`,
    `INSERT INTO ${q(index)} (rowid, ${cols}) SELECT ${q(pk)}, ${columns.map((c) => `${q(c)} || '  '`).join(', ')} FROM ${q(table)}`,
    ...definitions,
  ];
}

/**
 * Creates the quick-search index of every resource whose columns exist, once, in one transaction; later starts
 * only check them. `tables` maps each table to its columns (dialect.ts allTableColumns).
 */
export async function ensureQuickSearchIndexes(knex: Knex, defs: readonly ResourceDef[], tables: Map<string, Set<string>>): Promise<void> {
  if (isPostgresKnex(knex)) return ensureTrigramIndexes(knex, defs, tables);
  const found = indexes.get(knex.client as object) ?? new Map<string, QuickSearchIndex>();
  indexes.set(knex.client as object, found);
  const triggerRows = (await knex.raw(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`)) as Array<{ name: string; sql: string }>;
  const schema: Schema = { tables: new Map(tables), triggers: new Map(triggerRows.map((t) => [t.name, t.sql])) };
  const statements: string[] = [];
  const built = new Map<string, QuickSearchIndex>();
  for (const def of defs) {
    found.delete(def.table);
    const have = tables.get(def.table);
    const columns = quickSearchColumns(def);
    if (!have || columns.length === 0 || !have.has(def.pk) || !columns.every((c) => have.has(c))) continue;
    const index = `${QUICK_SEARCH_PREFIX}${def.table}`;
    const target = { table: index, terms: `${index}_terms`, columns };
    statements.push(...indexStatements(schema, def.table, def.pk, target));
    built.set(def.table, target);
  }
  await runSchemaStatements(knex, statements);
  for (const [table, index] of built) found.set(table, index);
}

/** One FTS5 phrase: the term as typed, every character literal (LIKE's % and _ included). */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** The first string after every one that begins with `prefix`, in the index's (UTF-8 byte, so code point) order. */
const after = (prefix: string) => `${prefix}\u{10FFFF}`;

/** What an index knows of a quick search's term. */
export interface QuickSearchLookup {
  /**
   * The keys of every row whose indexed columns may contain the term (a subquery of one column, `id`): the LIKE
   * decides. When they are few, the keys themselves, read once; otherwise the index's query, read as it goes.
   */
  keys: Knex.QueryBuilder;
  /** Whether they are at most FEW_KEYS: the list then reads those rows instead of walking its order. */
  few: boolean;
  /** Whether the index holds these columns (a search of them finds only rows among the keys). */
  covers(columns: readonly string[]): boolean;
}

/**
 * The index's keys for `term`, or null when there is no index for this table here, or the term cannot be
 * looked up: one with a NUL character (FTS5 reads its query up to it, and refuses what is left unterminated),
 * one or two characters whose lower case is longer or shorter (the index folds case character by character,
 * as FTS5 does, and its trigrams would not begin with JavaScript's lower case).
 */
export async function quickSearchLookup(db: Knex, table: string, term: string): Promise<QuickSearchLookup | null> {
  const index = indexes.get(db.client as object)?.get(table);
  if (!index || term.includes('\u0000')) return null;
  const characters = [...term].length;
  let keys: Knex.QueryBuilder;
  if (characters > SHORT_TERM) keys = db.select('rowid as id').from(index.table).whereRaw('?? MATCH ?', [index.table, phrase(term)]);
  else {
    const folded = term.toLowerCase();
    if ([...folded].length !== characters) return null;
    keys = db.distinct('doc as id').from(index.terms).where('term', '>=', folded).where('term', '<', after(folded));
  }
  const found = (await keys.clone().limit(FEW_KEYS + 1)) as Array<{ id: number }>;
  const covers = (columns: readonly string[]) => columns.every((c) => index.columns.includes(c));
  if (found.length > FEW_KEYS) return { keys, few: false, covers };
  // The page and its count read the keys found here rather than ask the index again (as much again).
  return { keys: db.select('value as id').from(db.raw('json_each(?)', [JSON.stringify(found.map((f) => f.id))])), few: true, covers };
}
