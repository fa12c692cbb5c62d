import type { Knex } from 'knex';
import type { TokenType } from './tokens.ts';
import { Refusal } from '../errors.ts';

interface SensitiveLogRow {
  id: number;
  data_table: string;
  primary_key: string;
  data_field: string;
  id_value: number;
  before: string | null;
  extra: string | null;
}

/** An account whose password was rolled back: its sessions must end (the password they were opened with is gone). */
export interface RolledBackLogin {
  userId: number;
  types: TokenType[];
}

const ACCOUNT_TOKENS: Record<string, TokenType[]> = { admin: ['admin', 'admin-refresh'], user: ['user', 'user-refresh'] };

/** The stored text back in the column's own kind: an emptied number or date column was NULL, not ''. */
function restoredValue(before: string | null, column: Knex.ColumnInfo | undefined): string | null {
  if (before === null) return null;
  if (before === '' && column?.nullable && !/char|text|clob|string/i.test(column.type)) return null;
  return before;
}

/**
 * Rolls logged changes back (reference 3.16, fixed), all in one transaction: each field is set to its
 * `before` value, and a password together with the salt it was hashed with; each rolled back entry is
 * deleted. Returns how many entries were applied, and the accounts whose password changed.
 */
export async function rollbackSensitive(knex: Knex, ids: string[]): Promise<{ count: number; logins: RolledBackLogin[] }> {
  return knex.transaction(async (trx) => {
    const logs = await trx<SensitiveLogRow>('security_sensitive_data_log').whereIn('id', ids).orderBy('id', 'desc');
    let count = 0;
    const logins: RolledBackLogin[] = [];
    for (const log of logs) {
      const columns = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(log.data_table) ? await trx(log.data_table).columnInfo() : {};
      if (!(log.data_field in columns) || !(log.primary_key in columns)) {
        throw new Refusal('admin-routine:columnUnknown', 0, null, { table: log.data_table, column: log.data_field });
      }
      const update: Record<string, string | null> = { [log.data_field]: restoredValue(log.before, columns[log.data_field]) };
      const isPassword = log.data_field === 'password';
      if (isPassword && log.extra && 'salt' in columns) {
        const extra = JSON.parse(log.extra) as { salt?: unknown };
        if (typeof extra.salt === 'string') update.salt = extra.salt;
      }
      const changed = await trx(log.data_table).where(log.primary_key, log.id_value).update(update);
      if (changed === 0) continue;
      await trx('security_sensitive_data_log').where({ id: log.id }).delete();
      count++;
      const types = ACCOUNT_TOKENS[log.data_table];
      if (isPassword && types) logins.push({ userId: Number(log.id_value), types });
    }
    return { count, logins };
  });
}
