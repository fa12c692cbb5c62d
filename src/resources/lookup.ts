import type { ResourceDef } from './types.ts';

/**
 * The one way every part of the portal finds a resource definition: the server's registry, the admin app's
 * store and the config screens all read this. Hand-written definitions come first; the CRUD generator's
 * (and any added at run time) after them, and never take a hand-written name or table.
 */
export interface ResourceLookup {
  all(): readonly ResourceDef[];
  find(name: string): ResourceDef | undefined;
  /** The resource that manages a table. */
  byTable(table: string): ResourceDef | undefined;
  /** Whether a definition came at run time (the generator's), so its screen is the generic one. */
  isGenerated(name: string): boolean;
}

/** A lookup over the hand-written definitions and the current run-time ones. */
export function lookupOf(handWritten: readonly ResourceDef[], runTime: () => readonly ResourceDef[]): ResourceLookup {
  return {
    all: () => [...handWritten, ...runTime()],
    find: (name) => handWritten.find((r) => r.name === name) ?? runTime().find((r) => r.name === name),
    byTable: (table) => handWritten.find((r) => r.table === table) ?? runTime().find((r) => r.table === table),
    isGenerated: (name) => runTime().some((r) => r.name === name),
  };
}
