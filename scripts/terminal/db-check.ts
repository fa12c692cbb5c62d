import knexFactory from 'knex';
import { loadConfig } from '../../src/server/config.ts';
import { isPostgres, knexSettings } from '../../src/server/db.ts';

/**
 * The terminal's `db.check`: the database's own integrity check (SQLite) and the migration status. Exits 1
 * when the check finds damage or a migration is pending.
 */
const { databaseUrl } = loadConfig();
const knex = knexFactory(knexSettings(databaseUrl));
let healthy = true;
try {
  if (isPostgres(databaseUrl)) {
    const { rows } = await knex.raw<{ rows: Array<{ version: string }> }>('select version() as version');
    console.log(`PostgreSQL: connected (${rows[0]?.version ?? 'unknown version'}); page checks are the server's (amcheck)`);
  } else {
    console.log(`SQLite file: ${databaseUrl}`);
    const integrity = (await knex.raw('PRAGMA integrity_check')) as Array<{ integrity_check: string }>;
    const problems = integrity.map((r) => r.integrity_check).filter((text) => text !== 'ok');
    console.log(problems.length === 0 ? 'integrity_check: ok' : `integrity_check: ${problems.length} problem(s)`);
    for (const text of problems) console.log(`  ${text}`);
    const orphans = (await knex.raw('PRAGMA foreign_key_check')) as Array<{ table: string; rowid: number; parent: string }>;
    console.log(orphans.length === 0 ? 'foreign_key_check: ok' : `foreign_key_check: ${orphans.length} row(s) point at missing rows`);
    for (const o of orphans.slice(0, 20)) console.log(`  ${o.table} row ${o.rowid} → ${o.parent}`);
    healthy = problems.length === 0 && orphans.length === 0;
  }
  const [done, pending] = (await knex.migrate.list()) as [Array<{ name: string }>, Array<{ file: string }>];
  console.log(`migrations: ${done.length} applied, ${pending.length} pending`);
  for (const p of pending) console.log(`  pending: ${p.file}`);
  healthy &&= pending.length === 0;
} finally {
  await knex.destroy();
}
console.log(healthy ? 'database check passed' : 'database check FAILED');
process.exitCode = healthy ? 0 : 1;
