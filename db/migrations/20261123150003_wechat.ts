import type { Knex } from 'knex';

/** The official account's materials and auto-replies, and members' WeChat identities (mini program openids). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wechat_material', (t) => {
    t.increments('id');
    t.string('title', 100).notNullable();
    // The media_id of an image, voice or video uploaded to WeChat.
    t.string('name', 100).notNullable().defaultTo('');
    t.string('description', 500).notNullable().defaultTo('');
    t.string('image', 255).notNullable().defaultTo('');
    t.string('type', 10).notNullable().defaultTo('news');
    // The link a news article opens.
    t.string('content', 500).notNullable().defaultTo('');
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });
  await knex.schema.createTable('wechat_auto_reply', (t) => {
    t.increments('id');
    t.string('type', 10).notNullable().defaultTo('keyword');
    t.string('keyword', 100).notNullable().defaultTo('');
    t.string('match_mode', 10).notNullable().defaultTo('exact');
    t.string('msg_type', 10).notNullable().defaultTo('text');
    t.text('reply_content');
    t.integer('material_id').notNullable().defaultTo(0).index();
    t.string('status', 1).notNullable().defaultTo('1');
    t.integer('weigh').notNullable().defaultTo(0);
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });
  await knex.schema.createTable('user_oauth', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('user').onDelete('CASCADE').index();
    t.string('platform', 20).notNullable();
    t.string('openid', 64).notNullable();
    t.string('unionid', 64).notNullable().defaultTo('').index();
    t.bigInteger('create_time');
    t.bigInteger('update_time');
    t.unique(['platform', 'openid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_oauth');
  await knex.schema.dropTable('wechat_auto_reply');
  await knex.schema.dropTable('wechat_material');
}
