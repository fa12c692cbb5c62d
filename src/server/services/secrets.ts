import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** A server secret kept in the database so every process behind a load balancer shares it. */
export async function loadSecret(knex: Knex, name: string): Promise<string> {
  const row = await knex('secret').where({ name }).first<{ value: string } | undefined>();
  if (row) return row.value;
  const value = randomBytes(32).toString('hex');
  // Two processes starting at once may both try: the first insert wins, the other reads it back.
  await knex('secret').insert({ name, value }).onConflict('name').ignore();
  const saved = await knex('secret').where({ name }).first<{ value: string }>();
  return saved.value;
}
