import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { parseDefinition } from '../../resources/definitionSchema.ts';
import { lookupOf, type ResourceLookup } from '../../resources/lookup.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { defineUnit, type ResourceUnit } from './crud/unit.ts';

/** How long a process may serve a stale set of generated resources before it asks the database again. */
export const REGISTRY_CHECK_MS = 1000;

export type RegistryListener = (units: readonly ResourceUnit[]) => void;

/**
 * Every resource unit of the portal (ARCHITECTURE section 10): the hand-written ones of src/resources (and
 * any a test or an installation adds at start), and the CRUD generator's, stored in `crud_resource`. The
 * generator raises `crud_state.version` with every change; each process compares it with the version it
 * loaded at most once per REGISTRY_CHECK_MS (on the admin requests that arrive) and reloads when it moved, so
 * routes, screens and menus follow in every process without a restart. The process that made the change
 * reloads at once.
 */
export class ResourceRegistry implements ResourceLookup {
  private generatedUnits: ResourceUnit[] = [];
  private loadedVersion: number | null = null;
  private checkedAt = 0;
  private pending: Promise<void> | null = null;
  private readonly listeners = new Set<RegistryListener>();
  private readonly lookup: ResourceLookup;

  constructor(
    private readonly knex: Knex,
    private readonly log: Logger,
    private readonly handWritten: readonly ResourceUnit[],
  ) {
    this.lookup = lookupOf(
      handWritten.map((u) => u.def),
      () => this.generated(),
    );
  }

  all(): readonly ResourceDef[] {
    return this.lookup.all();
  }

  find(name: string): ResourceDef | undefined {
    return this.lookup.find(name);
  }

  byTable(table: string): ResourceDef | undefined {
    return this.lookup.byTable(table);
  }

  isGenerated(name: string): boolean {
    return this.lookup.isGenerated(name);
  }

  generated(): readonly ResourceDef[] {
    return this.generatedUnits.map((u) => u.def);
  }

  /** Every unit: hand-written first. */
  units(): readonly ResourceUnit[] {
    return [...this.handWritten, ...this.generatedUnits];
  }

  unit(name: string): ResourceUnit | undefined {
    return this.units().find((u) => u.def.name === name);
  }

  /** Called with every unit after each (re)load of the generated ones. */
  onChange(listener: RegistryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Brings the generated definitions up to date: at once with `force` (after a change in this process),
   * otherwise only when REGISTRY_CHECK_MS passed since the last look. Concurrent callers share one check.
   */
  async sync(force = false): Promise<void> {
    if (!force && Date.now() - this.checkedAt < REGISTRY_CHECK_MS) return;
    if (this.pending) {
      await this.pending;
      if (!force) return;
    }
    this.pending = this.check().finally(() => {
      this.pending = null;
    });
    await this.pending;
  }

  private async check(): Promise<void> {
    this.checkedAt = Date.now();
    const state = await this.knex('crud_state').where({ id: 1 }).first<{ version: number } | undefined>('version');
    const version = Number(state?.version ?? 0);
    if (version === this.loadedVersion) return;
    const rows = await this.knex('crud_resource').orderBy('id').select<{ name: string; definition: string }[]>('name', 'definition');
    const units: ResourceUnit[] = [];
    for (const row of rows) {
      try {
        const def = parseDefinition(JSON.parse(row.definition) as unknown);
        if (this.handWritten.some((u) => u.def.name === def.name || u.def.table === def.table)) throw new Error('clashes with a hand-written resource');
        // A generated table is described by its definition alone: the engine does the rest.
        units.push(defineUnit(def));
      } catch (err) {
        // One damaged row must not take the other resources (or the process) down with it.
        this.log.error({ err, resource: row.name }, 'generated resource definition skipped');
      }
    }
    this.generatedUnits = units;
    this.loadedVersion = version;
    const all = this.units();
    for (const listener of this.listeners) listener(all);
  }
}

/** Raises the change counter every process polls; call inside the transaction that changed crud_resource. */
export async function bumpRegistryVersion(trx: Knex | Knex.Transaction): Promise<void> {
  await trx('crud_state').where({ id: 1 }).increment('version', 1);
}
