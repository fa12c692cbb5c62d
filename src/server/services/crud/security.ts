import type { Knex } from 'knex';
import { unansweredColumns, type ResourceDef } from '../../../resources/types.ts';
import { now } from '../clock.ts';
import type { SecretBox } from '../secretBox.ts';
import type { Actor, Row } from './call.ts';

/** What a copy of a row shows in place of a secret (the recycle bin, the sensitive-data log). */
export const MASK = '******';
/** The name secrets kept apart are sealed under (associated data of the cipher). */
const SEAL_NAME = 'row-copy-secrets';

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

function metaOf(actor: Actor) {
  return { admin_id: actor.admin.id, ip: actor.ip, useragent: actor.userAgent.slice(0, 255), create_time: now() };
}

/**
 * A row's copy for a log or the recycle bin: its secret and hidden columns masked, and the real values apart,
 * sealed, in a column no answer ever includes (`secret_data`), so a restore or a rollback can put them back.
 */
export function splitSecrets(def: ResourceDef, row: Row, box: SecretBox): { shown: Row; sealed: string | null } {
  const secrets: Row = {};
  const shown: Row = { ...row };
  for (const column of unansweredColumns(def)) {
    if (!(column in row)) continue;
    secrets[column] = row[column];
    shown[column] = MASK;
  }
  return { shown, sealed: Object.keys(secrets).length ? box.seal(SEAL_NAME, JSON.stringify(secrets)) : null };
}

/** The secrets a copy kept apart; empty when it kept none or they cannot be read (damaged, another key). */
export function openSecrets(sealed: string | null | undefined, box: SecretBox): Row {
  if (!sealed) return {};
  const plain = box.open(SEAL_NAME, sealed);
  if (plain === null) return {};
  const parsed = JSON.parse(plain) as unknown;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Row) : {};
}

/**
 * Recycle bin hook (reference 3.14, fixed): called after the rows were actually deleted, inside the same
 * transaction, so a refused or failed delete leaves no copy behind. Secrets are masked in the copy.
 */
export async function copyToRecycleBin(trx: Knex.Transaction, def: ResourceDef, rows: Row[], actor: Actor, box: SecretBox): Promise<void> {
  if (rows.length === 0) return;
  const rule = await trx('security_data_recycle').where({ controller_as: def.name.toLowerCase(), status: '1' }).first<RecycleRule | undefined>();
  if (!rule || rule.data_table !== def.table) return;
  const meta = metaOf(actor);
  await trx('security_data_recycle_log').insert(
    rows.map((row) => {
      const { shown, sealed } = splitSecrets(def, row, box);
      return { ...meta, recycle_id: rule.id, data: JSON.stringify(shown), secret_data: sealed, data_table: def.table, connection: '', primary_key: rule.primary_key };
    }),
  );
}

function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Sensitive-data hook (reference 3.16, fixed): compares the row before and after a saved edit, so only
 * changes that really happened are logged. A secret column's change is logged masked on both sides; its old
 * value, with the row's other secrets (a password's salt), is kept apart for a rollback.
 */
export async function logSensitiveChanges(trx: Knex.Transaction, def: ResourceDef, before: Row, after: Row, actor: Actor, box: SecretBox): Promise<void> {
  const rule = await trx('security_sensitive_data').where({ controller_as: def.name.toLowerCase(), status: '1' }).first<SensitiveRule | undefined>();
  if (!rule || rule.data_table !== def.table) return;
  const fields = JSON.parse(rule.data_fields || '{}') as Record<string, string>;
  const secrets = unansweredColumns(def);
  const meta = metaOf(actor);
  const logs = Object.entries(fields)
    .filter(([column]) => column in after && asText(before[column]) !== asText(after[column]))
    .map(([column, comment]) => {
      const secret = secrets.includes(column);
      return {
        ...meta,
        sensitive_id: rule.id,
        data_table: def.table,
        connection: '',
        primary_key: rule.primary_key,
        data_field: column,
        data_comment: comment.slice(0, 50),
        id_value: String(before[rule.primary_key]),
        before: secret ? MASK : asText(before[column]),
        after: secret ? MASK : asText(after[column]),
        secret_data: secret ? splitSecrets(def, before, box).sealed : null,
      };
    });
  if (logs.length) await trx('security_sensitive_data_log').insert(logs);
}
