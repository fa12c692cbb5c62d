import { MEMBER_RULES_TAG } from '../../server/guestIndex.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { ruleTreeBehaviour } from '../ruleTree.server.ts';
import userRuleResource, { USER_RULE_TYPES } from './rule.ts';

/**
 * user/rule: the member centre's rule tree (reference 3.7). Unlike the reference, the index needs a login
 * and the rule like every other action. Member rules are not bounded by the admin's own rules. Guests'
 * menus are built from these rules and kept (api/front/index.ts): every process drops them after a change.
 */
export default defineUnit(userRuleResource, () => ({
  ...ruleTreeBehaviour({
    ruleTable: 'user_rule',
    groupTable: 'user_group',
    parentTypes: USER_RULE_TYPES.filter((t) => t !== 'button'),
    flags: ['no_login_valid'],
  }),
  invalidates: [MEMBER_RULES_TAG],
}));
