import type { Knex } from 'knex';

/**
 * Config tips are English catalogue keys (translated on the config screen), and some, such as the SMS
 * provider tips, run past 100 characters. SQLite never enforced the length; PostgreSQL refuses the seed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('config', (t) => {
    t.string('tip', 255).notNullable().defaultTo('').alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('config', (t) => {
    t.string('tip', 100).notNullable().defaultTo('').alter();
  });
}
