import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

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
    ID_FIELD,
    { name: 'name', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'controller', type: 'select', required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'controller_as', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    { name: 'data_table', type: 'string', max: 100, list: { operator: 'LIKE' } },
    { name: 'primary_key', type: 'string', max: 50, list: { operator: 'eq' } },
    STATUS_FIELD,
    UPDATE_TIME_FIELD,
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['name'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'security', icon: 'fa fa-database', weigh: 82 },
});
