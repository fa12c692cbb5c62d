import type { Knex } from 'knex';

/**
 * The site search answers every query from an index, one and two characters included (issue 27: "运河" read
 * every entry, 658 ms over 100,000 rows). Entries are now kept only for rows the public sees or will see at a
 * known second (`visible_from`), so a search never joins back to the rows or their categories.
 *
 * SQLite: `search_gram`, a contentless FTS5 table holding, per entry, tokens the server computes (every
 * character, every pair of characters, the word suffixes of spaced scripts, and the trigrams in order for
 * longer words, each also marked as the title's), keyed by the entry's id. That id orders the results: it is
 * built from the language, the entry's time and a sequence (services/search/sqliteIndex.ts), so the newest
 * matches are read first and a language is a range of ids. `search_word` lists the word suffixes a word of a
 * query can expand to. The trigram table of the first version goes.
 *
 * PostgreSQL: the characters and pairs of an entry in `grams` (a text array, GIN-indexed), pg_trgm's indexes
 * for longer words as before.
 *
 * The entries are rebuilt at the next start (search_source is emptied).
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  if (!pg) {
    for (const trigger of ['search_entry_added', 'search_entry_removed', 'search_entry_changed']) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
    await knex.raw('DROP TABLE IF EXISTS search_fts');
  }
  await knex.schema.dropTable('search_entry');
  await knex('search_source').delete();
  await knex.schema.createTable('search_entry', (t) => {
    // SQLite: the id is set by the server (it orders results) and is the table's rowid.
    if (pg) t.bigIncrements('id');
    else t.integer('id').notNullable().primary();
    t.string('resource', 100).notNullable();
    t.bigInteger('row_id').notNullable();
    t.string('lang', 8).notNullable();
    t.text('title').notNullable();
    t.text('body').notNullable();
    if (pg) {
      t.text('match_title').notNullable();
      t.text('match_body').notNullable();
      t.specificType('grams', 'text[]').notNullable();
    }
    t.bigInteger('time').notNullable().defaultTo(0);
    t.bigInteger('visible_from').notNullable().defaultTo(0);
    t.unique(['resource', 'row_id', 'lang'], { indexName: 'search_entry_row' });
    t.index(['visible_from'], 'search_entry_visible_from');
  });
  if (pg) {
    await knex.raw('CREATE INDEX search_entry_grams ON search_entry USING gin (grams)');
    const [{ trgm }] = (await knex.raw("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trgm")).rows as { trgm: boolean }[];
    if (!trgm) return;
    await knex.raw('CREATE INDEX search_entry_match_title ON search_entry USING gin (match_title gin_trgm_ops)');
    await knex.raw('CREATE INDEX search_entry_match_body ON search_entry USING gin (match_body gin_trgm_ops)');
    return;
  }
  await knex.raw("CREATE VIRTUAL TABLE search_gram USING fts5(grams, seq, content='', contentless_delete=1, tokenize='ascii')");
  // Whatever deletes an entry (a rebuild, a follow, a hand in the database) deletes its tokens.
  await knex.raw('CREATE TRIGGER search_entry_removed AFTER DELETE ON search_entry BEGIN DELETE FROM search_gram WHERE rowid = old.id; END');
  await knex.raw('CREATE TABLE search_word (suffix TEXT NOT NULL PRIMARY KEY) WITHOUT ROWID');
}

/**
 * The first version's tables as migration 20261128100200 made them, written here again since a migration
 * imports nothing (migrations are history: test/unit/migrations-history.test.ts).
 */
async function firstVersion(knex: Knex): Promise<void> {
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

/** Back to the first version (its trigram table), empty: its entries are rebuilt at the next start. */
export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') {
    await knex.raw('DROP TRIGGER IF EXISTS search_entry_removed');
    await knex.raw('DROP TABLE IF EXISTS search_gram');
    await knex.raw('DROP TABLE IF EXISTS search_word');
  }
  await knex.schema.dropTable('search_entry');
  await knex.schema.dropTable('search_source');
  await firstVersion(knex);
}
