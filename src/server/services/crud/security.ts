import type { Knex } from 'knex';
import type { ApiRequest } from '../../../api/types.ts';
import { now } from '../clock.ts';

export type Row = Record<string, unknown>;

interface RecycleRule {
  id: number;
  data_table: string;
  primary_key: string;
}

interface SensitiveRule {
  id: number;
  data_table: string;
  primary_key: string;
  data_fields: string;
}

function requestMeta(req: ApiRequest) {
  return { admin_id: req.admin?.id ?? 0, ip: req.ctx.ip, useragent: req.ctx.get('user-agent').slice(0, 255), create_time: now() };
}

/**
 * Recycle bin hook (reference 3.13, fixed): called after the rows were actually deleted, inside the same
 * transaction, so a refused or failed delete leaves no copy behind.
 */
export async function copyToRecycleBin(trx: Knex.Transaction, controller: string, table: string, rows: Row[], req: ApiRequest): Promise<void> {
  if (rows.length === 0) return;
  const rule = await trx('security_data_recycle').where({ controller_as: controller.toLowerCase(), status: '1' }).first<RecycleRule | undefined>();
  if (!rule || rule.data_table !== table) return;
  const meta = requestMeta(req);
  await trx('security_data_recycle_log').insert(
    rows.map((row) => ({ ...meta, recycle_id: rule.id, data: JSON.stringify(row), data_table: table, connection: '', primary_key: rule.primary_key })),
  );
}

function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Sensitive-data hook (reference 3.15, fixed): compares the row before and after a saved edit, so only
 * changes that really happened are logged. A password change is logged with the old hash and salt
 * (restored together on rollback) and a masked "after".
 */
export async function logSensitiveChanges(trx: Knex.Transaction, controller: string, table: string, before: Row, after: Row, req: ApiRequest): Promise<void> {
  const rule = await trx('security_sensitive_data').where({ controller_as: controller.toLowerCase(), status: '1' }).first<SensitiveRule | undefined>();
  if (!rule || rule.data_table !== table) return;
  const fields = JSON.parse(rule.data_fields || '{}') as Record<string, string>;
  const meta = requestMeta(req);
  const logs = Object.entries(fields)
    .filter(([column]) => column in after && asText(before[column]) !== asText(after[column]))
    .map(([column, comment]) => ({
      ...meta,
      sensitive_id: rule.id,
      data_table: table,
      connection: '',
      primary_key: rule.primary_key,
      data_field: column,
      data_comment: comment.slice(0, 50),
      id_value: Number(before[rule.primary_key]),
      before: asText(before[column]),
      after: column === 'password' ? '******' : asText(after[column]),
      extra: column === 'password' && 'salt' in before ? JSON.stringify({ salt: before.salt }) : null,
    }));
  if (logs.length) await trx('security_sensitive_data_log').insert(logs);
}
