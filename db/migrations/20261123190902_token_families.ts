import type { Knex } from 'knex';

/**
 * Refresh-token rotation (services/tokens.ts): every token of one login shares a `family`; a refresh token
 * used once is kept as `spent` until it expires, so presenting it again reveals a stolen copy and ends the
 * whole family.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('token', (t) => {
    t.string('family', 36).nullable().index();
    t.boolean('spent').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('token', (t) => {
    t.dropIndex(['family']);
    t.dropColumn('family');
    t.dropColumn('spent');
  });
}
