import type { Knex } from 'knex';

/**
 * The order of the public activity list: what is on or coming soonest first, then what has ended, the latest
 * first, under the staff's weight. One key says both: a start time for what has not ended, and for what has
 * ended a number above every start time that falls as the start time rises. The list's ORDER BY spells the
 * same expression (services/content.ts, ACTIVITY_STAGE_KEY), so the page is read in index order.
 */
const NAME = 'brand_activity_status_weigh_stage_order_public';
const KEY = "CASE WHEN activity_status = 'ended' THEN 20000000000 - start_time ELSE start_time END";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX ${NAME} ON brand_activity (status, weigh, (${KEY}) DESC, id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX ${NAME}`);
}
