import userRuleResource, { USER_RULE_TYPES } from '../../../resources/user/rule.ts';
import type { Services } from '../../../server/services/index.ts';
import { MEMBER_RULES_TAG } from '../../../server/guestIndex.ts';
import type { ApiRoute } from '../../types.ts';
import { ruleTreeRoutes } from '../auth/rule.ts';

/**
 * user/rule: the member centre's rule tree (reference 3.7). Unlike the reference, the index needs a login
 * and the rule like every other action. Member rules are not bounded by the admin's own rules.
 */
export function userRuleRoutes(services: Services): ApiRoute[] {
  const routes = ruleTreeRoutes(services, userRuleResource, {
    ruleTable: 'user_rule',
    groupTable: 'user_group',
    parentTypes: USER_RULE_TYPES.filter((t) => t !== 'button'),
    flags: ['no_login_valid'],
    visible: async () => null,
  });
  // Guests' menus are built from these rules and kept (api/front/index.ts): every process drops them after
  // a change.
  return routes.map((route) =>
    route.methods.every((m) => m === 'GET')
      ? route
      : {
          ...route,
          async handler(req) {
            const result = await route.handler(req);
            await services.caches.invalidate([MEMBER_RULES_TAG]);
            return result;
          },
        },
  );
}
