import type { Knex } from 'knex';

const LEDGERS = ['user_money_log', 'user_score_log'] as const;

/**
 * Who made each balance or points change, and the Idempotency-Key it came with: a retried request with the
 * same key (unique per admin) finds its first result instead of moving the balance again.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of LEDGERS) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('admin_id').notNullable().defaultTo(0);
      t.string('idempotency_key', 100).nullable();
      t.unique(['admin_id', 'idempotency_key']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of LEDGERS) {
    await knex.schema.alterTable(table, (t) => {
      t.dropUnique(['admin_id', 'idempotency_key']);
      t.dropColumn('idempotency_key');
      t.dropColumn('admin_id');
    });
  }
}
