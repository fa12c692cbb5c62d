import type { Knex } from 'knex';

/**
 * The admin log masked request parameters by how their names looked, and `smtp_pass` did not look like a
 * password: the SMTP password stayed in the log in the clear (the trust issue, item 3). The log now masks the
 * names the portal declares secret; this masks them in the entries written before: the config items of type
 * password, and the secrets of the resources and routes as they are declared today (written out here).
 */

const MASK = '***';
const DECLARED = ['password', 'salt', 'oldPassword', 'wechat_api_v3_key', 'wechat_private_key', 'alipay_private_key'];
/** Entries are walked this deep at most, as the log does. */
const DEPTH = 20;

function masked(value: unknown, names: ReadonlySet<string>, depth = 0): { value: unknown; changed: boolean } {
  if (value === null || typeof value !== 'object' || depth >= DEPTH) return { value, changed: false };
  let changed = false;
  if (Array.isArray(value)) {
    const list = value.map((v: unknown) => {
      const m = masked(v, names, depth + 1);
      changed ||= m.changed;
      return m.value;
    });
    return { value: list, changed };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (names.has(k) && v !== MASK) {
      out[k] = MASK;
      changed = true;
    } else {
      const m = masked(v, names, depth + 1);
      changed ||= m.changed;
      out[k] = m.value;
    }
  }
  return { value: out, changed };
}

export async function up(knex: Knex): Promise<void> {
  const configSecrets = await knex('config').where({ type: 'password' }).select<{ name: string }[]>('name');
  const names = new Set([...DECLARED, ...configSecrets.map((r) => r.name)]);
  const entries = await knex('admin_log').select<{ id: number; data: string }[]>('id', 'data');
  for (const entry of entries) {
    let data: unknown;
    try {
      data = JSON.parse(entry.data);
    } catch {
      continue;
    }
    const result = masked(data, names);
    if (result.changed) await knex('admin_log').where({ id: entry.id }).update({ data: JSON.stringify(result.value) });
  }
}

export async function down(): Promise<void> {
  // Masked values cannot come back.
}
