import type { Knex } from 'knex';

/**
 * The site search's index (issue 27): one entry per searchable row and language, its title and text as shown
 * (`title`, `body`) and as matched (`match_title`, `match_body`: NFKC, lower case), and the time results are
 * ordered by. Which rows a visitor may see is decided when searching, against the rows themselves.
 *
 * Matching is by substring, the same on both databases: on SQLite an FTS5 table with the trigram tokenizer over
 * the matched columns (kept in step by triggers) finds words of three characters or more; on PostgreSQL pg_trgm's
 * GIN indexes serve the same LIKE patterns (when the extension can be installed; without it the search reads
 * the table). `search_source` records, per resource, what its entries were built from, so a changed declaration
 * or a missing index is rebuilt at start.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_entry', (t) => {
    t.increments('id');
    t.string('resource', 100).notNullable();
    t.integer('row_id').notNullable();
    t.string('lang', 8).notNullable();
    t.text('title').notNullable();
    t.text('body').notNullable();
    t.text('match_title').notNullable();
    t.text('match_body').notNullable();
    t.bigInteger('time').notNullable().defaultTo(0);
    t.unique(['resource', 'row_id', 'lang'], { indexName: 'search_entry_row' });
    t.index(['lang', 'time', 'id'], 'search_entry_recent');
  });
  await knex.schema.createTable('search_source', (t) => {
    t.string('resource', 100).primary();
    t.string('signature', 64).notNullable();
    t.bigInteger('build_time').notNullable();
  });
  if (knex.client.config.client === 'pg') {
    const [{ available }] = (
      await knex.raw("SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AND has_database_privilege(current_database(), 'CREATE') AS available")
    ).rows as { available: boolean }[];
    if (!available) return;
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await knex.raw('CREATE INDEX search_entry_match_title ON search_entry USING gin (match_title gin_trgm_ops)');
    await knex.raw('CREATE INDEX search_entry_match_body ON search_entry USING gin (match_body gin_trgm_ops)');
    return;
  }
  await knex.raw("CREATE VIRTUAL TABLE search_fts USING fts5(match_title, match_body, content='search_entry', content_rowid='id', tokenize='trigram case_sensitive 1')");
  await knex.raw(`CREATE TRIGGER search_entry_added AFTER INSERT ON search_entry BEGIN
    INSERT INTO search_fts(rowid, match_title, match_body) VALUES (new.id, new.match_title, new.match_body);
  END`);
  await knex.raw(`CREATE TRIGGER search_entry_removed AFTER DELETE ON search_entry BEGIN
    INSERT INTO search_fts(search_fts, rowid, match_title, match_body) VALUES ('delete', old.id, old.match_title, old.match_body);
  END`);
  await knex.raw(`CREATE TRIGGER search_entry_changed AFTER UPDATE ON search_entry BEGIN
    INSERT INTO search_fts(search_fts, rowid, match_title, match_body) VALUES ('delete', old.id, old.match_title, old.match_body);
    INSERT INTO search_fts(rowid, match_title, match_body) VALUES (new.id, new.match_title, new.match_body);
  END`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') {
    for (const trigger of ['search_entry_added', 'search_entry_removed', 'search_entry_changed']) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
    await knex.raw('DROP TABLE IF EXISTS search_fts');
  }
  await knex.schema.dropTable('search_source');
  await knex.schema.dropTable('search_entry');
}
