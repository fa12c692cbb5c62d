import type { Knex } from 'knex';

/**
 * SQLite: a value per resource table that triggers set anew on every write to it (the server adds the triggers
 * at start, per resource, as it does the quick-search indexes): an admin list keeps where it found deep pages
 * while its table's value stays, so page 99,999 of a million rows is found again without counting off every
 * row before it (services/listVersions.ts). PostgreSQL gets nothing: see there why.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') return;
  await knex.schema.createTable('list_version', (t) => {
    t.string('table_name', 64).primary();
    t.bigInteger('version').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') return;
  const triggers = (await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'list_version\\_%' ESCAPE '\\'`)) as Array<{ name: string }>;
  for (const { name } of triggers) await knex.raw(`DROP TRIGGER IF EXISTS "${name.replace(/"/g, '""')}"`);
  await knex.schema.dropTable('list_version');
}
