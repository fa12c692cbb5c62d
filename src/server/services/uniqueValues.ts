import type { Knex } from 'knex';
import { Refusal } from '../errors.ts';

/** A column value must not be used by another row of the table; `message` names the value taken. */
export async function assertFree(db: Knex, table: string, column: string, value: string, exceptId: unknown, message: string): Promise<void> {
  if (await db(table).where(column, value).whereNot('id', Number(exceptId ?? 0)).first()) throw new Refusal(message, 0, null, { value });
}
