import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD } from '../fields.ts';

/** security/dataRecycleLog: the recycle bin, one row per deleted row (reference 3.14); restored rows leave it. */
export default defineResource({
  name: 'security/dataRecycleLog',
  table: 'security_data_recycle_log',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'admin_id', type: 'number', form: false, list: { operator: 'eq', width: 90 } },
    { name: 'recycle_id', type: 'remoteSelect', remote: { resource: 'security/dataRecycle', labelField: 'name' }, form: false, list: { operator: 'eq' } },
    { name: 'data', type: 'textarea', form: false, list: false, opaque: true },
    { name: 'data_table', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'primary_key', type: 'string', form: false, list: { operator: 'eq', hidden: true } },
    // A restored entry stays, marked, so the history reads whole (the reference deletes it).
    { name: 'is_restore', type: 'switch', options: ['0', '1'], default: '0', form: false, list: { render: 'tag', operator: 'eq' } },
    { name: 'ip', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'useragent', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['recycle.name'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'security', icon: 'fa fa-database', weigh: 84 },
  actions: ['index', 'del', 'info', 'restore'],
  // The deleted row's secrets (a password hash), kept apart and sealed for a restore.
  secret: ['secret_data'],
});
