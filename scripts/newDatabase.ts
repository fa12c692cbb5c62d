import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db.ts';
import { NEW_DATABASE_FILE } from '../src/server/runtime.ts';
import { runSharedSeeds } from '../src/server/seed.ts';

/**
 * Writes the database a new data folder begins from (db.ts) into `dir`, beside the bundle: a new SQLite file
 * with every migration of this build applied and the shared seeds' reference rows (seed.ts), made in a
 * temporary folder and copied over once closed. Neither writes per-installation values
 * (test/process/server-bundle).
 */
export async function writeNewDatabase(dir: string): Promise<void> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-new-database-'));
  try {
    const file = path.join(temp, NEW_DATABASE_FILE);
    const knex = await openDatabase(file);
    await runSharedSeeds(knex);
    // Closing the last connection folds the write-ahead log into the file: the file alone is the database.
    await knex.destroy();
    fs.copyFileSync(file, path.join(dir, NEW_DATABASE_FILE));
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}
