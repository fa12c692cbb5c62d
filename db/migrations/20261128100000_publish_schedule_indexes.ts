import type { Knex } from 'knex';

/**
 * Scheduled publishing: every process looks for the next publish time after now among the published rows
 * (services/publishSchedule.ts) after each write. An index on the time alone answers that by a seek to now
 * and a walk over the few rows still to come, instead of a walk over every published row. (One on status and
 * time would also tempt the public lists away from the indexes they read in order, and make them sort.)
 */
const INDEXES: ReadonlyArray<[table: string, columns: string[]]> = [
  ['news', ['publish_time']],
  ['culture_article', ['publish_time']],
];

const nameOf = (table: string, columns: string[]) => `${table}_${columns.join('_')}_schedule`;

export async function up(knex: Knex): Promise<void> {
  for (const [table, columns] of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      t.index(columns, nameOf(table, columns));
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, columns] of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(columns, nameOf(table, columns));
    });
  }
}
