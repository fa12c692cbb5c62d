import type { Knex } from 'knex';

/**
 * The sensitive-data log keeps the changed row's key as text. It was an integer, which cannot hold a snowflake
 * key (a generated `spk` table's 64-bit id) on PostgreSQL, and which SQLite's driver reads back rounded beyond
 * 2^53; text holds every key exactly and is read back as it was written. Existing values convert as they are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('security_sensitive_data_log', (t) => {
    t.string('id_value', 64).notNullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('security_sensitive_data_log', (t) => {
    t.integer('id_value').notNullable().alter();
  });
}
