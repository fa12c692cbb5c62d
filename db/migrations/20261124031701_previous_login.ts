import type { Knex } from 'knex';

const TABLES = ['admin', 'user'] as const;

/**
 * The login before the current one, for "last login" on the dashboard and in the member centre:
 * `last_login_time` moves on with every login (and every minute of activity), so it always shows now.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.bigInteger('prev_login_time').nullable();
      t.string('prev_login_ip', 50).notNullable().defaultTo('');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('prev_login_time');
      t.dropColumn('prev_login_ip');
    });
  }
}
