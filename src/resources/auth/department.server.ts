import { defineUnit } from '../../server/services/crud/unit.ts';
import { assertUnused, checkContact } from '../../server/services/organisation.ts';
import { assertChildrenIncluded, assertParent } from '../../server/services/ruleAdmin.ts';
import departmentResource from './department.ts';

/**
 * auth/department: the department tree. The index answers the whole tree (no pagination, like the rule
 * and group trees of reference 3.2-3.3); `select` lookups offer the enabled departments flattened with
 * tree-drawing prefixes. A parent must exist and not lie below the node; deletes take the children along.
 */
export default defineUnit(departmentResource, () => ({
  selectable: (row) => row.status === '1',
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
}));
