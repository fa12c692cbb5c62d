import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * auth/admin: back-office accounts (reference 3.1). A non-super admin sees themself and the admins of the
 * groups they cover with extra rules (data limit on the admin's own id). `group_arr` is stored in
 * admin_group_access, not in a column; an admin sits in one department and holds one job (0 = none).
 */
export default defineResource({
  name: 'auth/admin',
  table: 'admin',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'username', type: 'string', required: true, max: 20, list: { operator: 'LIKE' } },
    { name: 'nickname', type: 'string', required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'group_arr', type: 'remoteSelects', virtual: true, required: true, remote: { resource: 'auth/group', labelField: 'name' }, list: { render: 'tags', operator: false } },
    { name: 'department_id', type: 'remoteSelect', default: 0, remote: { resource: 'auth/department', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'job_id', type: 'remoteSelect', default: 0, remote: { resource: 'auth/job', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'avatar', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'email', type: 'string', max: 50, list: { operator: 'LIKE', hidden: true } },
    { name: 'mobile', type: 'string', max: 11, list: { operator: 'LIKE' } },
    { name: 'password', type: 'password', virtual: true, list: false },
    { name: 'motto', type: 'textarea', max: 255, list: false, form: { rows: 2 } },
    { name: 'last_login_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'last_login_ip', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['username', 'nickname'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'auth', icon: 'el-icon-UserFilled', weigh: 98 },
  recycle: true,
  dataLimit: 'allAuthAndOthers',
  dataLimitField: 'id',
  secret: ['salt'],
  // The login before the last one feeds "last login" only; list rows keep the reference's columns.
  hidden: ['login_failure', 'last_failure_time', 'prev_login_time', 'prev_login_ip'],
});
