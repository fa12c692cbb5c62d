import userGroupResource from '../../../resources/user/group.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { Services } from '../../../server/services/index.ts';
import { assertRulesExist, parseIds, rulesForForm, storedRules } from '../../../server/services/ruleAdmin.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';
import { Refusal } from '../../../server/errors.ts';

/** user/group: member groups (reference 3.6), generic and paginated; `rules` as a list of user_rule ids. */
export function userGroupRoutes(services: Services): ApiRoute[] {
  const def = userGroupResource;
  const { engine, routes } = crudRoutes(services, def, {
    actions: ['index', 'add', 'del'],
    hooks: {
      async beforeSave(data, { mode, trx }) {
        if ('rules' in data) {
          const ids = parseIds(data.rules);
          await assertRulesExist(trx, 'user_rule', ids);
          // An empty list on edit leaves the rules as they are, as for admin groups.
          if (ids.length === 0 && mode === 'edit') delete data.rules;
          else data.rules = await storedRules(trx, 'user_rule', ids);
        }
        return data;
      },
      async beforeDelete(rows, { trx }) {
        // Members must always belong to an existing group (their permissions come from it).
        const used = await trx('user').whereIn('group_id', rows.map((r) => Number(r.id))).first('id');
        if (used) throw new Refusal('admin-auth:memberGroupInUse');
        return rows;
      },
    },
  });

  const editRead: ApiRoute = {
    methods: ['GET'],
    path: actionUrl(def, 'edit'),
    auth: 'adminRule',
    async handler(req) {
      const { row } = await engine.read(req);
      return { row: { ...row, rules: await rulesForForm(services.knex, 'user_rule', String(row.rules ?? '')) } };
    },
  };
  const editSave: ApiRoute = { methods: ['POST'], path: actionUrl(def, 'edit'), auth: 'adminRule', handler: (req) => engine.edit(req) };

  return [...routes, editRead, editSave];
}
