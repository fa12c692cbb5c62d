import departmentResource from '../../../resources/auth/department.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { Services } from '../../../server/services/index.ts';
import { assertChildrenIncluded, assertParent, flattenWithPrefix, isTrue, nest, wantsTree, whereAllWords, whereInitValue, type TreeRow } from '../../../server/services/ruleAdmin.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes, remarkOf } from '../crud.ts';
import { assertUnused, checkContact } from './organisation.ts';

interface DepartmentRow extends TreeRow {
  name: string;
  status: string;
}

/**
 * auth/department: the department tree. The index answers the whole tree (no pagination, like the rule
 * and group trees of reference 3.2-3.3); `select` lookups get the enabled departments flattened with
 * tree-drawing prefixes. A parent must exist and not lie below the node; deletes take the children along.
 */
export function departmentRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  const def = departmentResource;

  const { routes } = crudRoutes(services, def, {
    actions: ['add', 'edit', 'del', 'sortable'],
    hooks: {
      async beforeSave(data, { mode, trx, current }) {
        checkContact(data);
        if ('pid' in data) {
          const pid = Number(data.pid ?? 0);
          if (mode === 'add' || pid !== Number(current!.pid)) await assertParent(trx, 'department', current ? Number(current.id) : null, pid);
        }
        return data;
      },
      async beforeDelete(rows, { trx }) {
        const ids = rows.map((r) => Number(r.id));
        await assertChildrenIncluded(trx, 'department', ids);
        await assertUnused(trx, 'department_id', ids);
        return rows;
      },
    },
  });

  const index: ApiRoute = {
    methods: ['GET'],
    path: actionUrl(def, 'index'),
    auth: 'adminRule',
    async handler(req) {
      const { input } = req;
      const query = knex<DepartmentRow>('department').select('*').orderBy('weigh', 'desc').orderBy('id', 'asc');
      whereAllWords(query, 'name', input.quickSearch);
      const filtered = whereInitValue(query, def, input);
      const rows = (await query) as DepartmentRow[];
      if (isTrue(input.select)) {
        // The labels of current values are looked up whatever their status; new choices are enabled ones.
        return { options: filtered ? rows : flattenWithPrefix(nest(rows.filter((r) => r.status === '1')), 'name') };
      }
      return { list: !filtered && wantsTree(input.isTree) ? nest(rows) : rows, remark: await remarkOf(services, def, req) };
    },
  };

  return [index, ...routes];
}
