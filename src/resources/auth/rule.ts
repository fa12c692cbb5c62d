import { ruleResource } from '../ruleTree.ts';

export const ADMIN_RULE_TYPES = ['menu_dir', 'menu', 'button'] as const;

/** auth/rule: the admin menu and permission tree (reference 1.4, 3.3). `name` is the permission name. */
export default ruleResource({
  name: 'auth/rule',
  table: 'admin_rule',
  types: ADMIN_RULE_TYPES,
  flag: { name: 'keepalive', type: 'switch', options: ['0', '1'], default: '0', list: false },
  menu: { parent: 'auth', icon: 'el-icon-Grid', weigh: 97 },
});
