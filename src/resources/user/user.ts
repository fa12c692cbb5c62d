import { defineResource } from '../types.ts';
import { ID_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

export const GENDERS = [0, 1, 2] as const;
export const USER_STATUSES = ['enable', 'disable'] as const;

/**
 * user/user: member accounts (reference 3.5). Balance and points are shown but never written here: they
 * change only through the user/moneyLog and user/scoreLog ledgers.
 */
export default defineResource({
  name: 'user/user',
  table: 'user',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'group_id', type: 'remoteSelect', required: true, remote: { resource: 'user/group', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'username', type: 'string', required: true, max: 32, list: { operator: 'LIKE' } },
    { name: 'nickname', type: 'string', max: 50, list: { operator: 'LIKE' } },
    { name: 'avatar', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'email', type: 'string', max: 50, list: { operator: 'LIKE', hidden: true } },
    { name: 'mobile', type: 'string', max: 11, list: { operator: 'LIKE' } },
    { name: 'gender', type: 'radio', options: GENDERS, default: 0, list: { render: 'tag', operator: 'eq', hidden: true } },
    { name: 'birthday', type: 'date', list: false },
    { name: 'money', type: 'float', form: false, list: { sortable: true, operator: 'RANGE' } },
    { name: 'score', type: 'number', form: false, list: { sortable: true, operator: 'RANGE' } },
    { name: 'password', type: 'password', virtual: true, list: false },
    { name: 'motto', type: 'textarea', max: 255, list: false, form: { rows: 2 } },
    { name: 'status', type: 'radio', required: true, options: USER_STATUSES, default: 'enable', list: { render: 'tag', operator: 'eq' } },
    { name: 'join_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'last_login_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'last_login_ip', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['username', 'nickname', 'id'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'user', icon: 'fa fa-user', weigh: 94 },
  recycle: true,
  secret: ['salt'],
  // The login before the last one feeds "last login" only; list rows keep the reference's columns.
  hidden: ['last_failure_time', 'prev_login_time', 'prev_login_ip'],
});
