import type { Knex } from 'knex';

/**
 * Payments: top-up orders paid through WeChat Pay or Alipay, and the payment settings (secrets sealed with
 * SECRETS_KEY). Amounts are integer cents, times Unix seconds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pay_order', (t) => {
    t.increments('id');
    t.string('order_no', 32).notNullable().unique();
    t.integer('user_id').notNullable().index();
    t.bigInteger('amount').notNullable();
    t.string('provider', 16).notNullable();
    // pending → paid → refunding → refunded, or pending → closed (expired)
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('transaction_id', 64).notNullable().defaultTo('');
    // What the member's QR code encodes, so the page can show it again.
    t.string('code_url', 512).notNullable().defaultTo('');
    t.bigInteger('expire_time').notNullable();
    t.bigInteger('paid_time');
    t.bigInteger('close_time');
    t.bigInteger('refund_time');
    t.string('refund_no', 64).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable();
    t.bigInteger('update_time').notNullable();
    t.index(['status', 'expire_time']);
    t.index(['status', 'paid_time']);
  });
  await knex.schema.createTable('pay_setting', (t) => {
    t.string('name', 64).primary();
    t.text('value').notNullable();
    t.bigInteger('update_time').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pay_setting');
  await knex.schema.dropTable('pay_order');
}
