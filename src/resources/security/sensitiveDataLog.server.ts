import { Refusal, Success } from '../../server/errors.ts';
import { withAccounts } from '../../server/services/accountNames.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { idsOf } from '../../server/services/postedLists.ts';
import { rollbackSensitive } from '../../server/services/sensitiveLog.ts';
import sensitiveDataLogResource from './sensitiveDataLog.ts';

function keyValue(stored: unknown): unknown {
  const n = Number(stored);
  return typeof stored === 'string' && /^-?\d+$/.test(stored) && Number.isSafeInteger(n) ? n : stored;
}

/**
 * security/sensitiveDataLog (reference 3.16, fixed): the logged changes. A secret's values are never shown
 * (logged masked); `rollback` restores values in one transaction, each as an edit of its row would be
 * allowed, and ends the sessions of an account whose password went back.
 */
export default defineUnit(sensitiveDataLogResource, ({ knex, engines, rowSecrets, tokens, caches }) => ({
  async output(rows, _call, view) {
    // The list shows the row as "<pk>=<value>"; info keeps the raw value, the client adds `primary_key=` itself.
    // The key is stored as text (a snowflake key is beyond a JavaScript number): info gives a number where one
    // holds it exactly, as the reference's int column does, and the text otherwise.
    const shown = rows.map((row) => ({ ...row, id_value: view === 'list' ? `${String(row.primary_key)}=${String(row.id_value)}` : keyValue(row.id_value) }));
    return withAccounts(knex, shown, { admin: 'admin_id' });
  },
  actions: {
    info: {
      async get(call, engine) {
        return { row: await engine.row(call) };
      },
    },
    rollback: {
      async post(call) {
        const { count, logins } = await rollbackSensitive(knex, idsOf(call.input), call, engines, rowSecrets);
        if (count === 0) throw new Refusal('admin-routine:noRowsRollback');
        for (const login of logins) await tokens.revokeAll(login.userId, login.types);
        await caches.clearAll();
        return new Success(null, 'admin-routine:rolledBack', { count });
      },
    },
  },
}));
