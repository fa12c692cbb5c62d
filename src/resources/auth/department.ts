import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/**
 * auth/department: the association's departments, a tree by `pid` (its screen is a tree table). Admins are
 * placed in one department; a department that still has children or admins cannot be deleted.
 */
export default defineResource({
  name: 'auth/department',
  table: 'department',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { operator: 'RANGE', width: 70 } },
    { name: 'pid', type: 'number', default: 0, min: 0, list: false },
    { name: 'name', type: 'string', required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'responsible', type: 'string', max: 50, list: { operator: 'LIKE' } },
    { name: 'phone', type: 'string', max: 30, list: { operator: 'LIKE' } },
    { name: 'email', type: 'string', max: 100, list: { operator: 'LIKE' } },
    STATUS_FIELD,
    WEIGH_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['name'],
  tree: { label: 'name' },
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'auth', icon: 'fa fa-sitemap', weigh: 95 },
  recycle: true,
});
