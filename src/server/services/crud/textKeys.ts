import type { Knex } from 'knex';
import type { ResourceDef } from '../../../resources/types.ts';

/**
 * Columns holding snowflake ids (64 bits): the key of a resource keyed by them, and the remote selects of its
 * rows. No JavaScript number holds them exactly and better-sqlite3 hands such integers back rounded, so they
 * are read as text wherever the engine reads rows, and answered as decimal strings.
 */
export function snowflakeColumns(def: ResourceDef, resolve: (name: string) => ResourceDef | undefined): string[] {
  const remote = def.fields.filter((f) => f.type === 'remoteSelect' && !f.virtual && f.remote && resolve(f.remote.resource)?.snowflake).map((f) => f.name);
  return [...(def.snowflake ? [def.pk] : []), ...remote];
}

/**
 * Adds these columns, as text under their own names, to a query selecting `table.*`: a later column of the
 * same name wins on both drivers (an API test on each database checks it).
 */
export function selectAsText(query: Knex.QueryBuilder, db: Knex | Knex.Transaction, table: string, columns: readonly string[]): Knex.QueryBuilder {
  for (const column of columns) query.select(db.raw('CAST(?? AS TEXT) as ??', [`${table}.${column}`, column]));
  return query;
}
