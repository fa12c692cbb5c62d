import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD } from '../fields.ts';

/** user/scoreLog: the members' points ledger (reference 3.9), insert-only, in whole points. */
export default defineResource({
  name: 'user/scoreLog',
  table: 'user_score_log',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'user_id', type: 'remoteSelect', required: true, remote: { resource: 'user/user', labelField: 'username', columns: ['nickname'] }, list: { operator: 'eq' } },
    { name: 'score', type: 'number', required: true, list: { operator: 'RANGE' } },
    { name: 'before', type: 'number', form: false, list: { operator: 'RANGE' } },
    { name: 'after', type: 'number', form: false, list: { operator: 'RANGE' } },
    { name: 'memo', type: 'textarea', localized: true, required: true, max: 255, list: { operator: 'LIKE' }, form: { rows: 2 } },
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['user.username', 'user.nickname'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'user', icon: 'el-icon-Discount', weigh: 90 },
  actions: ['index', 'add'],
  // A line moves a member's balance: it is added one at a time, through the ledger's own dialog.
  transfer: { import: false },
});
