/** Terminal task states (spec section 4). */
export enum TaskStatus {
  Waiting = 0,
  Connecting = 1,
  Executing = 2,
  Success = 3,
  Failed = 4,
  Unknown = 5,
}

/** Defaults of the terminal state (spec section 9). */
export const TERMINAL_DEFAULTS = {
  packageManager: 'pnpm',
  port: '8000',
  automaticCleanupTask: '1',
} as const;

/** Package managers the terminal's install, build and test commands can use (reference 4.2). */
export const PACKAGE_MANAGERS = ['npm', 'cnpm', 'pnpm', 'yarn', 'ni'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

export function isPackageManager(value: unknown): value is PackageManager {
  return PACKAGE_MANAGERS.some((pm) => pm === value);
}

/** A package manager found on the server: its version command ran (`version` is what it printed, if a version). */
export interface InstalledManager {
  name: PackageManager;
  version: string | null;
}

/**
 * The npm registries the terminal's `set-npm-registry.<name>` commands switch to (reference 4.2); `unknown`
 * (the reference's starting value) leaves the server's own npm setting in force.
 */
export const NPM_REGISTRIES = {
  npm: 'https://registry.npmjs.org/',
  taobao: 'https://registry.npmmirror.com/',
  tencent: 'https://mirrors.cloud.tencent.com/npm/',
} as const;
export type NpmRegistry = keyof typeof NPM_REGISTRIES | 'unknown';

export function isNpmRegistry(value: unknown): value is keyof typeof NPM_REGISTRIES {
  return typeof value === 'string' && Object.hasOwn(NPM_REGISTRIES, value);
}

/** Stream markers of reference 4.2: the `data` of an event is one of these or a line of output. */
export const STREAM_MARKERS = {
  linkSuccess: 'command-link-success',
  execSuccess: 'command-exec-success',
  execError: 'command-exec-error',
  completed: 'command-exec-completed',
} as const;

/** One event of the terminal stream (reference 4.2); `code` is ours, on refusals only (303, 401 or 409 as the envelope would say). */
export interface TerminalEvent {
  data: string;
  uuid: string;
  extend: string;
  key: string;
  code?: number;
}

/** A command of the server's table as the panel's command menu shows it. */
export interface TerminalCommandInfo {
  key: string;
  /** What it does, in the request's language. */
  purpose: string;
  /** It changes the installation (dependencies, database schema): the panel asks first. */
  confirm: boolean;
  /** The package manager of a `<group>.<pm>` command; the menu offers the chosen manager's variant. */
  packageManager: PackageManager | null;
}

/** The terminal settings the server keeps (changeTerminalConfig), sent with the command menu. */
export interface TerminalSettings {
  /** The stored choice when it is installed; otherwise the spec's default, or else the one this installation uses. */
  packageManager: PackageManager;
  /** The package managers installed on the server, the only ones offered. */
  installed: InstalledManager[];
  automaticCleanupTask: '0' | '1';
  npmRegistry: NpmRegistry;
}
