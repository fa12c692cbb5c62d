import sensitiveDataResource from '../../../resources/security/sensitiveData.ts';
import type { Row } from '../../../server/services/crud/security.ts';
import type { Services } from '../../../server/services/index.ts';
import { ruleRemark } from '../../../server/services/remarks.ts';
import { normaliseRule, ruleFormData, tableColumns } from '../../../server/services/securityRules.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';
import { objectsOf } from './input.ts';
import { Refusal } from '../../../server/errors.ts';

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
 * built from the posted columns and titles; the list shows the titles.
 */
export function sensitiveDataRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  const { engine, routes } = crudRoutes(services, sensitiveDataResource, {
    actions: ['add', 'del'],
    hooks: {
      output: (row) => ({ ...row, data_fields: decodeFields(row.data_fields) }),
      async beforeSave(data, ctx) {
        const out = await normaliseRule(ctx.trx, 'sensitive', 'security_sensitive_data', data, services.resources.all(), ctx.current);
        const fields = postedFields(ctx.input) ?? (ctx.current ? decodeFields(ctx.current.data_fields) : {});
        if (Object.keys(fields).length === 0) {
          throw new Refusal('validate:fieldSelect', 0, null, { field: ctx.req.ctx.state.t('resources:security/sensitiveData.fields.data_fields') });
        }
        const columns = await tableColumns(ctx.trx, String(out.data_table));
        const unknown = Object.keys(fields).find((c) => !columns.includes(c));
        if (unknown) throw new Refusal('admin-routine:columnUnknown', 0, null, { table: out.data_table, column: unknown });
        return { ...out, data_fields: JSON.stringify(fields) };
      },
    },
  });
  return [
    ...routes,
    {
      methods: ['GET'],
      path: '/admin/security.SensitiveData/index',
      auth: 'adminRule',
      async handler(req) {
        const result = await engine.index(req, await ruleRemark(knex, sensitiveDataResource.name, req.ctx.state.t));
        // The list shows what is watched by title; the edit form gets the `{column: title}` object.
        return { ...result, list: result.list.map((row: Row) => ({ ...row, data_fields: Object.values(row.data_fields as Record<string, string>) })) };
      },
    },
    { methods: ['GET'], path: '/admin/security.SensitiveData/add', auth: 'adminRule', handler: () => ruleFormData(knex, 'sensitive', services.resources.all()) },
    {
      methods: ['GET'],
      path: '/admin/security.SensitiveData/edit',
      auth: 'adminRule',
      handler: async (req) => ({ ...(await engine.read(req)), ...(await ruleFormData(knex, 'sensitive', services.resources.all())) }),
    },
    { methods: ['POST'], path: '/admin/security.SensitiveData/edit', auth: 'adminRule', handler: (req) => engine.edit(req) },
  ];
}
