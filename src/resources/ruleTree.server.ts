import type { Knex } from 'knex';
import { Refusal } from '../server/errors.ts';
import type { Call, Row } from '../server/services/crud/call.ts';
import type { Behaviour } from '../server/services/crud/unit.ts';
import { assertChildrenIncluded, assertParent, grantWithParent, revokeFromGroups, type GroupTable, type RuleTable } from '../server/services/ruleAdmin.ts';

export interface RuleTreeOptions {
  ruleTable: RuleTable;
  groupTable: GroupTable;
  /** Rule types offered by the `select` lookup (used to pick a parent). */
  parentTypes: readonly string[];
  /** Integer columns edited with a switch (which posts '0'/'1'). */
  flags: readonly string[];
  /** Rules the caller may list; null for all. */
  visibleIds?(call: Call): Promise<Set<number> | null>;
  /** Rules the caller may change, move or delete (edit, del, sortable). */
  scope?(query: Knex.QueryBuilder, call: Call): void;
  /** Whether the caller may put a rule under this (existing, non-root) parent. */
  parentAllowed?(pid: number, call: Call): boolean;
}

/**
 * The behaviour of a rule tree (reference 3.3 / 3.7): a unique name and no cycles, new rules inherited by
 * the groups holding their parent, deletes that need the children in the batch and clean the groups' rule
 * lists. The tree index itself is the engine's (the definitions declare `tree`).
 */
export function ruleTreeBehaviour(options: RuleTreeOptions): Behaviour {
  const { ruleTable, groupTable } = options;
  return {
    ...(options.scope ? { scope: options.scope } : {}),
    async visible(rows, call) {
      const ids = options.visibleIds ? await options.visibleIds(call) : null;
      return ids ? rows.filter((r) => ids.has(Number(r.id))) : rows;
    },
    selectable: (row: Row) => row.status === '1' && options.parentTypes.includes(String(row.type)),
    async beforeSave(data, { mode, call, trx, current }) {
      // Component paths are URL-like; a Windows path typed in the form would never resolve.
      if (typeof data.component === 'string') data.component = data.component.replace(/\\/g, '/');
      for (const flag of options.flags) if (flag in data) data[flag] = Number(data[flag]);
      if (typeof data.name === 'string') {
        // Permission names are compared in lower case, so uniqueness is too.
        const taken = await trx(ruleTable).whereRaw('lower(name) = ?', [data.name.toLowerCase()]).whereNot('id', Number(current?.id ?? 0)).first();
        if (taken) throw new Refusal('admin-auth:ruleNameTaken');
      }
      if ('pid' in data) {
        const pid = Number(data.pid ?? 0);
        if (mode === 'add' || pid !== Number(current!.pid)) {
          await assertParent(trx, ruleTable, current ? Number(current.id) : null, pid);
          if (pid && options.parentAllowed && !options.parentAllowed(pid, call)) throw new Refusal('admin-auth:parentNotAllowed');
        }
      }
      return data;
    },
    async afterSave(row, { mode, trx }) {
      if (mode === 'add') await grantWithParent(trx, groupTable, Number(row.id), Number(row.pid));
    },
    async beforeDelete(rows, { trx }) {
      await assertChildrenIncluded(trx, ruleTable, rows.map((r) => Number(r.id)));
      return rows;
    },
    async afterDelete(rows, { trx }) {
      await revokeFromGroups(trx, groupTable, rows.map((r) => Number(r.id)));
    },
  };
}
