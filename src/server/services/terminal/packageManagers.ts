import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_MANAGERS, TERMINAL_DEFAULTS, isPackageManager, type InstalledManager, type PackageManager } from '../../../shared/constants/terminal.ts';
import { findCommand } from './commands.ts';
import { runCommand } from './runner.ts';

/** What a shell answers for a program it cannot find (a wrapper whose target is gone says it too). */
const NOT_FOUND_EXIT = 127;
/** A version command that takes longer than this is stopped; the manager still counts as there. */
const VERSION_TIMEOUT_MS = 15_000;
const VERSION = /\d+\.\d+\.\d+\S*/;

export interface ProbeSpec {
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

/**
 * Runs a package manager's own version command (`version.<pm>` of the command table): not found (ENOENT,
 * or exit code 127) means not installed; any other end means it is there, with the version it printed.
 */
export async function probeManager(pm: PackageManager, spec: ProbeSpec): Promise<InstalledManager | null> {
  const lines: string[] = [];
  const outcome = await runCommand({
    argv: findCommand(`version.${pm}`)!.argv,
    ...spec,
    timeoutMs: VERSION_TIMEOUT_MS,
    maxOutputBytes: 4096,
    onLine: (line) => lines.push(line),
    onTruncated: () => {},
  });
  if (outcome.kind === 'notInstalled' || outcome.kind === 'failedToStart' || outcome.exitCode === NOT_FOUND_EXIT) return null;
  const version = outcome.kind === 'exit' && outcome.exitCode === 0 ? (lines.map((l) => VERSION.exec(l)?.[0]).find(Boolean) ?? null) : null;
  return { name: pm, version };
}

/** Every package manager installed on the server, in the table's order. */
export async function probeManagers(spec: ProbeSpec): Promise<InstalledManager[]> {
  const found = await Promise.all(PACKAGE_MANAGERS.map((pm) => probeManager(pm, spec).catch(() => null)));
  return found.filter((m): m is InstalledManager => m !== null);
}

/** Lockfiles, most specific first: the package manager that wrote each. */
const LOCKFILES: ReadonlyArray<[string, PackageManager]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['npm-shrinkwrap.json', 'npm'],
  ['package-lock.json', 'npm'],
];

/**
 * The package manager this installation uses: package.json's `packageManager` field (Corepack's), else the
 * lockfile in the folder. Null when neither says.
 */
export function installationManager(root: string): PackageManager | null {
  try {
    const declared = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { packageManager?: unknown }).packageManager;
    const name = typeof declared === 'string' ? declared.split('@')[0] : undefined;
    if (isPackageManager(name)) return name;
  } catch {
    // No readable package.json: the lockfiles decide.
  }
  return LOCKFILES.find(([file]) => fs.existsSync(path.join(root, file)))?.[1] ?? null;
}

/**
 * The package manager the terminal offers: the stored choice if it is installed; otherwise the spec's default
 * (pnpm) if installed, else the one this installation uses, else any installed one. With none installed the
 * stored choice stays (its commands then say what is missing).
 */
export function chooseManager(stored: unknown, installed: readonly InstalledManager[], installation: PackageManager | null): PackageManager {
  const there = (pm: unknown): pm is PackageManager => installed.some((m) => m.name === pm);
  for (const candidate of [stored, TERMINAL_DEFAULTS.packageManager, installation, installed[0]?.name]) if (there(candidate)) return candidate;
  return isPackageManager(stored) ? stored : TERMINAL_DEFAULTS.packageManager;
}
