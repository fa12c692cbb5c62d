import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from './config.ts';

export interface SeedContext {
  knex: Knex;
  config: AppConfig;
  log: Logger;
}

export interface SeedModule {
  seed(ctx: SeedContext): Promise<void>;
}

const SEEDS_DIR = path.resolve(import.meta.dirname, '../../db/seeds');

/**
 * Runs every seed in db/seeds that this database has not seen yet, in file-name order, each in its own
 * transaction together with its seed_log row, so a crash mid-seed leaves nothing half-written.
 */
export async function runSeeds(ctx: SeedContext, dir = SEEDS_DIR): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => /^\d+_[\w-]+\.ts$/.test(f)).sort();
  const done = new Set((await ctx.knex('seed_log').select('name')).map((r: { name: string }) => r.name));
  const applied: string[] = [];
  for (const file of files) {
    const name = file.replace(/\.ts$/, '');
    if (done.has(name)) continue;
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as SeedModule;
    await ctx.knex.transaction(async (trx) => {
      await mod.seed({ ...ctx, knex: trx });
      await trx('seed_log').insert({ name, run_time: Math.floor(Date.now() / 1000) });
    });
    ctx.log.info({ seed: name }, 'seed applied');
    applied.push(name);
  }
  return applied;
}
