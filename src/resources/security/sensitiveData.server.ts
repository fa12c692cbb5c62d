import { Refusal } from '../../server/errors.ts';
import type { Row } from '../../server/services/crud/call.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { tableColumns } from '../../server/services/securityRules.ts';
import { objectsOf } from '../../server/services/postedLists.ts';
import { securityRuleBehaviour } from './rules.server.ts';
import sensitiveDataResource from './sensitiveData.ts';

function decodeFields(value: unknown): Record<string, string> {
  try {
    const parsed = JSON.parse(String(value ?? '')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The watched fields as `{column: title}`, rebuilt from the post (reference 3.15): `data_fields` names the
 * columns, `fields:[{name, value}]` gives their titles (a column without one is titled by its name). Null
 * when the post names no fields at all.
 */
function postedFields(input: Record<string, unknown>): Record<string, string> | null {
  const titled = objectsOf(input.fields).map((f) => ({ name: String(f.name ?? '').trim(), title: String(f.value ?? '').trim() }));
  const raw = input.data_fields;
  const named = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : raw && typeof raw === 'object' ? Object.values(raw).map(String) : null;
  if (named === null && !('fields' in input)) return null;
  const columns = (named ?? titled.map((f) => f.name)).map((c) => c.trim()).filter(Boolean);
  return Object.fromEntries(columns.map((c) => [c, titled.find((f) => f.name === c)?.title || c]));
}

/**
 * security/sensitiveData (reference 3.15): sensitive-field rules. `data_fields` is JSON `{column: title}`
 * built from the posted columns and titles; the list shows what is watched by title, the edit form gets the
 * `{column: title}` object.
 */
export default defineUnit(sensitiveDataResource, ({ knex, resources }) => {
  const rules = securityRuleBehaviour(knex, () => resources.all(), 'sensitive');
  return {
    ...rules,
    output: (rows, _call, view) =>
      rows.map((row: Row) => {
        const fields = decodeFields(row.data_fields);
        return { ...row, data_fields: view === 'list' ? Object.values(fields) : fields };
      }),
    async beforeSave(data, ctx) {
      const out = await rules.beforeSave!(data, ctx);
      const fields = postedFields(ctx.call.input) ?? (ctx.current ? decodeFields(ctx.current.data_fields) : {});
      if (Object.keys(fields).length === 0) {
        throw new Refusal('validate:fieldSelect', 0, null, { field: ctx.call.t('resources:security/sensitiveData.fields.data_fields') });
      }
      const columns = await tableColumns(ctx.trx, String(out.data_table));
      const unknown = Object.keys(fields).find((c) => !columns.includes(c));
      if (unknown) throw new Refusal('admin-routine:columnUnknown', 0, null, { table: out.data_table, column: unknown });
      return { ...out, data_fields: JSON.stringify(fields) };
    },
  };
});
