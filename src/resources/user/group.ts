import { defineResource } from '../types.ts';

/** user/group: member groups (reference 3.6); `rules` holds user_rule ids or `*`. */
export default defineResource({
  name: 'user/group',
  table: 'user_group',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'name', type: 'string', required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'rules', type: 'remoteSelects', remote: { resource: 'user/rule', labelField: 'title' }, list: false },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['name'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'user', icon: 'bi-collection', weigh: 93 },
});
