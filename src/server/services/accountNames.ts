import type { Knex } from 'knex';
import type { AccountLabel } from '../../shared/account.ts';
import type { Row } from './crud/call.ts';

/**
 * Nests the admin and/or member of each row under `admin` / `user` (display columns only, reference ⚠ 6),
 * with one query per account table for the whole page. Rows whose account is gone get null.
 */
export async function withAccounts(db: Knex | Knex.Transaction, rows: Row[], columns: { admin?: string; user?: string }): Promise<Row[]> {
  const out = rows.map((r) => ({ ...r }));
  for (const [table, column] of Object.entries(columns) as ['admin' | 'user', string][]) {
    const ids = [...new Set(rows.map((r) => Number(r[column])).filter((id) => id > 0))];
    const found = ids.length ? await db(table).whereIn('id', ids).select<AccountLabel[]>('id', 'username', 'nickname') : [];
    const byId = new Map(found.map((a) => [Number(a.id), a]));
    for (const row of out) row[table] = byId.get(Number(row[column])) ?? null;
  }
  return out;
}
