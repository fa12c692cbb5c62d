import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD } from '../fields.ts';

/**
 * user/moneyLog: the members' balance ledger (reference 3.8), insert-only. Amounts are stored in cents and
 * exchanged as yuan strings ("12.50").
 */
export default defineResource({
  name: 'user/moneyLog',
  table: 'user_money_log',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'user_id', type: 'remoteSelect', required: true, remote: { resource: 'user/user', labelField: 'username', columns: ['nickname'] }, list: { operator: 'eq' } },
    { name: 'money', type: 'float', required: true, list: { operator: false } },
    { name: 'before', type: 'float', form: false, list: { operator: false } },
    { name: 'after', type: 'float', form: false, list: { operator: false } },
    { name: 'memo', type: 'textarea', localized: true, required: true, max: 255, list: { operator: 'LIKE' }, form: { rows: 2 } },
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['user.username', 'user.nickname'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'user', icon: 'el-icon-Money', weigh: 91 },
  actions: ['index', 'add'],
  // A line moves a member's balance: it is added one at a time, through the ledger's own dialog.
  transfer: { import: false },
});
