import dataRecycleLogResource from '../../../resources/security/dataRecycleLog.ts';
import { withAccounts } from '../../../server/services/accountNames.ts';
import type { Services } from '../../../server/services/index.ts';
import { decodeRecycled, restoreRecycled } from '../../../server/services/recycleBin.ts';
import { ruleRemark } from '../../../server/services/remarks.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';
import { idsOf } from './input.ts';
import { Refusal, Success } from '../../../server/errors.ts';

/**
 * security/dataRecycleLog (reference 3.14): the recycle bin. `restore` puts rows back in one transaction
 * (all or none); `del` deletes entries for good.
 */
export function dataRecycleLogRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  const { caches } = services;
  const { engine, routes } = crudRoutes(services, dataRecycleLogResource, { actions: ['del'] });
  return [
    ...routes,
    {
      methods: ['GET'],
      path: '/admin/security.DataRecycleLog/index',
      auth: 'adminRule',
      async handler(req) {
        const result = await engine.index(req, await ruleRemark(knex, dataRecycleLogResource.name, req.ctx.state.t));
        return { ...result, list: await withAccounts(knex, result.list, { admin: 'admin_id' }) };
      },
    },
    {
      methods: ['GET'],
      path: '/admin/security.DataRecycleLog/info',
      auth: 'adminRule',
      async handler(req) {
        const { row } = await engine.read(req);
        const [shown] = await withAccounts(knex, [{ ...row, data: decodeRecycled(String(row.data)) }], { admin: 'admin_id' });
        return { row: shown };
      },
    },
    {
      methods: ['POST'],
      path: '/admin/security.DataRecycleLog/restore',
      auth: 'adminRule',
      async handler({ input }) {
        const count = await restoreRecycled(knex, idsOf(input));
        if (count === 0) throw new Refusal('admin-routine:noRowsRestored');
        // Restored rows may be config items or published content: cached copies are stale.
        await caches.clearAll();
        return new Success(null, 'admin-routine:restored', { count });
      },
    },
  ];
}
