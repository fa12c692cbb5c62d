import Database from 'better-sqlite3';

/** Pages copied per step of an online backup (4 MB at SQLite's default page size) before the next request gets a turn. */
const STEP_PAGES = 1024;
/** One step for everything that is left: SQLite then copies all pages under one lock. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the live database into `dest` with SQLite's online backup API, from a connection of its own, in
 * steps, so requests keep being answered. A write by the server between steps makes SQLite start over; after
 * one restart the rest is copied in a single step, which no write can interrupt. The copy is a consistent
 * snapshot either way.
 */
export async function snapshotDatabase(live: string, dest: string): Promise<void> {
  const db = new Database(live, { fileMustExist: true });
  try {
    let lastRemaining = Number.POSITIVE_INFINITY;
    let restarted = false;
    await db.backup(dest, {
      progress({ remainingPages }) {
        if (remainingPages > lastRemaining) restarted = true;
        lastRemaining = remainingPages;
        return restarted ? ALL_PAGES : STEP_PAGES;
      },
    });
  } finally {
    db.close();
  }
}

/**
 * Makes the live database a copy of `source` in one backup step: the server's own connection sees the old
 * database or the new one, never a mix, and SQLite takes care of the live file's write-ahead log.
 */
export async function replaceDatabase(source: string, live: string): Promise<void> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(live, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}

/**
 * The newest migration recorded in a database file and, when asked (it reads every page), SQLite's own
 * integrity check: 'ok' when sound.
 */
export function inspectDatabase(file: string, check: { integrity: boolean }): { integrity: string; migration: string | null } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = check.integrity ? (db.pragma('integrity_check') as Array<{ integrity_check: string }>) : [{ integrity_check: 'ok' }];
    const integrity = rows.map((r) => r.integrity_check).join('; ');
    const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'knex_migrations'").get();
    const last = hasTable ? (db.prepare('select name from knex_migrations order by id desc limit 1').get() as { name: string } | undefined) : undefined;
    return { integrity, migration: last?.name ?? null };
  } catch (err) {
    // Not a database at all ("file is not a database"): report it like a failed check.
    return { integrity: err instanceof Error ? err.message : String(err), migration: null };
  } finally {
    db.close();
  }
}
