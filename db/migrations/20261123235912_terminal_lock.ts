import type { Knex } from 'knex';

/**
 * The terminal runs one command at a time across every server process: the one row of this table is the
 * lock. `expire_time` frees it if its holder died; `host` and `pid` let a restarted server free it at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('terminal_lock', (t) => {
    t.integer('id').primary();
    t.string('owner', 64).notNullable();
    t.string('command', 100).notNullable();
    t.integer('admin_id').notNullable();
    t.string('host', 255).notNullable();
    t.integer('pid').notNullable();
    t.bigInteger('create_time').notNullable();
    t.bigInteger('expire_time').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('terminal_lock');
}
