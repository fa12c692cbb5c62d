import { ruleResource } from '../ruleTree.ts';

export const USER_RULE_TYPES = ['route', 'menu_dir', 'menu', 'nav_user_menu', 'nav', 'button'] as const;

/** user/rule: the member centre's menus, navigation and permissions (reference 3.7). */
export default ruleResource({
  name: 'user/rule',
  table: 'user_rule',
  types: USER_RULE_TYPES,
  flag: { name: 'no_login_valid', type: 'switch', options: ['0', '1'], default: '0', list: { render: 'switch', operator: 'eq' } },
  menu: { parent: 'user', icon: 'fa fa-th-list', weigh: 92 },
});
