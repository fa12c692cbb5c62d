import type { Knex } from 'knex';
import type { ResourceDef } from '../../resources/types.ts';
import { allTableColumns, indexNames, quoteName, runSchemaStatements } from '../dialect.ts';
import { ensureListVersions } from './listVersions.ts';
import { ensureQuickSearchIndexes } from './quickSearchIndex.ts';

/** Operators an index can answer by seeking: equality first, ranges after. */
const EQUALITY = new Set(['eq', 'IN']);
const RANGE = new Set(['gt', 'egt', 'lt', 'elt', 'RANGE']);

/**
 * The indexes an admin list of this resource wants, as column lists: the default order and every sortable
 * column (with the primary key as the tie-breaker the list query adds), equality filters followed by the
 * default order (filter and page in one index walk), and range filters. LIKE searches cannot use an index.
 */
export function listIndexes(def: ResourceDef): string[][] {
  const [orderField] = def.defaultOrder;
  const wanted: string[][] = [];
  // An index also serves every prefix of its columns: a list that is a prefix of another is left out.
  const covers = (longer: string[], shorter: string[]) => shorter.every((c, i) => longer[i] === c);
  const add = (columns: string[]) => {
    const unique = columns.filter((c, i) => columns.indexOf(c) === i);
    if (unique[0] === def.pk && unique.length === 1) return;
    if (wanted.some((w) => covers(w, unique))) return;
    for (let i = wanted.length - 1; i >= 0; i--) if (covers(unique, wanted[i]!)) wanted.splice(i, 1);
    wanted.push(unique);
  };
  add([orderField, def.pk]);
  for (const field of def.fields) {
    if (!field.list || field.virtual || field.name === def.pk) continue;
    if (field.list.sortable) add([field.name, def.pk]);
    const operator = field.list.operator;
    if (operator && EQUALITY.has(operator)) add([field.name, orderField, def.pk]);
    else if (operator && RANGE.has(operator)) add([field.name]);
  }
  return wanted;
}

const indexName = (table: string, columns: string[]) => `${table}_${columns.join('_')}_list`.slice(0, 60);

/**
 * Creates the list indexes of every resource whose columns exist (a generated resource's table may lag its
 * definition), the quick-search indexes, and on SQLite the triggers of the tables' list versions. Idempotent:
 * run at every start (and after a restore), it only adds what is missing, on SQLite and PostgreSQL alike.
 */
export async function ensureResourceIndexes(knex: Knex, defs: readonly ResourceDef[]): Promise<void> {
  const tables = await allTableColumns(knex);
  const existing = await indexNames(knex);
  const statements: string[] = [];
  for (const def of defs) {
    const columns = tables.get(def.table);
    if (!columns) continue;
    for (const index of listIndexes(def)) {
      if (!index.every((c) => columns.has(c))) continue;
      const name = indexName(def.table, index);
      if (existing.has(name)) continue;
      existing.add(name);
      statements.push(`CREATE INDEX IF NOT EXISTS ${quoteName(name)} ON ${quoteName(def.table)} (${index.map(quoteName).join(', ')})`);
    }
  }
  await runSchemaStatements(knex, statements);
  await ensureQuickSearchIndexes(knex, defs, tables);
  await ensureListVersions(knex, defs, tables);
}
