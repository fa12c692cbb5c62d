import type { Knex } from 'knex';
import type { ResourceDef } from '../../resources/types.ts';
import { PUBLISHED } from '../../shared/content.ts';

/**
 * "Visible to the public now", for the site search and sign-ups: the one place that says which rows of a
 * resource a visitor may reach. Today a row is public when its status is published; scheduled publishing
 * narrows it to rows whose publish time has come, here, for both at once.
 */
export function wherePublicNow(query: Knex.QueryBuilder, _def: ResourceDef, alias: string): Knex.QueryBuilder {
  return query.where(`${alias}.status`, PUBLISHED);
}
