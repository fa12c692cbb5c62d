import { defineUnit } from '../../server/services/crud/unit.ts';
import { heldRuleIds } from '../../server/services/ruleAdmin.ts';
import { Refusal } from '../../server/errors.ts';
import { ruleTreeBehaviour } from '../ruleTree.server.ts';
import ruleResource from './rule.ts';

/**
 * auth/rule: the admin menu tree. A non-super admin lists the rules of their groups and may only change,
 * move under, restore or delete rules they hold: renaming someone else's rule would rewrite their permissions.
 */
export default defineUnit(ruleResource, ({ knex }) => ({
  ...ruleTreeBehaviour({
    ruleTable: 'admin_rule',
    groupTable: 'admin_group',
    parentTypes: ['menu_dir', 'menu'],
    flags: ['keepalive'],
    visibleIds: async (call) => (call.actor.permissions.super ? null : heldRuleIds(knex, call.actor.admin.id)),
    scope(query, call) {
      if (!call.actor.permissions.super) query.whereIn('admin_rule.id', [...call.actor.permissions.ruleIds]);
    },
    parentAllowed: (pid, call) => call.actor.permissions.super || call.actor.permissions.ruleIds.has(pid),
  }),
  async guard(row, { call }) {
    const { permissions } = call.actor;
    if (!permissions.super && !permissions.ruleIds.has(Number(row.id))) throw new Refusal('noPermission');
  },
}));
