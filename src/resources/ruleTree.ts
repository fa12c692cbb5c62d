import { STATUS_FIELD } from './fields.ts';
import { defineResource, type FieldDef, type ResourceDef } from './types.ts';

export const MENU_TYPES = ['tab', 'link', 'iframe'] as const;
export const RULE_EXTENDS = ['none', 'add_rules_only', 'add_menu_only'] as const;

/**
 * The admin and member rule tables are the same tree (reference 1.4, 3.7-3.8): they differ in their node
 * types, one flag (keep-alive for admin pages, "valid without login" for member ones), table and menu.
 */
export function ruleResource(tree: {
  name: string;
  table: string;
  types: readonly string[];
  flag: FieldDef;
  menu: ResourceDef['menu'];
}): ResourceDef {
  return defineResource({
    name: tree.name,
    table: tree.table,
    pk: 'id',
    fields: [
      { name: 'id', type: 'number', form: false, list: { operator: 'RANGE', width: 70 } },
      { name: 'pid', type: 'number', default: 0, min: 0, list: false },
      { name: 'type', type: 'radio', required: true, options: tree.types, default: 'menu', list: { render: 'tag', operator: 'eq' } },
      { name: 'title', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
      { name: 'name', type: 'string', required: true, max: 100, list: { operator: 'LIKE' } },
      { name: 'path', type: 'string', max: 100, list: { operator: 'LIKE', hidden: true } },
      { name: 'icon', type: 'icon', max: 50, list: { render: 'icon', operator: false } },
      { name: 'menu_type', type: 'radio', options: MENU_TYPES, default: 'tab', list: { render: 'tag', operator: 'eq', hidden: true } },
      { name: 'url', type: 'url', max: 255, list: false },
      { name: 'component', type: 'string', max: 100, list: { operator: 'LIKE', hidden: true } },
      tree.flag,
      { name: 'extend', type: 'select', options: RULE_EXTENDS, default: 'none', list: false },
      { name: 'remark', type: 'string', max: 255, list: false },
      { name: 'weigh', type: 'weigh', default: 0, list: { operator: false, hidden: true } },
      STATUS_FIELD,
      { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', operator: 'RANGE', hidden: true } },
      { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', operator: 'RANGE', hidden: true } },
    ],
    quickSearch: ['title'],
    defaultOrder: ['weigh', 'desc'],
    tree: { label: 'title' },
    weighField: 'weigh',
    timestamps: true,
    menu: tree.menu,
  });
}
