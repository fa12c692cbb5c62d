import type { Knex } from 'knex';
import type { ResourceLookup } from '../../resources/lookup.ts';
import { publishingOf, type Publishing } from '../../resources/publishing.ts';
import type { ResourceDef } from '../../resources/types.ts';

/**
 * "Visible to the public now": the one definition every public read uses (pages, home sections, feeds,
 * sitemap, search, the API), driven by the resource's declared `publish` rule (src/resources/types.ts).
 *
 * A row is visible at second `at` when its status column holds the published value, the row its `category`
 * names is visible too, and, with a publish-time `field`, that time is not after `at`. A row that would be
 * visible but for its time is "scheduled".
 *
 * `at` is a Unix second: pass `now()`, or in a compiled public read (src/server/reads.ts) the stand-in of a
 * `now` param, so the SQL is built once and the time bound on every run.
 */

type Moment = number | Knex.Raw;

function rule(def: ResourceDef): Publishing {
  const found = publishingOf(def);
  if (!found) throw new Error(`${def.name} declares no publish rule: the public never sees its rows`);
  return found;
}

/** A publish time that a form may leave empty stands for "now": only a required one is always compared. */
function timeOptional(def: ResourceDef, field: string): boolean {
  return !def.fields.find((f) => f.name === field)?.required;
}

/**
 * Narrows `query` to the rows of `def` visible to the public at `at`; `alias` is the table's name in the
 * query. `resources` finds the category's definition.
 */
export function whereVisible(query: Knex.QueryBuilder, def: ResourceDef, at: Moment, resources: Pick<ResourceLookup, 'find'>, alias: string = def.table): Knex.QueryBuilder {
  const { status, value, field, category } = rule(def);
  query.where(`${alias}.${status}`, value);
  if (field) {
    const column = `${alias}.${field}`;
    if (timeOptional(def, field)) query.where((q) => q.whereNull(column).orWhere(column, '<=', at));
    else query.where(column, '<=', at);
  }
  if (category) {
    const parent = categoryOf(def, category, resources);
    query.whereIn(`${alias}.${category}`, (sub) => {
      whereVisible(sub.from(parent.table).select(`${parent.table}.${parent.pk}`), parent, at, resources);
    });
  }
  return query;
}

/** The same condition on a joined table (a list's category name, say), so a hidden row joins as none. */
export function onVisible(join: Knex.JoinClause, def: ResourceDef, at: Moment, alias: string = def.table): Knex.JoinClause {
  const { status, value, field } = rule(def);
  join.andOnVal(`${alias}.${status}`, '=', value);
  if (field) {
    const column = `${alias}.${field}`;
    if (timeOptional(def, field)) join.andOn((on) => on.onNull(column).orOnVal(column, '<=', at));
    else join.andOnVal(column, '<=', at);
  }
  return join;
}

type Row = Readonly<Record<string, unknown>>;

/**
 * The second from which each row is visible to the public, by the rule whereVisible applies (null: not while
 * the row and its category stay as they are): its publish time (0 when it has none, or an optional one is
 * empty), or its category's when that comes later. The site search keeps it with a row's entries, so a search
 * compares one number instead of reading the row and its category. Rows carry at least the rule's columns.
 */
export async function visibleSince(db: Knex | Knex.Transaction, def: ResourceDef, rows: readonly Row[], resources: Pick<ResourceLookup, 'find'>): Promise<(number | null)[]> {
  const { status, value, field, category } = rule(def);
  const own = rows.map((row): number | null => {
    if (String(row[status] ?? '') !== value) return null;
    const time = field ? row[field] : null;
    if (time === null || time === undefined) return field && !timeOptional(def, field) ? null : 0;
    return Number.isFinite(Number(time)) ? Number(time) : null;
  });
  if (!category) return own;
  const parent = categoryOf(def, category, resources);
  const keys = [...new Set(rows.map((row) => row[category]).filter((key) => key !== null && key !== undefined && key !== ''))] as (string | number)[];
  const parents: Row[] = [];
  for (let i = 0; i < keys.length; i += 500) parents.push(...((await db(parent.table).whereIn(parent.pk, keys.slice(i, i + 500))) as Row[]));
  const since = await visibleSince(db, parent, parents, resources);
  const byKey = new Map(parents.map((row, i) => [String(row[parent.pk]), since[i]]));
  return own.map((time, i) => {
    const parentTime = byKey.get(String(rows[i]![category]));
    return time === null || parentTime === null || parentTime === undefined ? null : Math.max(time, parentTime);
  });
}

function categoryOf(def: ResourceDef, category: string, resources: Pick<ResourceLookup, 'find'>): ResourceDef {
  const name = def.fields.find((f) => f.name === category)?.remote?.resource;
  const parent = name ? resources.find(name) : undefined;
  if (!parent?.publish) throw new Error(`${def.name}.${category}: its category resource declares no publish rule`);
  return parent;
}
