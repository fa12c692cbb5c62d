import type { Knex } from 'knex';

/** SMS message templates, the variables their `${name}` placeholders use, and the send log. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sms_template', (t) => {
    t.increments('id');
    t.string('title', 100).notNullable();
    t.string('title_en', 100).notNullable().defaultTo('');
    // The event the template serves (user_register...), as /api/Sms/send names it in template_code.
    t.string('code', 50).notNullable().unique();
    // The template id at the provider (Alibaba Cloud TemplateCode, Tencent Cloud TemplateId).
    t.string('template', 100).notNullable().defaultTo('');
    t.text('content').notNullable();
    t.text('content_en');
    t.string('status', 1).notNullable().defaultTo('1');
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });
  await knex.schema.createTable('sms_variable', (t) => {
    t.increments('id');
    t.string('title', 100).notNullable();
    t.string('title_en', 100).notNullable().defaultTo('');
    t.string('name', 30).notNullable().unique();
    t.string('value_source', 20).notNullable().defaultTo('literal');
    t.string('value', 255).notNullable().defaultTo('');
    t.string('status', 1).notNullable().defaultTo('1');
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });
  await knex.schema.createTable('sms_log', (t) => {
    t.increments('id');
    // Masked (138****0000): the log shows who was texted without keeping the number.
    t.string('mobile', 20).notNullable();
    t.string('template_code', 50).notNullable().defaultTo('').index();
    t.string('provider', 20).notNullable();
    t.text('content');
    t.string('status', 10).notNullable();
    t.string('answer', 1000).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sms_log');
  await knex.schema.dropTable('sms_variable');
  await knex.schema.dropTable('sms_template');
}
