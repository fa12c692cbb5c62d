import type { Knex } from 'knex';

/**
 * Credentials WeChat hands out for a while (the official account's access_token and its JS-SDK jsapi_ticket),
 * kept until they expire and shared by every server process: WeChat limits how often they may be fetched,
 * and fetching a new access_token ends the one the other processes hold.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wechat_ticket', (t) => {
    // 'access_token' or 'jsapi_ticket'.
    t.string('name', 32).notNullable();
    // The AppID it belongs to: a changed AppID never uses the old account's credentials.
    t.string('app_id', 64).notNullable();
    t.text('value').notNullable();
    t.bigInteger('expire_time').notNullable();
    t.bigInteger('update_time').notNullable();
    t.primary(['name', 'app_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wechat_ticket');
}
