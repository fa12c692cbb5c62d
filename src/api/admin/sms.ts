import type { Knex } from 'knex';
import smsLog from '../../resources/sms/log.ts';
import smsTemplate from '../../resources/sms/template.ts';
import smsVariable from '../../resources/sms/variable.ts';
import type { Row } from '../../server/services/crud/security.ts';
import type { Services } from '../../server/services/index.ts';
import { placeholders, VARIABLE_NAME } from '../../server/services/sms/template.ts';
import type { ApiRoute } from '../types.ts';
import { crudRoutes } from './crud.ts';
import { Refusal } from '../../server/errors.ts';

/** A template code is an event name: lower-case letters, digits and underscores, a letter first. */
const TEMPLATE_CODE = /^[a-z][a-z0-9_]{1,49}$/;

/** A column value must not be used by another row of the table. */
async function assertFree(db: Knex, table: string, column: string, value: string, exceptId: unknown, message: string): Promise<void> {
  if (await db(table).where(column, value).whereNot('id', Number(exceptId ?? 0)).first()) throw new Refusal(message, 0, null, { value });
}

/** Every `${name}` of both texts must be a defined variable, or the message could never be sent. */
async function assertVariablesDefined(db: Knex, data: Row, current: Row | undefined): Promise<void> {
  const texts = ['content', 'content_en'].map((c) => String((c in data ? data[c] : current?.[c]) ?? ''));
  const names = [...new Set(texts.flatMap(placeholders))];
  if (names.length === 0) return;
  const known = new Set((await db('sms_variable').whereIn('name', names).select<{ name: string }[]>('name')).map((v) => v.name));
  const unknown = names.find((n) => !known.has(n));
  if (unknown) throw new Refusal('sms:variableUnknown', 0, null, { name: `\${${unknown}}` });
}

/** sms/template, sms/variable and the read-only sms/log. */
export function smsRoutes(services: Services): ApiRoute[] {
  const templates = crudRoutes(services, smsTemplate, {
    hooks: {
      async beforeSave(data, { trx, current }) {
        if (typeof data.code === 'string') {
          if (!TEMPLATE_CODE.test(data.code)) throw new Refusal('sms:templateCodeInvalid');
          await assertFree(trx, 'sms_template', 'code', data.code, current?.id, 'sms:templateCodeTaken');
        }
        await assertVariablesDefined(trx, data, current);
        return data;
      },
    },
  });

  const variables = crudRoutes(services, smsVariable, {
    hooks: {
      async beforeSave(data, { trx, current }) {
        if (typeof data.name === 'string') {
          if (!VARIABLE_NAME.test(data.name)) throw new Refusal('sms:variableNameInvalid');
          await assertFree(trx, 'sms_variable', 'name', data.name, current?.id, 'sms:variableNameTaken');
          // Renaming a variable would break the templates that use its old name.
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
    },
  });

  async function assertUnused(db: Knex, name: string): Promise<void> {
    const users = await db('sms_template').select<{ code: string; content: string; content_en: string | null }[]>('code', 'content', 'content_en');
    const user = users.find((t) => placeholders(`${t.content}\n${t.content_en ?? ''}`).includes(name));
    if (user) throw new Refusal('sms:variableInUse', 0, null, { name: `\${${name}}`, template: user.code });
  }

  return [...templates.routes, ...variables.routes, ...crudRoutes(services, smsLog).routes];
}
