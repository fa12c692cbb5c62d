import type { TFunction } from 'i18next';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { STREAM_MARKERS, type InstalledManager, type PackageManager, type TerminalCommandInfo } from '../../../shared/constants/terminal.ts';
import type { AdminRow } from '../accounts.ts';
import type { AdminLogService } from '../adminLog.ts';
import type { Settings } from '../settings.ts';
import { NPM_REGISTRY_ITEM, PACKAGE_MANAGER_ITEM, TERMINAL_COMMANDS, commandLine, registryEnv, type CommandContext, type Preparation, type TerminalCommand, type TimeoutClass } from './commands.ts';
import { TerminalLock } from './lock.ts';
import { runMode } from '../../runtime.ts';
import { runCommand, type RunOutcome } from './runner.ts';
import { chooseManager, installationManager, probeManagers } from './packageManagers.ts';
import { Revalidated } from './revalidated.ts';

/** Output beyond this is dropped (the command keeps running): a browser tab should not have to hold more. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;
/** Config items holding the time limits, and their defaults in seconds. */
const TIMEOUTS: Record<TimeoutClass, { name: string; fallback: number }> = {
  quick: { name: 'terminal_timeout', fallback: 120 },
  long: { name: 'terminal_long_timeout', fallback: 1800 },
};
const MAX_TIMEOUT = 86_400;
/** Exit code reported when the program is not there (what a shell says). */
const NOT_FOUND_EXIT = 127;
/** Commands get the server's environment, asked not to colour their output (colour codes are removed anyway). */
const QUIET_ENV = { NO_COLOR: '1', FORCE_COLOR: '0', npm_config_color: 'false' };
/**
 * How long the package managers found stay believed: one installed meanwhile shows up about a minute later. The
 * admin's index names the chosen one, and probing (`npm --version` alone is 0.3 s of CPU) after a quiet minute
 * made the next page load wait for it; the probe now runs behind the answer (Revalidated).
 */
const MANAGERS_FRESH_MS = 60_000;

export interface RunRequest {
  command: TerminalCommand;
  admin: AdminRow;
  uuid: string;
  extend: string;
  /** The stream's request: the admin log records where the run came from. */
  ctx: Context;
  t: TFunction;
  /** Sends one event's `data` (a marker or a line). */
  emit(data: string): void;
  /** Aborted when the stream closes (the admin cancelled or left). */
  signal: AbortSignal;
}

/** What the admin log keeps of a run. */
interface RunRecord {
  exitCode: number | null;
  outcome: string;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The terminal (ARCHITECTURE 10): runs a command of the table for a super admin, one at a time across the
 * server, under its time limit, and streams the reference's markers and its output through `emit`. Every
 * run ends in the admin log with its command, exit code and duration.
 */
export class TerminalService {
  private readonly lock: TerminalLock;
  private readonly shutdown = new AbortController();
  private readonly active = new Set<Promise<void>>();
  private readonly managers = new Revalidated(
    () => probeManagers({ cwd: this.context.config.root, env: { ...process.env, ...QUIET_ENV }, signal: this.shutdown.signal }),
    MANAGERS_FRESH_MS,
  );

  constructor(
    knex: Knex,
    private readonly settings: Settings,
    private readonly adminLog: AdminLogService,
    private readonly context: CommandContext,
    private readonly log: Logger,
  ) {
    this.lock = new TerminalLock(knex);
  }

  /** The commands need the installation folder (its scripts, node_modules, package manager): the single executable has none. */
  get available(): boolean {
    return runMode !== 'sea';
  }

  /** The package managers installed on the server (their version commands ran); none without the installation folder. */
  installedManagers(): Promise<InstalledManager[]> {
    return this.available ? this.managers.get() : Promise.resolve([]);
  }

  /** The package manager the terminal offers (chooseManager) and the installed ones. */
  async packageManagers(): Promise<{ chosen: PackageManager; installed: InstalledManager[] }> {
    const installed = await this.installedManagers();
    return { chosen: chooseManager(await this.settings.get(PACKAGE_MANAGER_ITEM), installed, installationManager(this.context.config.root)), installed };
  }

  /** The command menu, in the language of `t`: commands of package managers the server lacks are left out. */
  async commands(t: TFunction): Promise<TerminalCommandInfo[]> {
    const installed = new Set((await this.installedManagers()).map((m) => m.name));
    return TERMINAL_COMMANDS.filter((c) => c.needs === null || installed.has(c.needs)).map((c) => ({
      key: c.key,
      purpose: t(`terminal:purpose.${c.purpose}`, c.purposeParams ?? {}),
      confirm: c.confirm,
      packageManager: c.packageManager,
    }));
  }

  async timeoutSeconds(kind: TimeoutClass): Promise<number> {
    const { name, fallback } = TIMEOUTS[kind];
    const value = Number(await this.settings.get(name));
    return Number.isInteger(value) && value > 0 ? Math.min(value, MAX_TIMEOUT) : fallback;
  }

  async run(req: RunRequest): Promise<void> {
    const running = this.runOnce(req);
    this.active.add(running);
    try {
      await running;
    } finally {
      this.active.delete(running);
    }
  }

  private async runOnce(req: RunRequest): Promise<void> {
    const { command, t, emit } = req;
    if (!this.available) {
      emit(t('terminal:needsSources'));
      emit(STREAM_MARKERS.execError);
      emit(STREAM_MARKERS.completed);
      return;
    }
    const started = Date.now();
    const timeout = await this.timeoutSeconds(command.timeout);
    const held = await this.lock.acquire(command.key, req.admin.id, timeout);
    if (!held.ok) {
      emit(t('terminal:busy', { command: held.holder.command }));
      emit(STREAM_MARKERS.execError);
      emit(STREAM_MARKERS.completed);
      return;
    }
    let record: RunRecord = { exitCode: null, outcome: 'failedToStart' };
    let preparation: Preparation = {};
    try {
      emit(STREAM_MARKERS.linkSuccess);
      emit(`> ${commandLine(command)}`);
      preparation = (await command.prepare?.(this.context)) ?? {};
      record = await this.execute(req, preparation, timeout);
    } catch (err) {
      this.log.error({ err, command: command.key }, 'terminal command failed');
      emit(t('terminal:failed', { message: errorText(err) }));
      emit(STREAM_MARKERS.execError);
    } finally {
      await preparation.cleanup?.().catch((err: unknown) => this.log.error({ err, command: command.key }, 'terminal cleanup failed'));
      await held.release();
      emit(STREAM_MARKERS.completed);
      await this.record(req, record, Date.now() - started);
    }
  }

  /** Runs the process and its post-step; emits everything from the output to the success or error marker. */
  private async execute(req: RunRequest, preparation: Preparation, timeout: number): Promise<RunRecord> {
    const { command, t, emit } = req;
    const outcome = await runCommand({
      argv: command.argv,
      cwd: preparation.cwd ?? this.context.config.root,
      // Package managers download from the registry chosen with set-npm-registry.
      env: { ...process.env, ...QUIET_ENV, ...(command.packageManager ? registryEnv(await this.settings.get(NPM_REGISTRY_ITEM)) : {}), ...preparation.env },
      timeoutMs: timeout * 1000,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      background: command.timeout === 'long',
      signal: AbortSignal.any([req.signal, this.shutdown.signal]),
      onLine: emit,
      onTruncated: () => emit(t('terminal:truncated', { size: `${MAX_OUTPUT_BYTES / 1024 / 1024} MB` })),
    });
    // The program went away since the managers were looked for: the menu looks again.
    if (outcome.kind === 'notInstalled') this.managers.forget();
    const problem = this.explain(outcome, t, timeout);
    if (problem) emit(problem);
    const exitCode = outcome.kind === 'notInstalled' ? NOT_FOUND_EXIT : 'exitCode' in outcome ? outcome.exitCode : null;
    if (exitCode !== null) emit(`exitCode: ${exitCode}`);
    let ok = outcome.kind === 'exit' && exitCode === 0;
    if (ok && preparation.succeed) {
      try {
        const done = await preparation.succeed();
        if (done) emit(t(done));
      } catch (err) {
        this.log.error({ err, command: command.key }, 'terminal post-step failed');
        emit(t('terminal:failed', { message: errorText(err) }));
        ok = false;
      }
    }
    emit(ok ? STREAM_MARKERS.execSuccess : STREAM_MARKERS.execError);
    return { exitCode, outcome: ok ? 'success' : outcome.kind === 'exit' ? 'failure' : outcome.kind };
  }

  /** The line that says why a run did not end by itself, if it did not. */
  private explain(outcome: RunOutcome, t: TFunction, timeout: number): string | null {
    switch (outcome.kind) {
      case 'exit':
        return null;
      case 'notInstalled':
        return t('terminal:notInstalled', { program: outcome.program });
      case 'failedToStart':
        return t('terminal:failedToStart', { message: outcome.message });
      case 'timeout':
        return t('terminal:timedOut', { seconds: timeout });
      case 'prompt':
        return t('terminal:prompt');
      case 'cancelled':
        return t('terminal:cancelled');
    }
  }

  private async record(req: RunRequest, record: RunRecord, durationMs: number): Promise<void> {
    const { ctx, admin, command, uuid, extend } = req;
    await this.adminLog
      .open(ctx, 'ajax/terminal', {
        adminId: admin.id,
        username: admin.username,
        title: 'Run terminal command',
        // The stream's URL carries a ticket or token: the log keeps what was run instead.
        url: `${ctx.path}?command=${encodeURIComponent(command.key)}`,
        input: { command: command.key, uuid, extend, exitCode: record.exitCode, outcome: record.outcome, durationMs },
        // What is recorded is the server's own account of the run: nothing in it is a secret.
        secrets: new Set(),
      })
      .catch((err: unknown) => this.log.error({ err }, 'admin log write failed'));
  }

  /** Server shutdown: running commands are ended (SIGTERM, then SIGKILL) and their runs wound up. */
  async stop(): Promise<void> {
    this.shutdown.abort();
    await Promise.allSettled([...this.active]);
  }
}
