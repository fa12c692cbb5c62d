import dataRecycleResource from '../../../resources/security/dataRecycle.ts';
import type { Services } from '../../../server/services/index.ts';
import { normaliseRule, ruleFormData } from '../../../server/services/securityRules.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';

/**
 * security/dataRecycle (reference 3.13): recycle rules. The add and edit forms get the functions a rule may
 * name; the table and key default to the chosen function's.
 */
export function dataRecycleRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  const { engine, routes } = crudRoutes(services, dataRecycleResource, {
    actions: ['index', 'add', 'del'],
    hooks: {
      beforeSave: (data, ctx) => normaliseRule(ctx.trx, 'recycle', 'security_data_recycle', data, services.resources.all(), ctx.current),
    },
  });
  return [
    ...routes,
    { methods: ['GET'], path: '/admin/security.DataRecycle/add', auth: 'adminRule', handler: () => ruleFormData(knex, 'recycle', services.resources.all()) },
    {
      methods: ['GET'],
      path: '/admin/security.DataRecycle/edit',
      auth: 'adminRule',
      handler: async (req) => ({ ...(await engine.read(req)), ...(await ruleFormData(knex, 'recycle', services.resources.all())) }),
    },
    { methods: ['POST'], path: '/admin/security.DataRecycle/edit', auth: 'adminRule', handler: (req) => engine.edit(req) },
  ];
}
