import { defineResource } from '../types.ts';
import { STATUS_FIELD } from '../fields.ts';

/**
 * auth/group: admin role groups (reference 3.2), a tree by `pid`. `rules` holds admin_rule ids or `*`;
 * the hierarchy of who may manage whom comes from the rule sets, not from `pid`.
 */
export default defineResource({
  name: 'auth/group',
  table: 'admin_group',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { operator: 'RANGE', width: 70 } },
    { name: 'pid', type: 'number', default: 0, min: 0, list: false },
    { name: 'name', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'rules', type: 'remoteSelects', remote: { resource: 'auth/rule', labelField: 'title' }, list: { operator: false } },
    STATUS_FIELD,
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['name'],
  tree: { label: 'name' },
  defaultOrder: ['id', 'asc'],
  timestamps: true,
  menu: { parent: 'auth', icon: 'fa fa-group', weigh: 99 },
});
