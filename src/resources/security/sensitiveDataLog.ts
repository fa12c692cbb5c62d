import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD } from '../fields.ts';

/** security/sensitiveDataLog: one row per logged change of a watched field (reference 3.16); rolled back rows leave it. */
export default defineResource({
  name: 'security/sensitiveDataLog',
  table: 'security_sensitive_data_log',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'admin_id', type: 'number', form: false, list: { operator: 'eq', width: 90 } },
    { name: 'sensitive_id', type: 'remoteSelect', remote: { resource: 'security/sensitiveData', labelField: 'name' }, form: false, list: { operator: 'eq' } },
    { name: 'data_table', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'primary_key', type: 'string', form: false, list: { operator: 'eq', hidden: true } },
    { name: 'data_field', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'data_comment', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'id_value', type: 'string', form: false, list: { operator: 'eq' } },
    { name: 'before', type: 'textarea', form: false, list: { operator: false }, opaque: true },
    { name: 'after', type: 'textarea', form: false, list: { operator: false }, opaque: true },
    // A rolled back change stays, marked, so the history reads whole (the reference deletes it).
    { name: 'is_rollback', type: 'switch', options: ['0', '1'], default: '0', form: false, list: { render: 'tag', operator: 'eq' } },
    { name: 'ip', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'useragent', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['sensitive.name'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'security', icon: 'fa fa-expeditedssl', weigh: 83 },
  actions: ['index', 'del', 'info', 'rollback'],
  // The changed secret's old value (a password hash with its salt), kept apart and sealed for a rollback.
  secret: ['secret_data'],
});
