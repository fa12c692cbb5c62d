import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import { describeSchema, type Schema } from '../../scripts/schema/describe.ts';
import { schemaDifferences } from '../../scripts/schema/differences.ts';
import { formatSchema, HOW_TO_UPDATE, migratedSchema, snapshotFile, withEmptyDatabase } from '../../scripts/schemaSnapshot.ts';
import { knexSettings } from '../../src/server/db.ts';
import { postgresUrl } from '../helpers/postgres.ts';

// Here rather than in unit/ so that npm test runs it in both passes: on SQLite, then on PostgreSQL.
const dialect = postgresUrl() ? 'postgres' : 'sqlite';

test(`migrating an empty ${dialect} database builds the schema committed in db/schema/${dialect}.json`, async (t) => {
  const file = snapshotFile(dialect);
  const relative = path.relative(process.cwd(), file);
  if (!fs.existsSync(file)) return t.fail(`${relative} is missing. ${HOW_TO_UPDATE}`);
  const committed = fs.readFileSync(file, 'utf8');
  const built = await migratedSchema(dialect);
  const differences = schemaDifferences(JSON.parse(committed) as Schema, built);
  t.true(differences.length === 0, [`The migrations no longer build ${relative} (- only there, + only built now, ~ changed):`, ...differences.map((d) => `  ${d}`), HOW_TO_UPDATE].join('\n'));
  t.is(formatSchema(built), committed, `${relative} is not as npm run schema:snapshot writes it. ${HOW_TO_UPDATE}`);
});

// The migrations have none of these yet: the description must still see them when one adds them.
test(`the ${dialect} description sees composite keys, foreign key actions, partial and descending indexes`, async (t) => {
  const schema = await withEmptyDatabase(dialect, async (databaseUrl) => {
    const knex = knexFactory(knexSettings(databaseUrl));
    try {
      await knex.schema.createTable('parent', (table) => {
        table.string('code', 10);
        table.integer('year');
        table.primary(['code', 'year']);
      });
      await knex.schema.createTable('child', (table) => {
        table.increments('id');
        table.string('code', 10).notNullable();
        table.integer('year').notNullable();
        table.string('note', 20).defaultTo('x');
        table.foreign(['code', 'year']).references(['code', 'year']).inTable('parent').onDelete('CASCADE');
        table.index(['note'], 'child_note_partial', { predicate: knex.whereNotNull('note') });
      });
      await knex.raw('create unique index child_year_desc on child (year desc, code)');
      return await describeSchema(knex, dialect);
    } finally {
      await knex.destroy();
    }
  });
  t.deepEqual(Object.keys(schema), ['child', 'parent']);
  t.deepEqual(schema.parent!.primaryKey, ['code', 'year']);
  t.deepEqual(schema.child!.primaryKey, ['id']);
  t.deepEqual(schema.child!.columns.map((c) => [c.name, c.nullable, c.default !== null]), [['id', false, dialect === 'postgres'], ['code', false, false], ['year', false, false], ['note', true, true]]);
  t.deepEqual(schema.child!.foreignKeys, [{ columns: ['code', 'year'], table: 'parent', references: ['code', 'year'], onUpdate: 'NO ACTION', onDelete: 'CASCADE' }]);
  t.deepEqual(schema.child!.indexes, [
    { name: 'child_note_partial', columns: ['note'], unique: false, where: dialect === 'postgres' ? '(note IS NOT NULL)' : '`note` is not null' },
    { name: 'child_year_desc', columns: ['year DESC', 'code'], unique: true },
  ]);
});
