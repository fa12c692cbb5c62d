import sensitiveDataLogResource from '../../../resources/security/sensitiveDataLog.ts';
import { withAccounts } from '../../../server/services/accountNames.ts';
import type { Services } from '../../../server/services/index.ts';
import { ruleRemark } from '../../../server/services/remarks.ts';
import { rollbackSensitive } from '../../../server/services/sensitiveLog.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';
import { idsOf } from './input.ts';
import { Refusal, Success } from '../../../server/errors.ts';

const MASK = '******';

/**
 * security/sensitiveDataLog (reference 3.16, fixed): the logged changes. A password's old hash is never
 * shown; `rollback` restores values (a password with its salt) in one transaction and ends the sessions of
 * an account whose password went back.
 */
export function sensitiveDataLogRoutes(services: Services): ApiRoute[] {
  const { knex, tokens } = services;
  const { caches } = services;
  const { engine, routes } = crudRoutes(services, sensitiveDataLogResource, {
    actions: ['del'],
    hooks: {
      hidden: ['extra'],
      output: (row) => ({ ...row, before: row.data_field === 'password' ? MASK : row.before }),
    },
  });
  return [
    ...routes,
    {
      methods: ['GET'],
      path: '/admin/security.SensitiveDataLog/index',
      auth: 'adminRule',
      async handler(req) {
        const result = await engine.index(req, await ruleRemark(knex, sensitiveDataLogResource.name, req.ctx.state.t));
        // The list shows the row as "<pk>=<value>"; info keeps the raw value, the client adds `primary_key=` itself.
        const list = result.list.map((row) => ({ ...row, id_value: `${String(row.primary_key)}=${String(row.id_value)}` }));
        return { ...result, list: await withAccounts(knex, list, { admin: 'admin_id' }) };
      },
    },
    {
      methods: ['GET'],
      path: '/admin/security.SensitiveDataLog/info',
      auth: 'adminRule',
      async handler(req) {
        const [row] = await withAccounts(knex, [(await engine.read(req)).row], { admin: 'admin_id' });
        return { row };
      },
    },
    {
      methods: ['POST'],
      path: '/admin/security.SensitiveDataLog/rollback',
      auth: 'adminRule',
      async handler({ input }) {
        const { count, logins } = await rollbackSensitive(knex, idsOf(input));
        if (count === 0) throw new Refusal('admin-routine:noRowsRollback');
        for (const login of logins) await tokens.revokeAll(login.userId, login.types);
        await caches.clearAll();
        return new Success(null, 'admin-routine:rolledBack', { count });
      },
    },
  ];
}
