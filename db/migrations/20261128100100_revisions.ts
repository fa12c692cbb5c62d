import type { Knex } from 'knex';

/**
 * Revisions: every save of a resource that declares `revisions` keeps the version it replaced (the columns
 * its form writes, never a secret or hidden one), who saved and when, and which columns changed
 * (services/crud/revisions.ts). A restore is itself a revision. Kept per row, oldest dropped first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('revision', (t) => {
    t.increments('id');
    t.string('resource', 100).notNullable();
    t.string('row_id', 64).notNullable();
    // edit, restore (of a revision) or rollback (from the sensitive-data log)
    t.string('action', 16).notNullable();
    // JSON: the columns this save changed, and the values the row had before it.
    t.text('fields').notNullable();
    t.text('data').notNullable();
    t.integer('admin_id').notNullable().defaultTo(0);
    t.string('username', 50).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable();
    t.index(['resource', 'row_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('revision');
}
