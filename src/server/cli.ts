import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config.ts';
import { isPostgres, openDatabase } from './db.ts';
import { serverT } from './i18n.ts';
import { createLogger } from './logger.ts';
import { runSeeds } from './seed.ts';
import { BackupRefused, BackupService } from './services/backup/index.ts';
import { createStorage } from './services/storage/index.ts';
import { ScratchSpace } from './services/scratch.ts';
import type { Lang } from '../shared/i18n/langs.ts';
import type { Logger } from 'pino';
import { units } from '../resources/units.ts';
import { ResourceRegistry } from './services/resourceRegistry.ts';
import { SiteSearch } from './services/search/index.ts';

/**
 * Commands besides serving: `backup` and `restore FILE`, for when the admin cannot be reached, and
 * `search-rebuild`, which builds the site search's index afresh from the tables.
 */
export const CLI_COMMANDS = ['backup', 'restore', 'search-rebuild'] as const;

/** Messages follow the shell's language (LANG=zh_CN.UTF-8 → Chinese), English otherwise. */
function cliLang(): Lang {
  return /^zh/i.test(process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG || '') ? 'zh-cn' : 'en';
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Runs a command against DATA_DIR's database and backups folder, with or without the server running.
 * Returns the exit code.
 */
export async function runCli(config: AppConfig, command: (typeof CLI_COMMANDS)[number], args: string[]): Promise<number> {
  const { log } = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  if (command === 'search-rebuild') return rebuildSearch(config, log);
  const t = serverT(cliLang(), 'backup');
  if (isPostgres(config.databaseUrl)) {
    console.error(t('postgres'));
    return 1;
  }
  const file = command === 'restore' ? args[0] : undefined;
  if (command === 'restore' && !file) {
    console.error(t('cli.usageRestore'));
    return 2;
  }
  if (file && !fs.existsSync(file)) {
    console.error(t('cli.fileMissing', { file }));
    return 2;
  }
  const knex = await openDatabase(config.databaseUrl);
  // A folder of its own under DATA_DIR/tmp: a server starting meanwhile sees it in use and leaves it alone.
  const scratch = await ScratchSpace.open(config.dataDir);
  try {
    const backups = new BackupService({
      dataDir: config.dataDir,
      databaseFile: config.databaseUrl,
      storage: await createStorage(config, scratch),
      scratch,
      log,
      keep: config.backupKeep,
    });
    backups.onRestored(async () => {
      await knex.migrate.latest();
      await runSeeds({ knex, config, log });
    });
    if (command === 'backup') {
      const item = await backups.create('cli');
      console.log(t('cli.created', { file: backups.locationOf(item.name), size: mib(item.bytes) }));
      return 0;
    }
    const result = await backups.restoreFile(path.resolve(file!));
    console.log(t('cli.restored', { file, count: result.files, safety: result.safety.name }));
    return 0;
  } catch (err) {
    if (!(err instanceof BackupRefused)) throw err;
    console.error(t(command === 'backup' ? 'cli.notBackedUp' : 'cli.refused', { reason: t(err.reason, err.params) }));
    return 1;
  } finally {
    await scratch.close();
    await knex.destroy();
  }
}

/** Rebuilds every searchable resource's index entries, the generated resources' too; on either database. */
async function rebuildSearch(config: AppConfig, log: Logger): Promise<number> {
  const t = serverT(cliLang(), 'search');
  const knex = await openDatabase(config.databaseUrl);
  try {
    const registry = new ResourceRegistry(knex, log, units);
    await registry.sync(true);
    for (const { resource, rows } of await new SiteSearch(knex, registry, log).rebuildAll()) console.log(t('cli.rebuilt', { resource, rows }));
    return 0;
  } finally {
    await knex.destroy();
  }
}
