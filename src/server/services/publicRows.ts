import type { Knex } from 'knex';
import type { ResourceDef } from '../../resources/types.ts';
import { PUBLISHED } from '../../shared/content.ts';
import { now } from './clock.ts';

/** The column of a publish time: a row whose time has not come yet is scheduled, not public. */
const PUBLISH_TIME = 'publish_time';

/**
 * "Visible to the public now", for the site search and sign-ups: the one place that says which rows of a
 * resource a visitor may reach: published, and where the table has a publish time, one that has come (a row
 * scheduled for later is not found before its time).
 */
export function wherePublicNow(query: Knex.QueryBuilder, def: ResourceDef, alias: string): Knex.QueryBuilder {
  query.where(`${alias}.status`, PUBLISHED);
  if (def.fields.some((f) => f.name === PUBLISH_TIME)) query.where(`${alias}.${PUBLISH_TIME}`, '<=', now());
  return query;
}
