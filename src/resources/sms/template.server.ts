import type { Knex } from 'knex';
import { Refusal } from '../../server/errors.ts';
import type { Row } from '../../server/services/crud/call.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { placeholders } from '../../server/services/sms/template.ts';
import { assertFree } from '../../server/services/uniqueValues.ts';
import smsTemplate from './template.ts';

/** A template code is an event name: lower-case letters, digits and underscores, a letter first. */
const TEMPLATE_CODE = /^[a-z][a-z0-9_]{1,49}$/;

/** Every `${name}` of both texts must be a defined variable, or the message could never be sent. */
async function assertVariablesDefined(db: Knex, data: Row, current: Row | undefined): Promise<void> {
  const texts = ['content', 'content_en'].map((c) => String((c in data ? data[c] : current?.[c]) ?? ''));
  const names = [...new Set(texts.flatMap(placeholders))];
  if (names.length === 0) return;
  const known = new Set((await db('sms_variable').whereIn('name', names).select<{ name: string }[]>('name')).map((v) => v.name));
  const unknown = names.find((n) => !known.has(n));
  if (unknown) throw new Refusal('sms:variableUnknown', 0, null, { name: `\${${unknown}}` });
}

/** sms/template: one message per event, with `${variable}` placeholders that must be defined. */
export default defineUnit(smsTemplate, () => ({
  async beforeSave(data, { trx, current }) {
    if (typeof data.code === 'string') {
      if (!TEMPLATE_CODE.test(data.code)) throw new Refusal('sms:templateCodeInvalid');
      await assertFree(trx, 'sms_template', 'code', data.code, current?.id, 'sms:templateCodeTaken');
    }
    await assertVariablesDefined(trx, data, current);
    return data;
  },
}));
