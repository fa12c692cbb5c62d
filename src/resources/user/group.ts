import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/** user/group: member groups (reference 3.6); `rules` holds user_rule ids or `*`. */
export default defineResource({
  name: 'user/group',
  table: 'user_group',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'name', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'rules', type: 'remoteSelects', remote: { resource: 'user/rule', labelField: 'title' }, list: false },
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['name'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'user', icon: 'fa fa-group', weigh: 93 },
});
