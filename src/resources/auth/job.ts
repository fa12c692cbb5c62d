import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/** auth/job: the posts staff hold (secretary-general, editor...), each with a unique code. */
export default defineResource({
  name: 'auth/job',
  table: 'job',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'name', type: 'string', required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'code', type: 'string', required: true, max: 50, list: { operator: 'LIKE' } },
    STATUS_FIELD,
    WEIGH_FIELD,
    { name: 'remark', type: 'textarea', max: 255, list: { operator: 'LIKE' }, form: { rows: 2 } },
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['name', 'code'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'auth', icon: 'fa fa-briefcase', weigh: 94 },
  recycle: true,
});
