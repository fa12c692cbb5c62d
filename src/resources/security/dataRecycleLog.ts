import { defineResource } from '../types.ts';

/** security/dataRecycleLog: the recycle bin, one row per deleted row (reference 3.14); restored rows leave it. */
export default defineResource({
  name: 'security/dataRecycleLog',
  table: 'security_data_recycle_log',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'admin_id', type: 'number', form: false, list: { operator: 'eq', width: 90 } },
    { name: 'recycle_id', type: 'remoteSelect', remote: { resource: 'security/dataRecycle', labelField: 'name' }, form: false, list: { operator: 'eq' } },
    { name: 'data', type: 'textarea', form: false, list: false },
    { name: 'data_table', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'primary_key', type: 'string', form: false, list: { operator: 'eq', hidden: true } },
    { name: 'ip', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'useragent', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
  ],
  quickSearch: ['recycle.name'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'security', icon: 'bi-trash3', weigh: 84 },
});
