import { defineResource } from '../types.ts';

/**
 * security/dataRecycle: which admin functions copy the rows they delete to the recycle bin (reference
 * 3.13). `controller` is a resource name (e.g. 'auth/admin'); `controller_as` is its lower-case form, which
 * the recycle hook compares with the route.
 */
export default defineResource({
  name: 'security/dataRecycle',
  table: 'security_data_recycle',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'name', type: 'string', required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'controller', type: 'select', required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'controller_as', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    { name: 'data_table', type: 'string', max: 100, list: { operator: 'LIKE' } },
    { name: 'primary_key', type: 'string', max: 50, list: { operator: 'eq' } },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
  ],
  quickSearch: ['name'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'security', icon: 'bi-recycle', weigh: 82 },
});
