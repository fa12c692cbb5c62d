import type { ResourceDef } from '../types.ts';
import { columnSource, tsString, type ColumnSpec } from './columns.ts';

/**
 * A generated resource as source files a developer can commit (beyond the reference): its definition as a
 * `src/resources/<name>.ts` file and its table as a knex migration, written from the same definition and
 * column calls the running portal uses, so committing them changes nothing.
 */

export interface SourceFile {
  path: string;
  content: string;
}

/** `test/build` → `src/resources/test/build.ts`. */
export function resourceFilePath(name: string): string {
  return `src/resources/${name}.ts`;
}

/** A migration name after every existing one: the time of the export, then the table. */
export function migrationFilePath(table: string, at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `db/migrations/${stamp}_${table}.ts`;
}

/** Text safe inside a block comment. */
function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/[\r\n]+/g, ' ');
}

export function resourceSource(def: ResourceDef, note: string): string {
  const depth = def.name.split('/').length - 1;
  const types = depth === 0 ? './types.ts' : `${'../'.repeat(depth)}types.ts`;
  return [
    `import { defineResource } from ${tsString(types)};`,
    '',
    `/** ${commentText(def.labels?.title.en ?? def.name)} (${commentText(note)}). */`,
    `export default defineResource(${JSON.stringify(def, null, 2)});`,
    '',
  ].join('\n');
}

export function migrationSource(table: string, columns: readonly ColumnSpec[], note: string): string {
  return [
    `import type { Knex } from 'knex';`,
    '',
    `/** The table ${table} (${commentText(note)}). */`,
    'export async function up(knex: Knex): Promise<void> {',
    `  await knex.schema.createTable(${tsString(table)}, (t) => {`,
    ...columns.map((c) => `    ${columnSource(c)};`),
    '  });',
    '}',
    '',
    'export async function down(knex: Knex): Promise<void> {',
    `  await knex.schema.dropTable(${tsString(table)});`,
    '}',
    '',
  ].join('\n');
}
