import type { Knex } from 'knex';

/**
 * Resized copies of uploaded pictures (WebP, 480/960/1600 px, stored beside the original): `variants` lists
 * those an attachment has, as `480x320,960x640`; '' when it has none, NULL for files uploaded before, which
 * get theirs when the same file is uploaded again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attachment', (t) => {
    t.string('variants', 100).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attachment', (t) => {
    t.dropColumn('variants');
  });
}
