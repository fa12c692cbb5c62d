import type { Knex } from 'knex';

/**
 * The workers of snowflake ids (the generator's `spk` keys): each server process adds a row when it makes its
 * first id and takes the row's key, modulo 1024, as its worker number, so processes running together never
 * make the same id. Keys are never reused (autoincrement), and only the last 1024 rows are kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('snowflake_worker', (t) => {
    t.increments('id');
    t.integer('pid').notNullable();
    t.string('host', 100).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('snowflake_worker');
}
