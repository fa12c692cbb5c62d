import { defineResource } from '../types.ts';
import { STATUS_FIELD } from '../fields.ts';

export const ADMIN_RULE_TYPES = ['menu_dir', 'menu', 'button'] as const;
export const MENU_TYPES = ['tab', 'link', 'iframe'] as const;
export const RULE_EXTENDS = ['none', 'add_rules_only', 'add_menu_only'] as const;

/** auth/rule: the admin menu and permission tree (reference 1.4, 3.3). `name` is the permission name. */
export default defineResource({
  name: 'auth/rule',
  table: 'admin_rule',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { operator: 'RANGE', width: 70 } },
    { name: 'pid', type: 'number', default: 0, min: 0, list: false },
    { name: 'type', type: 'radio', required: true, options: ADMIN_RULE_TYPES, default: 'menu', list: { render: 'tag', operator: 'eq' } },
    { name: 'title', type: 'string', required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'name', type: 'string', required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'path', type: 'string', max: 100, list: { operator: 'LIKE', hidden: true } },
    { name: 'icon', type: 'icon', max: 50, list: { render: 'icon', operator: false } },
    { name: 'menu_type', type: 'radio', options: MENU_TYPES, default: 'tab', list: { render: 'tag', operator: 'eq', hidden: true } },
    { name: 'url', type: 'url', max: 255, list: false },
    { name: 'component', type: 'string', max: 100, list: { operator: 'LIKE', hidden: true } },
    { name: 'keepalive', type: 'switch', options: ['0', '1'], default: '0', list: false },
    { name: 'extend', type: 'select', options: RULE_EXTENDS, default: 'none', list: false },
    { name: 'remark', type: 'string', max: 255, list: false },
    { name: 'weigh', type: 'weigh', default: 0, list: { operator: false } },
    STATUS_FIELD,
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', operator: 'RANGE', hidden: true } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['title'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'auth', icon: 'bi-list-nested', weigh: 97 },
});
