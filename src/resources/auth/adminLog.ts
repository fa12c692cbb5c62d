import { defineResource } from '../types.ts';

/** auth/adminLog: the admin log, read-only (reference 3.4, 6.4). */
export default defineResource({
  name: 'auth/adminLog',
  table: 'admin_log',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 80 } },
    { name: 'admin_id', type: 'number', form: false, list: { operator: 'eq', width: 90 } },
    { name: 'username', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'title', type: 'string', localized: true, form: false, list: { operator: 'LIKE' } },
    { name: 'url', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'data', type: 'textarea', form: false, list: false },
    { name: 'ip', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'useragent', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
  ],
  quickSearch: ['title'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'auth', icon: 'el-icon-List', weigh: 96 },
  actions: ['index'],
});
