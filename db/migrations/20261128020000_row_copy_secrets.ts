import { createCipheriv, randomBytes, scryptSync } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Copies of rows no longer hold secrets in the clear (the trust issue, items 1 and 2). The recycle bin copied
 * whole rows, password hash and salt included, into `data`, and the sensitive-data log kept an old password
 * hash in `before` (its salt in `extra`): both were answered and could be filtered with LIKE. From now on a
 * copy keeps secrets masked and the real values apart, sealed, in `secret_data`, which no answer includes.
 * This converts the copies made before, the way the server seals new ones (as it is today, written out here so
 * this migration does the same whenever it runs).
 */

const MASK = '******';
/** The key's name in the `secret` table, the associated data and the key derivation of the server's SecretBox. */
const KEY_NAME = 'row_copy_key';
const SEAL_NAME = 'row-copy-secrets';
const KDF_SALT = 'canal-portal/secrets';
/** The secret columns of the built-in resources with copies (their definitions as they are today). */
const SECRET_COLUMNS: Record<string, string[]> = { admin: ['password', 'salt'], user: ['password', 'salt'] };

async function keyOf(knex: Knex): Promise<Buffer> {
  let row = await knex('secret').where({ name: KEY_NAME }).first<{ value: string } | undefined>();
  if (!row) {
    await knex('secret').insert({ name: KEY_NAME, value: randomBytes(32).toString('hex') });
    row = await knex('secret').where({ name: KEY_NAME }).first<{ value: string }>();
  }
  return scryptSync(row!.value, KDF_SALT, 32);
}

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(SEAL_NAME));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Secret columns per table: the built-in ones, and the password fields of the generator's definitions. */
async function secretColumns(knex: Knex): Promise<Map<string, string[]>> {
  const out = new Map(Object.entries(SECRET_COLUMNS));
  const generated = await knex('crud_resource').select<{ definition: string }[]>('definition');
  for (const { definition } of generated) {
    try {
      const def = JSON.parse(definition) as { table?: string; fields?: { name: string; type: string }[] };
      const passwords = (def.fields ?? []).filter((f) => f.type === 'password').map((f) => f.name);
      if (def.table && passwords.length) out.set(def.table, passwords);
    } catch {
      // A damaged definition is skipped by the server too; its rows have no known secrets.
    }
  }
  return out;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('security_data_recycle_log', (t) => t.text('secret_data'));
  await knex.schema.alterTable('security_sensitive_data_log', (t) => t.text('secret_data'));
  // scrypt costs 27 ms: a new database, whose logs are empty, never derives the key (the server makes it at start).
  let key: Buffer | undefined;
  const sealed = async (plain: string) => seal((key ??= await keyOf(knex)), plain);
  const secrets = await secretColumns(knex);

  const bin = await knex('security_data_recycle_log').select<{ id: number; data: string; data_table: string }[]>('id', 'data', 'data_table');
  for (const entry of bin) {
    const columns = secrets.get(entry.data_table) ?? [];
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(entry.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    const kept = Object.fromEntries(columns.filter((c) => c in row && row[c] !== MASK).map((c) => [c, row[c]]));
    if (Object.keys(kept).length === 0) continue;
    for (const c of Object.keys(kept)) row[c] = MASK;
    await knex('security_data_recycle_log').where({ id: entry.id }).update({ data: JSON.stringify(row), secret_data: await sealed(JSON.stringify(kept)) });
  }

  const logs = await knex('security_sensitive_data_log').select<{ id: number; data_table: string; data_field: string; before: string | null; extra: string | null }[]>(
    'id',
    'data_table',
    'data_field',
    'before',
    'extra',
  );
  for (const log of logs) {
    if (!(secrets.get(log.data_table) ?? []).includes(log.data_field) || log.before === MASK) continue;
    const kept: Record<string, unknown> = { [log.data_field]: log.before };
    try {
      const extra = JSON.parse(log.extra ?? '{}') as { salt?: unknown };
      if (typeof extra.salt === 'string') kept.salt = extra.salt;
    } catch {
      // No readable salt: the hash alone is kept.
    }
    await knex('security_sensitive_data_log').where({ id: log.id }).update({ before: MASK, after: MASK, secret_data: await sealed(JSON.stringify(kept)) });
  }
  await knex.schema.alterTable('security_sensitive_data_log', (t) => t.dropColumn('extra'));
}

export async function down(knex: Knex): Promise<void> {
  // The sealed copies stay sealed: going back leaves those entries masked (a restore then asks for a new password).
  await knex.schema.alterTable('security_sensitive_data_log', (t) => t.text('extra'));
  await knex.schema.alterTable('security_sensitive_data_log', (t) => t.dropColumn('secret_data'));
  await knex.schema.alterTable('security_data_recycle_log', (t) => t.dropColumn('secret_data'));
}
