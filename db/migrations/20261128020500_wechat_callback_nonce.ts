import type { Knex } from 'knex';

/**
 * Signed WeChat callbacks already accepted, kept while their timestamp is inside the five-minute window: in
 * the database, so that every server process refuses a replay, not only the one that saw the original.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wechat_callback_nonce', (t) => {
    // The request's signature: sha1 of the Token, timestamp and nonce (hex), unique per genuine request.
    t.string('signature', 40).primary();
    // When the timestamp leaves the window: after that the timestamp check refuses the request by itself.
    t.bigInteger('expire_time').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wechat_callback_nonce');
}
