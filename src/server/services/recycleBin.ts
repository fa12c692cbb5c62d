import type { Knex } from 'knex';
import type { Call, Row } from './crud/call.ts';
import type { Engines } from './crud/engines.ts';
import { MASK, openSecrets } from './crud/security.ts';
import type { SecretBox } from './secretBox.ts';
import { tableColumns } from './securityRules.ts';
import { Refusal } from '../errors.ts';

interface RecycleLogRow {
  id: number;
  data: string;
  secret_data: string | null;
  data_table: string;
  primary_key: string;
  controller_as: string | null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The stored row for display (reference 3.14 info): the JSON decoded, and so are values that are JSON
 * objects or arrays themselves (a config item's array value, an access list...). Secrets show masked.
 */
export function decodeRecycled(data: string): unknown {
  const row = parseJson(data);
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\s*[[{]/.test(v) ? parseJson(v) : v]),
  );
}

/** The catalogue key for a constraint a restored row breaks, or null when it is no such failure. */
function violationKey(err: unknown): string | null {
  const e = err as { code?: string; message?: string };
  const text = `${e.code ?? ''} ${e.message ?? ''}`;
  if (e.code === '23505' || /UNIQUE/i.test(text)) return 'admin-routine:restoreDuplicate';
  // The row points at one deleted since (a trail's city): it cannot come back without it.
  if (e.code === '23503' || /FOREIGN ?KEY/i.test(text)) return 'admin-routine:restoreMissingParent';
  return null;
}

/**
 * Puts recycled rows back (reference 3.14 restore), all or none, in one transaction: each row is inserted
 * again with its own key and its secrets (kept apart, sealed) back in place, through the engine of the
 * resource it belongs to, so the caller must be able to edit it once it is back (rule, scope, rank). A row whose key (or a unique value) is taken by now, or that points
 * at a row deleted since, stops the whole restore with a message naming it. The entry stays, marked restored, and is not restored twice. Returns how
 * many rows came back.
 */
export async function restoreRecycled(knex: Knex, ids: string[], call: Call, engines: Engines, box: SecretBox): Promise<number> {
  return knex.transaction(async (trx) => {
    const logs = await trx('security_data_recycle_log as log')
      .leftJoin('security_data_recycle as rule', 'rule.id', 'log.recycle_id')
      .whereIn('log.id', ids)
      .where('log.is_restore', 0)
      .orderBy('log.id')
      .select<RecycleLogRow[]>('log.id', 'log.data', 'log.secret_data', 'log.data_table', 'log.primary_key', 'rule.controller_as');
    for (const log of logs) {
      const columns = await tableColumns(trx, log.data_table);
      if (columns.length === 0) throw new Refusal('admin-routine:tableUnknown', 0, null, { table: log.data_table });
      const engine = engineOf(engines, log);
      if (!engine) throw new Refusal('admin-routine:tableUnknown', 0, null, { table: log.data_table });
      const stored = parseJson(log.data);
      if (!stored || typeof stored !== 'object' || Array.isArray(stored)) throw new Refusal('admin-routine:recycleDataBroken', 0, null, { id: log.id });
      // A secret the copy could not keep (damaged, or sealed under a lost key) is not put back as its mask.
      const secrets = openSecrets(log.secret_data, box);
      const full = Object.fromEntries(Object.entries({ ...(stored as Row), ...secrets }).filter(([, v]) => v !== MASK));
      // Columns dropped since the delete are left out; added ones take their defaults.
      const row = Object.fromEntries(Object.entries(full).filter(([k]) => columns.includes(k)));
      const key = row[log.primary_key];
      const params = { table: log.data_table, key: `${log.primary_key}=${String(key)}` };
      if (key !== undefined && (await trx(log.data_table).where(log.primary_key, key as string | number).first())) {
        throw new Refusal('admin-routine:restoreConflict', 0, null, params);
      }
      try {
        await engine.restore(call, row, trx);
      } catch (err) {
        const key = violationKey(err);
        throw key ? new Refusal(key, 0, null, params) : err;
      }
      await trx('security_data_recycle_log').where({ id: log.id }).update({ is_restore: 1 });
    }
    return logs.length;
  });
}

/** The engine of the resource a bin row came from: by its recycle rule's resource, else by its table. */
function engineOf(engines: Engines, log: RecycleLogRow) {
  const byRule = log.controller_as ? engines.byRuleName(log.controller_as) : undefined;
  return byRule?.def.table === log.data_table ? byRule : engines.byTable(log.data_table);
}
