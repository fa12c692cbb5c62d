import type { Knex } from 'knex';

/** Columns every rule table shares (admin_rule, user_rule): the menu/permission tree of reference 1.4 / 3.8. */
function ruleColumns(t: Knex.CreateTableBuilder): void {
  t.increments('id');
  t.integer('pid').notNullable().defaultTo(0).index();
  t.string('type', 20).notNullable().defaultTo('menu');
  t.string('title', 50).notNullable().defaultTo('');
  t.string('name', 100).notNullable().defaultTo('');
  t.string('path', 100).notNullable().defaultTo('');
  t.string('icon', 50).notNullable().defaultTo('');
  t.string('menu_type', 10).notNullable().defaultTo('tab');
  t.string('url', 255).notNullable().defaultTo('');
  t.string('component', 100).notNullable().defaultTo('');
  t.string('extend', 20).notNullable().defaultTo('none');
  t.string('remark', 255).notNullable().defaultTo('');
  t.integer('weigh').notNullable().defaultTo(0);
  t.string('status', 1).notNullable().defaultTo('1');
  t.bigInteger('update_time');
  t.bigInteger('create_time');
}

export async function up(knex: Knex): Promise<void> {
  // Server-side secrets (token hashing key), generated at first start and shared by every process.
  await knex.schema.createTable('secret', (t) => {
    t.string('name', 50).primary();
    t.string('value', 255).notNullable();
  });

  await knex.schema.createTable('admin', (t) => {
    t.increments('id');
    t.string('username', 20).notNullable().unique();
    t.string('nickname', 50).notNullable().defaultTo('');
    t.string('avatar', 255).notNullable().defaultTo('');
    t.string('email', 50).notNullable().defaultTo('');
    t.string('mobile', 11).notNullable().defaultTo('');
    t.integer('login_failure').notNullable().defaultTo(0);
    // Separate from last_login_time so a failed attempt does not rewrite "last logged in".
    t.bigInteger('last_failure_time');
    t.bigInteger('last_login_time');
    t.string('last_login_ip', 50).notNullable().defaultTo('');
    t.string('password', 255).notNullable().defaultTo('');
    t.string('salt', 30).notNullable().defaultTo('');
    t.string('motto', 255).notNullable().defaultTo('');
    t.string('status', 1).notNullable().defaultTo('1');
    t.bigInteger('update_time');
    t.bigInteger('create_time');
  });
  await knex.schema.createTable('admin_group', (t) => {
    t.increments('id');
    t.integer('pid').notNullable().defaultTo(0).index();
    t.string('name', 100).notNullable();
    t.text('rules').notNullable();
    t.string('status', 1).notNullable().defaultTo('1');
    t.bigInteger('update_time');
    t.bigInteger('create_time');
  });
  await knex.schema.createTable('admin_group_access', (t) => {
    t.integer('uid').notNullable().index();
    t.integer('group_id').notNullable().index();
    t.primary(['uid', 'group_id']);
  });
  await knex.schema.createTable('admin_rule', (t) => {
    ruleColumns(t);
    t.integer('keepalive').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('user', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().defaultTo(0).index();
    t.string('username', 32).notNullable().unique();
    t.string('nickname', 50).notNullable().defaultTo('');
    // Blank e-mail and mobile may repeat, so uniqueness of filled values is enforced in code.
    t.string('email', 50).notNullable().defaultTo('').index();
    t.string('mobile', 11).notNullable().defaultTo('').index();
    t.string('avatar', 255).notNullable().defaultTo('');
    t.integer('gender').notNullable().defaultTo(0);
    t.string('birthday', 10);
    t.bigInteger('money').notNullable().defaultTo(0);
    t.bigInteger('score').notNullable().defaultTo(0);
    t.bigInteger('last_login_time');
    t.string('last_login_ip', 50).notNullable().defaultTo('');
    t.integer('login_failure').notNullable().defaultTo(0);
    t.bigInteger('last_failure_time');
    t.string('join_ip', 50).notNullable().defaultTo('');
    t.bigInteger('join_time');
    t.string('motto', 255).notNullable().defaultTo('');
    t.string('password', 255).notNullable().defaultTo('');
    t.string('salt', 30).notNullable().defaultTo('');
    t.string('status', 30).notNullable().defaultTo('enable');
    t.bigInteger('update_time');
    t.bigInteger('create_time');
  });
  await knex.schema.createTable('user_group', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable();
    t.text('rules').notNullable();
    t.string('status', 1).notNullable().defaultTo('1');
    t.bigInteger('update_time');
    t.bigInteger('create_time');
  });
  await knex.schema.createTable('user_rule', (t) => {
    ruleColumns(t);
    t.integer('no_login_valid').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('token', (t) => {
    t.string('token', 64).primary();
    t.string('type', 15).notNullable();
    t.integer('user_id').notNullable();
    t.bigInteger('create_time').notNullable();
    t.bigInteger('expire_time').notNullable();
    t.index(['user_id', 'type']);
    t.index(['expire_time']);
  });
  // Click captchas and e-mail/SMS codes: `key` and `code` hold keyed hashes, never the identity or the code.
  await knex.schema.createTable('captcha', (t) => {
    t.string('key', 64).primary();
    t.string('code', 128).notNullable().defaultTo('');
    t.text('captcha');
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('create_time').notNullable();
    t.bigInteger('expire_time').notNullable().index();
  });
  await knex.schema.createTable('attachment', (t) => {
    t.increments('id');
    t.string('topic', 20).notNullable().defaultTo('default');
    t.integer('admin_id').notNullable().defaultTo(0).index();
    t.integer('user_id').notNullable().defaultTo(0).index();
    t.string('url', 255).notNullable();
    t.integer('width').notNullable().defaultTo(0);
    t.integer('height').notNullable().defaultTo(0);
    t.string('name', 120).notNullable().defaultTo('');
    t.bigInteger('size').notNullable().defaultTo(0);
    t.string('mimetype', 100).notNullable().defaultTo('');
    t.integer('quote').notNullable().defaultTo(1);
    t.string('storage', 50).notNullable().defaultTo('local');
    t.string('sha1', 40).notNullable();
    t.bigInteger('create_time');
    t.bigInteger('last_upload_time');
    t.index(['sha1', 'topic', 'storage']);
  });
  for (const [table, column] of [
    ['user_money_log', 'money'],
    ['user_score_log', 'score'],
  ] as const) {
    // Insert-only ledgers: the change, the balance before and after, and why.
    await knex.schema.createTable(table, (t) => {
      t.increments('id');
      t.integer('user_id').notNullable().index();
      t.bigInteger(column).notNullable();
      t.bigInteger('before').notNullable();
      t.bigInteger('after').notNullable();
      t.string('memo', 255).notNullable();
      t.bigInteger('create_time').notNullable();
    });
  }
  await knex.schema.createTable('user_message', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().index();
    t.string('title', 200).notNullable();
    t.text('content').notNullable();
    t.bigInteger('read_time');
    t.bigInteger('create_time').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'user_message', 'user_score_log', 'user_money_log', 'attachment', 'captcha', 'token', 'user_rule', 'user_group',
    'user', 'admin_rule', 'admin_group_access', 'admin_group', 'admin', 'secret',
  ]) {
    await knex.schema.dropTable(table);
  }
}
