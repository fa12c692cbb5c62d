import type { Knex } from 'knex';
import type { Row } from './crud/security.ts';
import { tableColumns } from './securityRules.ts';
import { Refusal } from '../errors.ts';

interface RecycleLogRow {
  id: number;
  data: string;
  data_table: string;
  primary_key: string;
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
 * objects or arrays themselves (a config item's array value, an access list...).
 */
export function decodeRecycled(data: string): unknown {
  const row = parseJson(data);
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\s*[[{]/.test(v) ? parseJson(v) : v]),
  );
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE/i.test(`${e.code ?? ''} ${e.message ?? ''}`);
}

/**
 * Puts recycled rows back (reference 3.14 restore), all or none, in one transaction: each row is inserted
 * again with its own key, then its recycle-bin entry is deleted. A row whose key (or a unique value) is taken
 * by now stops the whole restore with a message naming it. Returns how many rows came back.
 */
export async function restoreRecycled(knex: Knex, ids: string[]): Promise<number> {
  return knex.transaction(async (trx) => {
    const logs = await trx<RecycleLogRow>('security_data_recycle_log').whereIn('id', ids).orderBy('id');
    for (const log of logs) {
      const columns = await tableColumns(trx, log.data_table);
      if (columns.length === 0) throw new Refusal('admin-routine:tableUnknown', 0, null, { table: log.data_table });
      const stored = parseJson(log.data);
      if (!stored || typeof stored !== 'object' || Array.isArray(stored)) throw new Refusal('admin-routine:recycleDataBroken', 0, null, { id: log.id });
      // Columns dropped since the delete are left out; added ones take their defaults.
      const row = Object.fromEntries(Object.entries(stored as Row).filter(([k]) => columns.includes(k)));
      const key = row[log.primary_key];
      const params = { table: log.data_table, key: `${log.primary_key}=${String(key)}` };
      if (key !== undefined && (await trx(log.data_table).where(log.primary_key, key as string | number).first())) {
        throw new Refusal('admin-routine:restoreConflict', 0, null, params);
      }
      try {
        await trx(log.data_table).insert(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new Refusal('admin-routine:restoreDuplicate', 0, null, params);
        throw err;
      }
      await trx('security_data_recycle_log').where({ id: log.id }).delete();
    }
    return logs.length;
  });
}
