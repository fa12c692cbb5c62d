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

export interface SeedModule {
  seed(ctx: SeedContext): Promise<void>;
}

/**
 * Runs every seed in db/seeds that this database has not seen yet, in file-name order, each in its own
 * transaction together with its seed_log row, so a crash mid-seed leaves nothing half-written.
 */
export async function runSeeds(ctx: SeedContext, seeds: LazyModules = seedModules()): Promise<string[]> {
  const done = new Set((await ctx.knex('seed_log').select('name')).map((r: { name: string }) => r.name));
  const applied: string[] = [];
  for (const [file, load] of seeds) {
    const name = file.replace(/\.ts$/, '');
    if (done.has(name)) continue;
    const mod = (await load()) as SeedModule;
    await ctx.knex.transaction(async (trx) => {
      await mod.seed({ ...ctx, knex: trx });
      await trx('seed_log').insert({ name, run_time: Math.floor(Date.now() / 1000) });
    });
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
