import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('config', (t) => {
    t.increments('id');
    t.string('name', 30).notNullable().unique();
    t.string('group', 30).notNullable().defaultTo('basics');
    t.string('title', 50).notNullable().defaultTo('');
    t.string('tip', 100).notNullable().defaultTo('');
    t.string('type', 30).notNullable().defaultTo('string');
    t.text('value');
    t.text('content');
    t.string('rule', 100).notNullable().defaultTo('');
    t.string('extend', 255).notNullable().defaultTo('');
    t.boolean('allow_del').notNullable().defaultTo(false);
    t.integer('weigh').notNullable().defaultTo(0);
  });
  // Records which first-run seeds have been applied, so each runs exactly once per database.
  await knex.schema.createTable('seed_log', (t) => {
    t.string('name', 100).primary();
    t.bigInteger('run_time').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('seed_log');
  await knex.schema.dropTable('config');
}
