import type { Knex } from 'knex';
import type { ResourceDef } from '../../resources/types.ts';
import { isPostgresKnex } from '../dialect.ts';

/**
 * Quick search (`quickSearch=...` of an admin list) matches a substring anywhere in several columns: a LIKE
 * that no ordinary index answers, so on SQLite every search read the whole table. Each resource gets an FTS5
 * trigram index of its quick-search columns instead, kept in step with the table by triggers; a search of
 * three characters or more asks it for the matching keys. PostgreSQL keeps the ILIKE (a pg_trgm index would be
 * its equivalent, but needs an extension the portal cannot assume).
 */

/** The index tables (and FTS5's own tables behind them) start with this: admin table tools leave them out. */
export const QUICK_SEARCH_PREFIX = 'quicksearch_';
/** A trigram index answers terms of at least three characters; shorter ones fall back to LIKE. */
const MIN_TERM = 3;

export interface QuickSearchIndex {
  table: string;
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

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function existingColumns(knex: Knex, table: string): Promise<string[] | null> {
  const exists = (await knex.raw(`SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?`, [table])) as unknown[];
  if (exists.length === 0) return null;
  return ((await knex.raw(`SELECT name FROM pragma_table_info(?)`, [table])) as Array<{ name: string }>).map((r) => r.name);
}

/** Builds (or rebuilds, when the columns changed) one resource's index and the triggers that keep it. */
async function ensureIndex(knex: Knex, table: string, pk: string, columns: string[]): Promise<QuickSearchIndex> {
  const index = `${QUICK_SEARCH_PREFIX}${table}`;
  const triggers = ['ai', 'au', 'ad'].map((t) => `${index}_${t}`);
  const present = await existingColumns(knex, index);
  const triggerCount = ((await knex.raw(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?, ?)`, triggers)) as Array<{ n: number }>)[0]!.n;
  if (present?.join(',') === columns.join(',') && triggerCount === 3) return { table: index, columns };

  const cols = columns.map(q).join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${q(c)}`).join(', ');
  await knex.transaction(async (trx) => {
    for (const t of triggers) await trx.raw(`DROP TRIGGER IF EXISTS ${q(t)}`);
    await trx.raw(`DROP TABLE IF EXISTS ${q(index)}`);
    // Contentless: the table holds the text; the index only its trigrams, and rows are deleted by key.
    await trx.raw(`CREATE VIRTUAL TABLE ${q(index)} USING fts5(${cols}, tokenize = 'trigram', content = '', contentless_delete = 1)`);
    await trx.raw(`INSERT INTO ${q(index)} (rowid, ${cols}) SELECT ${q(pk)}, ${cols} FROM ${q(table)}`);
    await trx.raw(`CREATE TRIGGER ${q(triggers[0]!)} AFTER INSERT ON ${q(table)} BEGIN INSERT INTO ${q(index)} (rowid, ${cols}) VALUES (new.${q(pk)}, ${values('new')}); END`);
    await trx.raw(
      `CREATE TRIGGER ${q(triggers[1]!)} AFTER UPDATE ON ${q(table)} BEGIN DELETE FROM ${q(index)} WHERE rowid = old.${q(pk)}; INSERT INTO ${q(index)} (rowid, ${cols}) VALUES (new.${q(pk)}, ${values('new')}); END`,
    );
    await trx.raw(`CREATE TRIGGER ${q(triggers[2]!)} AFTER DELETE ON ${q(table)} BEGIN DELETE FROM ${q(index)} WHERE rowid = old.${q(pk)}; END`);
  });
  return { table: index, columns };
}

/**
 * Creates the quick-search index of every resource whose columns exist, once; later starts only check them.
 * `tables` maps each table to its columns (dialect.ts allTableColumns).
 */
export async function ensureQuickSearchIndexes(knex: Knex, defs: readonly ResourceDef[], tables: Map<string, Set<string>>): Promise<void> {
  if (isPostgresKnex(knex)) return;
  const found = indexes.get(knex.client as object) ?? new Map<string, QuickSearchIndex>();
  indexes.set(knex.client as object, found);
  for (const def of defs) {
    found.delete(def.table);
    const have = tables.get(def.table);
    const columns = quickSearchColumns(def);
    if (!have || columns.length === 0 || !have.has(def.pk) || !columns.every((c) => have.has(c))) continue;
    found.set(def.table, await ensureIndex(knex, def.table, def.pk, columns));
  }
}

/**
 * The keys of the rows whose indexed columns contain `term`, as a subquery, or null when the index cannot
 * answer: no index for this table here, other columns searched (a hidden one left out), or a short term.
 */
export function quickSearchKeys(db: Knex, table: string, columns: readonly string[], term: string): Knex.QueryBuilder | null {
  const index = indexes.get(db.client as object)?.get(table);
  if (!index || [...term].length < MIN_TERM || index.columns.join(',') !== columns.join(',')) return null;
  // One phrase: the term as typed, every character literal (LIKE's % and _ included).
  return db.select('rowid').from(index.table).whereRaw('?? MATCH ?', [index.table, `"${term.replace(/"/g, '""')}"`]);
}
