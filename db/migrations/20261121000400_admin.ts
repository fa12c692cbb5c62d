import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_log', (t) => {
    t.increments('id');
    t.integer('admin_id').notNullable().defaultTo(0).index();
    t.string('username', 50).notNullable().defaultTo('');
    t.string('url', 1500).notNullable().defaultTo('');
    t.string('title', 100).notNullable().defaultTo('');
    t.text('data');
    t.string('ip', 50).notNullable().defaultTo('');
    t.string('useragent', 255).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable().index();
  });
  // Which admin controllers copy deleted rows to the recycle bin (reference 3.13).
  await knex.schema.createTable('security_data_recycle', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable();
    t.string('controller', 100).notNullable().unique();
    t.string('controller_as', 100).notNullable().index();
    t.string('data_table', 100).notNullable();
    t.string('connection', 100).notNullable().defaultTo('');
    t.string('primary_key', 50).notNullable().defaultTo('id');
    t.string('status', 1).notNullable().defaultTo('1');
    t.bigInteger('update_time');
    t.bigInteger('create_time');
  });
  await knex.schema.createTable('security_data_recycle_log', (t) => {
    t.increments('id');
    t.integer('admin_id').notNullable().defaultTo(0);
    t.integer('recycle_id').notNullable().index();
    t.text('data').notNullable();
    t.string('data_table', 100).notNullable();
    t.string('connection', 100).notNullable().defaultTo('');
    t.string('primary_key', 50).notNullable().defaultTo('id');
    t.integer('is_restore').notNullable().defaultTo(0);
    t.string('ip', 50).notNullable().defaultTo('');
    t.string('useragent', 255).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable();
  });
  // Which fields of which controllers have their edits logged (reference 3.15).
  await knex.schema.createTable('security_sensitive_data', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable();
    t.string('controller', 100).notNullable().unique();
    t.string('controller_as', 100).notNullable().index();
    t.string('data_table', 100).notNullable();
    t.string('connection', 100).notNullable().defaultTo('');
    t.string('primary_key', 50).notNullable().defaultTo('id');
    t.text('data_fields').notNullable();
    t.string('status', 1).notNullable().defaultTo('1');
    t.bigInteger('update_time');
    t.bigInteger('create_time');
  });
  await knex.schema.createTable('security_sensitive_data_log', (t) => {
    t.increments('id');
    t.integer('admin_id').notNullable().defaultTo(0);
    t.integer('sensitive_id').notNullable().index();
    t.string('data_table', 100).notNullable();
    t.string('connection', 100).notNullable().defaultTo('');
    t.string('primary_key', 50).notNullable().defaultTo('id');
    t.string('data_field', 50).notNullable();
    t.string('data_comment', 50).notNullable().defaultTo('');
    t.integer('id_value').notNullable();
    t.text('before');
    t.text('after');
    // For a password field, the salt column stored alongside the hash (rolled back together).
    t.text('extra');
    t.integer('is_rollback').notNullable().defaultTo(0);
    t.string('ip', 50).notNullable().defaultTo('');
    t.string('useragent', 255).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable();
  });
  await knex.schema.createTable('area', (t) => {
    t.increments('id');
    t.integer('pid').index();
    t.string('shortname', 100).notNullable().defaultTo('');
    t.string('name', 100).notNullable();
    t.string('mergename', 255).notNullable().defaultTo('');
    t.integer('level').notNullable();
    t.string('pinyin', 100).notNullable().defaultTo('');
    t.string('code', 100).notNullable().defaultTo('');
    t.string('zip', 100).notNullable().defaultTo('');
    t.string('first', 50).notNullable().defaultTo('');
    t.string('lng', 50).notNullable().defaultTo('');
    t.string('lat', 50).notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['area', 'security_sensitive_data_log', 'security_sensitive_data', 'security_data_recycle_log', 'security_data_recycle', 'admin_log']) {
    await knex.schema.dropTable(table);
  }
}
