import { Refusal, Success } from '../../server/errors.ts';
import { withAccounts } from '../../server/services/accountNames.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { idsOf } from '../../server/services/postedLists.ts';
import { decodeRecycled, restoreRecycled } from '../../server/services/recycleBin.ts';
import dataRecycleLogResource from './dataRecycleLog.ts';

/**
 * security/dataRecycleLog (reference 3.14): the recycle bin. `info` shows a deleted row (secrets masked);
 * `restore` puts rows back in one transaction (all or none), each as its own resource allows an edit of it;
 * `del` deletes entries for good.
 */
export default defineUnit(dataRecycleLogResource, ({ knex, engines, rowSecrets, caches }) => ({
  output: (rows) => withAccounts(knex, rows, { admin: 'admin_id' }),
  actions: {
    info: {
      async get(call, engine) {
        const row = await engine.row(call);
        return { row: { ...row, data: decodeRecycled(String(row.data)) } };
      },
    },
    restore: {
      async post(call) {
        const count = await restoreRecycled(knex, idsOf(call.input), call, engines, rowSecrets);
        if (count === 0) throw new Refusal('admin-routine:noRowsRestored');
        // Restored rows may be config items or published content: cached copies are stale.
        await caches.clearAll();
        return new Success(null, 'admin-routine:restored', { count });
      },
    },
  },
}));
