import userRuleResource, { USER_RULE_TYPES } from '../../../resources/user/rule.ts';
import type { Services } from '../../../server/services/index.ts';
import type { ApiRoute } from '../../types.ts';
import { ruleTreeRoutes } from '../auth/rule.ts';

/**
 * user/rule: the member centre's rule tree (reference 3.7). Unlike the reference, the index needs a login
 * and the rule like every other action. Member rules are not bounded by the admin's own rules.
 */
export function userRuleRoutes(services: Services): ApiRoute[] {
  return ruleTreeRoutes(services, userRuleResource, {
    ruleTable: 'user_rule',
    groupTable: 'user_group',
    parentTypes: USER_RULE_TYPES.filter((t) => t !== 'button'),
    flags: ['no_login_valid'],
    visible: async () => null,
  });
}
