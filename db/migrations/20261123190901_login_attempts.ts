import type { Knex } from 'knex';

/**
 * Failed logins per (side, account, address), shared by every process: the back-off of one address and the
 * captcha ceiling of one account (services/loginThrottle.ts). `account` is `id:<n>` for an existing account
 * and `name:<login>` otherwise, so unknown accounts are throttled exactly like real ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_attempt', (t) => {
    t.increments('id');
    t.string('side', 10).notNullable();
    t.string('account', 120).notNullable();
    t.string('ip', 50).notNullable();
    t.integer('failures').notNullable().defaultTo(0);
    t.bigInteger('last_failure_time').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_time').notNullable().defaultTo(0);
    t.unique(['side', 'account', 'ip']);
    t.index(['last_failure_time']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempt');
}
