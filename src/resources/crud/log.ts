import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD } from '../fields.ts';

export const CRUD_LOG_STATUSES = ['start', 'success', 'error', 'delete'] as const;

/**
 * crud/log: every generate of the CRUD generator with its full design (reference admin-api 5, `crud.Log`),
 * listed in the generator's screen to start a new design from an old one. Read-only and without a menu
 * of its own: it is served under the generator's rule, so it is not among the portal's menu resources.
 */
export default defineResource({
  name: 'crud/log',
  table: 'crud_log',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'table_name', type: 'string', max: 200, list: { operator: 'LIKE' } },
    { name: 'status', type: 'select', options: CRUD_LOG_STATUSES, list: { render: 'tag', operator: 'eq' } },
    { name: 'connection', type: 'string', max: 100, list: false },
    { name: 'error', type: 'textarea', list: false },
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'table_name'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'crud', icon: 'fa fa-code', weigh: 0 },
  actions: ['index'],
});
