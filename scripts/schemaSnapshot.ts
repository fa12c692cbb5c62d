import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { describeSchema, type Dialect, type Schema } from './schema/describe.ts';
import { knexSettings } from '../src/server/db.ts';
import { createDatabase, dropDatabase } from '../test/helpers/postgres.ts';

/**
 * `npm run schema:snapshot`: migrates an empty database with the real migrations and writes its schema to
 * db/schema/<dialect>.json, which test/api/schema-snapshot.test.ts compares with on every test run: so a change
 * of code can never quietly change what an old migration builds. SQLite always (a file in a temporary folder);
 * PostgreSQL when TEST_DATABASE_URL names a server (a fresh database there, dropped afterwards).
 */
const ROOT = path.resolve(import.meta.dirname, '..');

export const HOW_TO_UPDATE =
  'If the change is intended (a new migration), run `TEST_DATABASE_URL=postgres://user@host:port/db npm run schema:snapshot` ' +
  '(without TEST_DATABASE_URL only db/schema/sqlite.json is written) and commit db/schema/.';

export function snapshotFile(dialect: Dialect): string {
  return path.join(ROOT, 'db/schema', `${dialect}.json`);
}

/** Runs `work` on an empty database of this dialect (its URL), removed afterwards. */
export async function withEmptyDatabase<T>(dialect: Dialect, work: (databaseUrl: string) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') {
    const db = await createDatabase('portal_schema');
    try {
      return await work(db.url);
    } finally {
      await dropDatabase(db.name);
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-schema-'));
  try {
    return await work(path.join(dir, 'portal.sqlite'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The schema an empty database of this dialect has once every migration has run. */
export function migratedSchema(dialect: Dialect): Promise<Schema> {
  return withEmptyDatabase(dialect, async (databaseUrl) => {
    const knex = knexFactory(knexSettings(databaseUrl));
    try {
      await knex.migrate.latest();
      return await describeSchema(knex, dialect);
    } finally {
      await knex.destroy();
    }
  });
}

/** JSON with one line per column, index and foreign key, so a diff of the file reads as a diff of the schema. */
export function formatSchema(schema: Schema): string {
  const list = (items: unknown[]) => (items.length ? `[\n${items.map((item) => `      ${JSON.stringify(item)}`).join(',\n')}\n    ]` : '[]');
  const tables = Object.entries(schema).map(
    ([name, t]) =>
      `  ${JSON.stringify(name)}: {\n    "columns": ${list(t.columns)},\n    "primaryKey": ${JSON.stringify(t.primaryKey)},\n` +
      `    "indexes": ${list(t.indexes)},\n    "foreignKeys": ${list(t.foreignKeys)}\n  }`,
  );
  return `{\n${tables.join(',\n')}\n}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const dialect of dialects) {
    const file = snapshotFile(dialect);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, formatSchema(await migratedSchema(dialect)));
    console.log(`Wrote ${path.relative(ROOT, file)}`);
  }
  if (!process.env.TEST_DATABASE_URL) console.log('No TEST_DATABASE_URL: db/schema/postgres.json was left as it was.');
}
