import { defineResource } from '../types.ts';
import { SIGNUP_STATES } from '../../shared/activity.ts';
import { CREATE_TIME_FIELD, ID_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * The roster: every member's sign-up for an activity (or a row of any resource that takes sign-ups), filterable
 * by activity, member, status and check-in. Sign-ups are made by members (`/api/activity/signup`), never here;
 * staff check members in by their code and may cancel a sign-up (the fee refunded, the next in line promoted).
 */
export default defineResource({
  name: 'content/activitySignup',
  table: 'activity_signup',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'resource', type: 'string', max: 100, form: false, list: { operator: 'eq', hidden: true } },
    { name: 'row_id', type: 'number', form: false, list: { operator: 'eq', sortable: true, width: 90 } },
    { name: 'title', type: 'string', localized: true, max: 200, form: false, list: { operator: 'LIKE' } },
    { name: 'user_id', type: 'remoteSelect', remote: { resource: 'user/user', labelField: 'nickname', columns: ['username', 'mobile'] }, form: false, list: { operator: 'eq' } },
    { name: 'status', type: 'select', options: SIGNUP_STATES, form: false, list: { render: 'tag', operator: 'eq' } },
    { name: 'fee', type: 'float', cents: true, form: false, list: { operator: false } },
    { name: 'refund', type: 'float', cents: true, form: false, list: { operator: false, hidden: true } },
    { name: 'code', type: 'string', max: 16, form: false, list: { operator: 'eq' } },
    { name: 'signup_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'checkin_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'checkin_admin_id', type: 'remoteSelect', remote: { resource: 'auth/admin', labelField: 'nickname' }, form: false, list: { operator: 'eq', hidden: true } },
    { name: 'cancel_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'title', 'code'],
  actions: ['index', 'checkIn', 'cancel'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'content', icon: 'fa fa-qrcode', weigh: 87 },
});
