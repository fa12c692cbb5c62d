import { CONFIG_TYPES, type ConfigType } from '../../shared/config.ts';
import { defineResource } from '../types.ts';
import { ID_FIELD } from '../fields.ts';

/** Validation rules an item may carry (the client validators of reference 3.10; the server applies them too). */
export const CONFIG_RULES = [
  'required', 'mobile', 'idNumber', 'account', 'password', 'varName', 'editorRequired', 'url', 'email', 'date', 'number', 'integer', 'float',
] as const;
export type ConfigRule = (typeof CONFIG_RULES)[number];

/** Types whose `content` is a dictionary of choices. */
export const CONFIG_CHOICE_TYPES: readonly ConfigType[] = ['radio', 'checkbox', 'select', 'selects'];

/** A new item's name: a lower-case variable name of 2 to 30 characters (the column is 30 wide). */
export const CONFIG_NAME = /^[a-z][a-z0-9_]{1,29}$/;

/**
 * routine/config: the site settings (reference 3.10). Its screen is hand-written (grouped tabs, one widget
 * per item type); this definition describes the "add item" form and serves the generic delete, so deleted
 * items go through the recycle bin.
 */
/**
 * Config groups that have a settings screen of their own (the official account, the mini program): they
 * are not tabs of the system config, which neither lists nor writes their items.
 */
export const SCREEN_CONFIG_GROUPS: readonly string[] = ['wechat', 'mini_program'];

export default defineResource({
  name: 'routine/config',
  table: 'config',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'group', type: 'select', required: true, max: 30, list: { operator: 'eq' } },
    { name: 'type', type: 'select', required: true, options: CONFIG_TYPES, list: { render: 'tag', operator: 'eq' } },
    { name: 'name', type: 'string', required: true, max: 30, list: { operator: 'LIKE' } },
    { name: 'title', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'tip', type: 'string', localized: true, max: 100, list: false },
    { name: 'rule', type: 'selects', options: CONFIG_RULES, list: false },
    { name: 'content', type: 'textarea', list: false, form: { rows: 4, placeholder: true } },
    { name: 'extend', type: 'textarea', list: false, form: { rows: 3, placeholder: true } },
    { name: 'input_extend', type: 'textarea', virtual: true, list: false, form: { rows: 3, placeholder: true } },
    { name: 'value', type: 'textarea', form: false, list: false },
    { name: 'allow_del', type: 'switch', options: ['0', '1'], form: false, list: { render: 'switch', operator: 'eq' } },
    { name: 'weigh', type: 'number', default: 0, list: { sortable: true, operator: false } },
  ],
  quickSearch: ['name', 'title'],
  defaultOrder: ['weigh', 'desc'],
  timestamps: false,
  menu: { parent: 'routine', icon: 'el-icon-Tools', weigh: 88 },
  actions: ['index', 'add', 'edit', 'del', 'sendTestMail'],
  // The settings screen answers its list and add with groups of items, not rows: no spreadsheet in or out.
  transfer: { export: false, import: false },
});
