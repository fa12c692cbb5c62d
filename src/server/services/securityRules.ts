import type { Knex } from 'knex';
import type { ResourceDef } from '../../resources/types.ts';
import { Refusal } from '../errors.ts';

/** Where an admin function keeps its rows: what a recycle or sensitive rule watches by default. */
export interface ControllerTable {
  data_table: string;
  primary_key: string;
}

/** Insert-only ledgers and the two logs of this module (recycling a recycle-bin entry makes no sense). */
const LOGS = ['user/moneyLog', 'user/scoreLog', 'security/dataRecycleLog', 'security/sensitiveDataLog'];
/** Attachments lose their file on delete: a restored row would point at nothing. */
const NOT_RECYCLABLE = [...LOGS, 'routine/attachment'];
/** Edits never logged field by field: the admin log is read-only, config is saved by its own screen. */
const NOT_SENSITIVE = [...LOGS, 'auth/adminLog', 'routine/config'];

export type RuleKind = 'recycle' | 'sensitive';

/** Every admin function a rule of this kind may name (hand-written and generated resources), with its table, by name. */
export function controllerTables(kind: RuleKind, resources: readonly ResourceDef[]): Map<string, ControllerTable> {
  const all = new Map<string, ControllerTable>(resources.map((def) => [def.name, { data_table: def.table, primary_key: def.pk }]));
  const excluded = kind === 'recycle' ? NOT_RECYCLABLE : NOT_SENSITIVE;
  return new Map([...all].filter(([name]) => !excluded.includes(name)).sort(([a], [b]) => a.localeCompare(b)));
}

/** `controller_as`: the form the hooks compare with a route's controller path (reference 3.13). */
export function controllerAlias(controller: string): string {
  return controller
    .replace(/\.php$/i, '')
    .replace(/[\\.]/g, '/')
    .toLowerCase();
}

/** The columns of a table, or an empty list when there is no such table. */
export async function tableColumns(db: Knex | Knex.Transaction, table: string): Promise<string[]> {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(table)) return [];
  return Object.keys(await db(table).columnInfo());
}

/** The choices of the rule form: `{controllers: {name: name}}` and, per function, its table and columns. */
export async function ruleFormData(
  db: Knex | Knex.Transaction,
  kind: RuleKind,
  resources: readonly ResourceDef[],
): Promise<{ controllers: Record<string, string>; tables: Record<string, ControllerTable & { columns: string[] }> }> {
  const controllers: Record<string, string> = {};
  const tables: Record<string, ControllerTable & { columns: string[] }> = {};
  for (const [name, table] of controllerTables(kind, resources)) {
    controllers[name] = name;
    tables[name] = { ...table, columns: await tableColumns(db, table.data_table) };
  }
  return { controllers, tables };
}

/**
 * Completes and checks a rule about to be saved: a known function, named by one rule only; the table and
 * key default to the function's own and must exist.
 */
export async function normaliseRule(
  trx: Knex.Transaction,
  kind: RuleKind,
  table: 'security_data_recycle' | 'security_sensitive_data',
  data: Record<string, unknown>,
  resources: readonly ResourceDef[],
  current?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const controller = String(data.controller ?? current?.controller ?? '').trim();
  const known = controllerTables(kind, resources).get(controller);
  if (!known) throw new Refusal('admin-routine:controllerUnknown', 0, null, { controller });
  const taken = trx(table).whereRaw('lower(controller_as) = ?', [controllerAlias(controller)]);
  if (current) taken.whereNot('id', String(current.id));
  if (await taken.first()) throw new Refusal('admin-routine:controllerTaken', 0, null, { controller });

  const out: Record<string, unknown> = { ...data, controller, controller_as: controllerAlias(controller) };
  for (const column of ['data_table', 'primary_key'] as const) {
    const posted = column in data ? String(data[column] ?? '').trim() : String(current?.[column] ?? '').trim();
    out[column] = posted || known[column];
  }
  const columns = await tableColumns(trx, String(out.data_table));
  if (columns.length === 0) throw new Refusal('admin-routine:tableUnknown', 0, null, { table: out.data_table });
  if (!columns.includes(String(out.primary_key))) throw new Refusal('admin-routine:columnUnknown', 0, null, { table: out.data_table, column: out.primary_key });
  return out;
}
