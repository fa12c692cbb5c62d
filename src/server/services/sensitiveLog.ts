import type { Knex } from 'knex';
import type { Call, Row } from './crud/call.ts';
import type { Engines } from './crud/engines.ts';
import { MASK, openSecrets } from './crud/security.ts';
import type { SecretBox } from './secretBox.ts';
import type { TokenType } from './tokens.ts';
import { Refusal } from '../errors.ts';

interface SensitiveLogRow {
  id: number;
  data_table: string;
  primary_key: string;
  data_field: string;
  /** The row's key as text (a snowflake key is beyond a JavaScript number). */
  id_value: string;
  before: string | null;
  secret_data: string | null;
  controller_as: string | null;
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
 * Rolls logged changes back (reference 3.16, fixed), all in one transaction, newest first: each field is set
 * to its `before` value through the engine of the resource it belongs to, so a rollback passes the checks an
 * edit of that row would (its rule, scope and rank check, its save hooks). A secret comes back from the
 * sealed copy with its companions (a password with the salt it was hashed with). Each rolled back entry stays,
 * marked, and is not rolled back twice. Returns how many entries were applied, and the accounts whose password changed.
 */
export async function rollbackSensitive(knex: Knex, ids: string[], call: Call, engines: Engines, box: SecretBox): Promise<{ count: number; logins: RolledBackLogin[] }> {
  return knex.transaction(async (trx) => {
    const logs = await trx('security_sensitive_data_log as log')
      .leftJoin('security_sensitive_data as rule', 'rule.id', 'log.sensitive_id')
      .whereIn('log.id', ids)
      .where('log.is_rollback', 0)
      .orderBy('log.id', 'desc')
      .select<SensitiveLogRow[]>('log.id', 'log.data_table', 'log.primary_key', 'log.data_field', 'log.id_value', 'log.before', 'log.secret_data', 'rule.controller_as');
    let count = 0;
    const logins: RolledBackLogin[] = [];
    for (const log of logs) {
      const columns = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(log.data_table) ? await trx(log.data_table).columnInfo() : {};
      const byRule = log.controller_as ? engines.byRuleName(log.controller_as) : undefined;
      const engine = byRule?.def.table === log.data_table ? byRule : engines.byTable(log.data_table);
      if (!engine || !(log.data_field in columns) || !(log.primary_key in columns)) {
        throw new Refusal('admin-routine:columnUnknown', 0, null, { table: log.data_table, column: log.data_field });
      }
      const secrets = openSecrets(log.secret_data, box);
      let values: Row;
      if (log.before === MASK) {
        // A masked change whose old value cannot be read (sealed under a lost key) cannot be rolled back.
        if (!(log.data_field in secrets)) throw new Refusal('admin-routine:rollbackSecretLost', 0, null, { id: log.id });
        values = Object.fromEntries(Object.entries(secrets).filter(([column]) => column in columns));
      } else {
        values = { [log.data_field]: restoredValue(log.before, columns[log.data_field]) };
      }
      if (!(await engine.restoreValues(call, log.id_value, values, trx))) continue;
      await trx('security_sensitive_data_log').where({ id: log.id }).update({ is_rollback: 1 });
      count++;
      const types = ACCOUNT_TOKENS[log.data_table];
      if (log.before === MASK && types) logins.push({ userId: Number(log.id_value), types });
    }
    return { count, logins };
  });
}
