import type { Knex } from 'knex';

/**
 * State that several server processes must share, so it lives in the database rather than in one process's
 * memory: request counters of the rate limits, and the cache invalidations every process must apply.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit', (t) => {
    // "<bucket>|<client address>"; the bucket names the route.
    t.string('key', 191).primary();
    t.integer('count').notNullable();
    t.bigInteger('window_start').notNullable();
    t.bigInteger('expire_time').notNullable().index();
  });
  await knex.schema.createTable('cache_event', (t) => {
    t.increments('id');
    // The process that made the change (it has applied it already).
    t.string('origin', 32).notNullable();
    // JSON array of content tags; null clears every cache.
    t.text('tags');
    t.bigInteger('create_time').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cache_event');
  await knex.schema.dropTable('rate_limit');
}
