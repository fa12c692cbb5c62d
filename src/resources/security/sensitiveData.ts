import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * security/sensitiveData: which fields of which admin functions have their edits logged (reference 3.15).
 * `data_fields` is stored as JSON `{column: title}`, rebuilt from the posted columns and their titles.
 */
export default defineResource({
  name: 'security/sensitiveData',
  table: 'security_sensitive_data',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'name', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'controller', type: 'select', required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'controller_as', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    { name: 'data_table', type: 'string', max: 100, list: { operator: 'LIKE' } },
    { name: 'primary_key', type: 'string', max: 50, list: { operator: 'eq' } },
    { name: 'data_fields', type: 'selects', form: false, list: { render: 'tags', operator: false } },
    STATUS_FIELD,
    UPDATE_TIME_FIELD,
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['name'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'security', icon: 'fa fa-expeditedssl', weigh: 81 },
});
