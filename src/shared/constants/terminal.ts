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
