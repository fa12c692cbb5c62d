import { Refusal } from '../../server/errors.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { assertRulesExist, parseIds, rulesForForm, storedRules } from '../../server/services/ruleAdmin.ts';
import userGroupResource from './group.ts';

/** user/group: member groups (reference 3.6), generic and paginated; `rules` as a list of user_rule ids. */
export default defineUnit(userGroupResource, ({ knex }) => ({
  async editForm(row) {
    return { row: { ...row, rules: await rulesForForm(knex, 'user_rule', String(row.rules ?? '')) } };
  },
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
}));
