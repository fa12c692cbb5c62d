import type { Knex } from 'knex';
import { Refusal } from '../../server/errors.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { placeholders, VARIABLE_NAME } from '../../server/services/sms/template.ts';
import { assertFree } from '../../server/services/uniqueValues.ts';
import smsVariable from './variable.ts';

/** A variable a template uses cannot be renamed or deleted: the template could never be sent again. */
async function assertUnused(db: Knex, name: string): Promise<void> {
  const users = await db('sms_template').select<{ code: string; content: string; content_en: string | null }[]>('code', 'content', 'content_en');
  const user = users.find((t) => placeholders(`${t.content}\n${t.content_en ?? ''}`).includes(name));
  if (user) throw new Refusal('sms:variableInUse', 0, null, { name: `\${${name}}`, template: user.code });
}

/** sms/variable: the values templates' placeholders take. */
export default defineUnit(smsVariable, () => ({
  async beforeSave(data, { trx, current }) {
    if (typeof data.name === 'string') {
      if (!VARIABLE_NAME.test(data.name)) throw new Refusal('sms:variableNameInvalid');
      await assertFree(trx, 'sms_variable', 'name', data.name, current?.id, 'sms:variableNameTaken');
      if (current && current.name !== data.name) await assertUnused(trx, String(current.name));
    }
    const source = data.value_source ?? current?.value_source;
    const value = data.value ?? current?.value;
    if (source === 'literal' && !String(value ?? '').trim()) throw new Refusal('sms:literalValueRequired');
    return data;
  },
  async beforeDelete(rows, { trx }) {
    for (const row of rows) await assertUnused(trx, String(row.name));
    return rows;
  },
}));
