import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NPM_REGISTRIES, PACKAGE_MANAGERS, isNpmRegistry, type PackageManager } from '../../../shared/constants/terminal.ts';
import type { AppConfig } from '../../config.ts';
import type { PageBuilds } from '../../builds.ts';
import { OUT_DIR_ENV } from '../../buildStamp.ts';
import type { CacheRegistry } from '../cacheControl.ts';

/** Which configured time limit a command runs under: `terminal_timeout` or `terminal_long_timeout`. */
export type TimeoutClass = 'quick' | 'long';

/** What a command's preparation may use. */
export interface CommandContext {
  config: AppConfig;
  builds: PageBuilds;
  caches: CacheRegistry;
  /** Stores a terminal setting of the config table. */
  saveSetting(name: string, value: string): Promise<void>;
}

/** The config item holding the chosen package manager (the spec's default, pnpm, at first). */
export const PACKAGE_MANAGER_ITEM = 'terminal_package_manager';

/** The config item holding the registry the package managers use (`unknown`: the server's own npm setting). */
export const NPM_REGISTRY_ITEM = 'terminal_npm_registry';

/** What a package manager's run gets for the chosen registry: npm, pnpm and yarn all read `npm_config_registry`. */
export function registryEnv(registry: string): Record<string, string> {
  return isNpmRegistry(registry) ? { npm_config_registry: NPM_REGISTRIES[registry] } : {};
}

/**
 * Switches the registry: npm reports the registry it now sees (the new one, given as the package managers
 * will get it), and the choice is kept once that succeeded.
 */
function registryPreparation(name: keyof typeof NPM_REGISTRIES): (ctx: CommandContext) => Preparation {
  return (ctx) => ({
    env: registryEnv(name),
    async succeed() {
      await ctx.saveSetting(NPM_REGISTRY_ITEM, name);
      return 'terminal:npmRegistrySet';
    },
  });
}

/** Set up before the process starts (a scratch folder, a fresh build folder) and finished after it. */
export interface Preparation {
  /** Working folder instead of the project root. */
  cwd?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /**
   * After exit code 0, the step that completes the command (swap in the build); a throw fails the run. It may
   * return a catalogue key of a line to show.
   */
  succeed?(): Promise<string | undefined>;
  /** Always last, success or not: removes what the run leaves behind. */
  cleanup?(): Promise<void>;
}

/**
 * One entry of the command table: a fixed argv run without a shell. Nothing from the request reaches it:
 * the request only picks the key.
 */
export interface TerminalCommand {
  key: string;
  /** argv[0] is looked up on PATH unless it is a path (process.execPath for Node scripts). */
  argv: readonly string[];
  /** Key of `terminal:purpose.*`. */
  purpose: string;
  /** Interpolated into the purpose (the package manager's name). */
  purposeParams?: Record<string, string>;
  timeout: TimeoutClass;
  /** It changes the installation: the panel asks before queueing it. */
  confirm: boolean;
  packageManager: PackageManager | null;
  /** The package manager it runs: the menu offers it only when that one is installed. */
  needs: PackageManager | null;
  prepare?(ctx: CommandContext): Promise<Preparation> | Preparation;
}

const NODE = process.execPath;
/** Runs one of the project's TypeScript scripts (the way `npm run migrate` does). */
const script = (file: string, ...args: string[]) => [NODE, '--import', 'tsx', file, ...args];
const knex = (command: string) => script('node_modules/knex/bin/cli.js', '--knexfile', 'knexfile.ts', command);

/** The database the running server uses, for scripts that open it themselves. */
function databaseEnv(ctx: CommandContext): Preparation {
  return { env: { DATA_DIR: ctx.config.dataDir, DATABASE_URL: ctx.config.databaseUrl } };
}

/**
 * Per package manager: its version, install from the lockfile, the page build (`build:pages`, which web-build
 * points at a fresh folder; `build` would also bundle the server, which a running server cannot swap), and
 * an install in a scratch project.
 */
const PM_ARGV: Record<PackageManager, { version: string[]; ci: string[]; build: string[]; install: string[] }> = {
  npm: { version: ['npm', '--version'], ci: ['npm', 'ci', '--no-audit', '--no-fund'], build: ['npm', 'run', 'build:pages'], install: ['npm', 'install', '--no-audit', '--no-fund'] },
  cnpm: { version: ['cnpm', '--version'], ci: ['cnpm', 'install'], build: ['cnpm', 'run', 'build:pages'], install: ['cnpm', 'install'] },
  pnpm: { version: ['pnpm', '--version'], ci: ['pnpm', 'install', '--frozen-lockfile'], build: ['pnpm', 'run', 'build:pages'], install: ['pnpm', 'install'] },
  yarn: { version: ['yarn', '--version'], ci: ['yarn', 'install', '--frozen-lockfile'], build: ['yarn', 'run', 'build:pages'], install: ['yarn', 'install'] },
  ni: { version: ['ni', '--version'], ci: ['nci'], build: ['nr', 'build:pages'], install: ['ni'] },
};

/** The scratch project `test.<pm>` installs: one tiny dependency without dependencies of its own. */
const SCRATCH_PACKAGE = { name: 'canal-portal-terminal-test', version: '1.0.0', private: true, dependencies: { ms: '2.1.3' } };

/** A fresh build folder; it serves once the build succeeds, and goes when it does not. */
function buildPreparation(ctx: CommandContext): Preparation {
  const { dir, relative } = ctx.builds.fresh();
  let served = false;
  return {
    // Test runners set NODE_ENV=test, which would make Vite emit development JSX the server cannot run.
    env: { [OUT_DIR_ENV]: relative, NODE_ENV: 'production' },
    async succeed() {
      await ctx.builds.activate(dir);
      served = true;
      return 'terminal:buildServing';
    },
    async cleanup() {
      if (!served) ctx.builds.discard(dir);
    },
  };
}

function scratchPreparation(): Preparation {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pm-test-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(SCRATCH_PACKAGE, null, 2));
  return {
    cwd: dir,
    async cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Entry = Omit<TerminalCommand, 'confirm' | 'packageManager' | 'needs'> & Partial<Pick<TerminalCommand, 'confirm' | 'packageManager' | 'needs'>>;

function entry(e: Entry): TerminalCommand {
  return { confirm: false, packageManager: null, needs: e.packageManager ?? null, ...e };
}

function perPackageManager(make: (pm: PackageManager) => Entry): TerminalCommand[] {
  return PACKAGE_MANAGERS.map((pm) => entry({ packageManager: pm, purposeParams: { pm }, ...make(pm) }));
}

/**
 * The terminal's commands (reference 4.2's whitelist, adapted to this project). A new command is one more
 * entry here and its purpose in both `terminal` catalogues. Of the reference's list, what has no use here
 * is left out: `migrate.breakpoint` (a Phinx feature), `nuxt-install`, the Composer commands (no PHP),
 * `install.<pm>` (a global install, outside the installation folder these commands work in) and `ping`
 * (an ICMP tool many servers lack; `test.<pm>` shows whether the registry is reachable).
 */
export const TERMINAL_COMMANDS: readonly TerminalCommand[] = [
  entry({ key: 'migrate.run', argv: knex('migrate:latest'), purpose: 'migrateRun', timeout: 'quick', confirm: true, prepare: databaseEnv }),
  entry({ key: 'migrate.rollback', argv: knex('migrate:rollback'), purpose: 'migrateRollback', timeout: 'quick', confirm: true, prepare: databaseEnv }),
  entry({ key: 'migrate.status', argv: knex('migrate:status'), purpose: 'migrateStatus', timeout: 'quick', prepare: databaseEnv }),
  entry({ key: 'db.check', argv: script('scripts/terminal/db-check.ts'), purpose: 'dbCheck', timeout: 'quick', prepare: databaseEnv }),
  entry({
    key: 'cache.clear',
    argv: script('scripts/terminal/clear-cache.ts'),
    purpose: 'cacheClear',
    timeout: 'quick',
    // The script empties the caches on disk; the server's own (settings, pages) live in this process.
    prepare: (ctx) => ({
      async succeed() {
        await ctx.caches.clearAll();
        return 'terminal:serverCachesCleared';
      },
    }),
  }),
  entry({ key: 'backup.create', argv: script('src/server/main.ts', 'backup'), purpose: 'backupCreate', timeout: 'long', prepare: databaseEnv }),
  entry({ key: 'version.node', argv: [NODE, '--version'], purpose: 'versionNode', timeout: 'quick' }),
  ...PACKAGE_MANAGERS.map((pm) => entry({ key: `version.${pm}`, argv: PM_ARGV[pm].version, purpose: 'versionPm', purposeParams: { pm }, timeout: 'quick', needs: pm })),
  ...perPackageManager((pm) => ({ key: `web-install.${pm}`, argv: PM_ARGV[pm].ci, purpose: 'webInstall', timeout: 'long', confirm: true })),
  ...perPackageManager((pm) => ({ key: `web-build.${pm}`, argv: PM_ARGV[pm].build, purpose: 'webBuild', timeout: 'long', prepare: buildPreparation })),
  ...perPackageManager((pm) => ({ key: `test.${pm}`, argv: PM_ARGV[pm].install, purpose: 'testPm', timeout: 'long', prepare: scratchPreparation })),
  ...(Object.keys(NPM_REGISTRIES) as Array<keyof typeof NPM_REGISTRIES>).map((name) =>
    entry({ key: `set-npm-registry.${name}`, argv: ['npm', 'config', 'get', 'registry'], purpose: 'setNpmRegistry', purposeParams: { name, url: NPM_REGISTRIES[name] }, timeout: 'quick', needs: 'npm', prepare: registryPreparation(name) }),
  ),
];

const BY_KEY = new Map(TERMINAL_COMMANDS.map((c) => [c.key, c]));

/** The command of a key, only when the key is exactly one of the table's. */
export function findCommand(key: unknown): TerminalCommand | null {
  return typeof key === 'string' ? (BY_KEY.get(key) ?? null) : null;
}

/** The command line as the stream's `> <command>` line shows it (Node itself as `node`). */
export function commandLine(command: TerminalCommand): string {
  return command.argv.map((arg) => (arg === NODE ? 'node' : /[\s"'\\$`]/.test(arg) ? JSON.stringify(arg) : arg)).join(' ');
}
