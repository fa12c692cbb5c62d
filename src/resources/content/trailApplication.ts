import { defineResource } from '../types.ts';
import { APPLICATION_STATES, DIFFICULTIES } from '../../shared/content.ts';
import { COVER_FIELD, CREATE_TIME_FIELD, ID_FIELD, SUMMARY_FIELD, TITLE_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * Trail listings proposed by members, reviewed in the admin. The table holds the proposed trail (the
 * same fields as `trail`) plus the review: status, remark, reviewer and time, and the trail created on approval.
 * Not public, so it has no publish status, weigh or cache tags; the newest application comes first.
 */
export default defineResource({
  name: 'content/trailApplication',
  table: 'trail_application',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'user_id', type: 'remoteSelect', required: true, remote: { resource: 'user/user', labelField: 'nickname' }, list: { operator: 'eq' } },
    TITLE_FIELD,
    SUMMARY_FIELD,
    { name: 'canal_id', type: 'remoteSelect', required: true, remote: { resource: 'content/canal', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'city_id', type: 'remoteSelect', remote: { resource: 'content/city', labelField: 'name' }, list: { operator: 'eq', hidden: true } },
    { name: 'length_km', type: 'float', min: 0, max: 10000, list: { sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'duration_min', type: 'number', min: 0, max: 100000, list: { sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'difficulty', type: 'radio', required: true, options: DIFFICULTIES, default: 'easy', list: { render: 'tag', operator: 'eq' } },
    { name: 'route', type: 'editor', localized: true, list: false },
    COVER_FIELD,
    { name: 'photos', type: 'images', list: { render: 'images', operator: false } },
    { name: 'status', type: 'radio', required: true, options: APPLICATION_STATES, default: 'pending', list: { render: 'tag', operator: 'eq' } },
    { name: 'remark', type: 'textarea', max: 500, list: false, form: { rows: 3 } },
    { name: 'admin_id', type: 'remoteSelect', remote: { resource: 'auth/admin', labelField: 'nickname' }, form: false, list: { operator: 'eq', hidden: true } },
    { name: 'review_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'trail_id', type: 'remoteSelect', remote: { resource: 'content/trail', labelField: 'title' }, form: false, list: { operator: 'eq', hidden: true } },
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'title'],
  // Reviewed, not authored here: no add or sort; approve and reject have routes of their own.
  actions: ['index', 'edit', 'del', 'approve', 'reject'],
  defaultOrder: ['id', 'desc'],
  timestamps: true,
  menu: { parent: 'content', icon: 'fa fa-check-square-o', weigh: 86 },
  todo: { kind: 'waiting', field: 'status', value: 'pending' },
  recycle: true,
});
