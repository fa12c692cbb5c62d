import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexSettings } from '../../src/server/db.ts';

/** A database migrated up to (not including) `name`, as an install from before that migration has it. */
export async function databaseBefore(name: string): Promise<{ knex: Knex; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migration-'));
  const knex = knexFactory(knexSettings(path.join(dir, 'portal.sqlite')));
  for (;;) {
    const [, pending] = (await knex.migrate.list()) as [unknown, { file: string }[]];
    if (!pending.length || pending[0]!.file === name) break;
    await knex.migrate.up();
  }
  return { knex, dir };
}
