import test from 'ava';
import fs from 'node:fs';
import { databaseBefore } from '../helpers/migrations.ts';
import { SecretBox } from '../../src/server/services/secretBox.ts';

const MIGRATION = '20261128020000_row_copy_secrets.ts';
const SEAL_NAME = 'row-copy-secrets';
const MASK = '******';

test('row copies: recycled rows and sensitive logs made before keep their secrets sealed, under the key the server opens them with', async (t) => {
  const { knex, dir } = await databaseBefore(MIGRATION);
  try {
    const now = Math.floor(Date.now() / 1000);
    await knex('security_data_recycle_log').insert([
      { recycle_id: 1, data_table: 'admin', data: JSON.stringify({ id: 7, username: 'lockkeeper', password: 'hash-7', salt: 'salt-7' }), create_time: now },
      // Nothing secret in it: left as it is.
      { recycle_id: 2, data_table: 'news', data: JSON.stringify({ id: 3, title: '运河' }), create_time: now },
    ]);
    await knex('security_sensitive_data_log').insert({
      sensitive_id: 1, data_table: 'admin', data_field: 'password', id_value: 7, before: 'old-hash', after: 'new-hash', extra: JSON.stringify({ salt: 'old-salt' }), create_time: now,
    });
    await knex.migrate.up();

    const { value } = await knex('secret').where({ name: 'row_copy_key' }).first<{ value: string }>();
    const box = new SecretBox(value);
    const [admin, news] = await knex('security_data_recycle_log').orderBy('recycle_id').select<{ data: string; secret_data: string | null }[]>('data', 'secret_data');
    t.deepEqual(JSON.parse(admin!.data), { id: 7, username: 'lockkeeper', password: MASK, salt: MASK });
    t.deepEqual(JSON.parse(box.open(SEAL_NAME, admin!.secret_data!)!), { password: 'hash-7', salt: 'salt-7' });
    t.deepEqual([JSON.parse(news!.data), news!.secret_data], [{ id: 3, title: '运河' }, null]);
    const log = await knex('security_sensitive_data_log').first<{ before: string; after: string; secret_data: string }>('before', 'after', 'secret_data');
    t.deepEqual([log!.before, log!.after], [MASK, MASK]);
    t.deepEqual(JSON.parse(box.open(SEAL_NAME, log!.secret_data)!), { password: 'old-hash', salt: 'old-salt' });
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('row copies: a database with no copies derives and stores no key in the migration (the server makes one when it starts)', async (t) => {
  const { knex, dir } = await databaseBefore(MIGRATION);
  try {
    await knex.migrate.up();
    t.is(await knex('secret').where({ name: 'row_copy_key' }).first(), undefined);
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
