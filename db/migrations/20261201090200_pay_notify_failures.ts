import type { Knex } from 'knex';

/**
 * Payment notifications that failed (issue 28, item 5): until now only logged, so nobody saw a provider whose
 * signatures stopped verifying or a payment for an order we do not know. One row per refused notification:
 * the provider, why (`reason`: unconfigured, malformed, badSignature, stale, wrongKey, undecryptable,
 * wrongMerchant, or for a verified one unknown and mismatch), the order number and amount (cents) a verified
 * notification named, the sender's address. The dashboard lists the recent ones whose order is not paid since.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pay_notify_failure', (t) => {
    t.increments('id');
    t.string('provider', 16).notNullable();
    t.string('reason', 20).notNullable();
    t.string('order_no', 32).notNullable().defaultTo('');
    t.integer('amount');
    t.string('ip', 50).notNullable().defaultTo('');
    t.bigInteger('create_time').notNullable();
    t.index(['create_time'], 'pay_notify_failure_time');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pay_notify_failure');
}
