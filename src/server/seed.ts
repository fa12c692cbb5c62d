import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from './config.ts';
import type { FirstAdmin } from './firstAdmin.ts';
import { seedModules, type LazyModules } from './moduleFolders.ts';
import { syncIdSequences } from './dialect.ts';
import { skipCodeCache } from './codeCache.ts';

export interface SeedContext {
  knex: Knex;
  config: AppConfig;
  log: Logger;
  /** The first admin's password and hash, begun by a start that creates the database (firstAdmin.ts). */
  admin?: FirstAdmin;
}

/**
 * A seed of the rows one installation makes its own: settings, keys, accounts, demo content dated from its
 * first start.
 */
interface InstallationSeed {
  shared?: false;
  seed(ctx: SeedContext): Promise<void>;
}

/**
 * A seed of reference rows every installation holds alike (no key, account, setting or date of its own). The
 * build runs it into the new database a new SQLite folder begins from (scripts/newDatabase.ts), so that start
 * finds it in seed_log; a database made otherwise (PostgreSQL, the sources) runs it like the others.
 */
interface SharedSeed {
  shared: true;
  seed(ctx: { knex: Knex }): Promise<void>;
}

export type SeedModule = InstallationSeed | SharedSeed;

/** Runs one seed in a transaction with its seed_log row, so a crash mid-seed leaves nothing half-written. */
async function apply(knex: Knex, name: string, seed: (trx: Knex) => Promise<void>): Promise<void> {
  await knex.transaction(async (trx) => {
    await seed(trx);
    await trx('seed_log').insert({ name, run_time: Math.floor(Date.now() / 1000) });
  });
}

const seedName = (file: string) => file.replace(/\.ts$/, '');

/**
 * Runs every seed in db/seeds that this database has not seen yet, in file-name order, each in its own
 * transaction together with its seed_log row.
 */
export async function runSeeds(ctx: SeedContext, seeds: LazyModules = seedModules()): Promise<string[]> {
  const done = new Set((await ctx.knex('seed_log').select('name')).map((r: { name: string }) => r.name));
  const applied: string[] = [];
  for (const [file, load] of seeds) {
    const name = seedName(file);
    if (done.has(name)) continue;
    const mod = (await load()) as SeedModule;
    await apply(ctx.knex, name, (trx) => (mod.shared ? mod.seed({ knex: trx }) : mod.seed({ ...ctx, knex: trx })));
    ctx.log.info({ seed: name }, 'seed applied');
    applied.push(name);
  }
  if (applied.length > 0) {
    await syncIdSequences(ctx.knex);
    // Their code is no later start's: not for V8's code cache either (codeCache.ts).
    skipCodeCache();
  }
  return applied;
}

/** Runs the shared seeds alone into a new database (the build's template). */
export async function runSharedSeeds(knex: Knex, seeds: LazyModules = seedModules()): Promise<void> {
  for (const [file, load] of seeds) {
    const mod = (await load()) as SeedModule;
    if (mod.shared) await apply(knex, seedName(file), (trx) => mod.seed({ knex: trx }));
  }
}
