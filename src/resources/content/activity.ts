import { defineResource } from '../types.ts';
import { ACTIVITY_STAGES } from '../../shared/content.ts';
import { COVER_FIELD, CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/**
 * Brand activities: /brand, /brand/info and the home pages. `activity_status` is where the activity
 * stands (upcoming/ongoing/ended), independent of the publish `status`. Members sign up for an activity whose
 * `signup_end` is set (places, fee, waitlist: SignupMode), and visitors find activities with the site search.
 */
export default defineResource({
  name: 'content/activity',
  table: 'brand_activity',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'content', type: 'editor', localized: true, list: false },
    COVER_FIELD,
    { name: 'place', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'start_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'end_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'activity_status', type: 'select', required: true, options: ACTIVITY_STAGES, default: 'upcoming', list: { render: 'tag', operator: 'eq' } },
    { name: 'capacity', type: 'number', min: 0, max: 100000, default: 0, list: { sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'fee', type: 'float', cents: true, precision: 2, min: 0, max: 100000, default: 0, list: { operator: false, hidden: true } },
    { name: 'signup_start', type: 'timestamp', list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'signup_end', type: 'timestamp', list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'cancel_end', type: 'timestamp', list: { render: 'datetime', operator: false, hidden: true } },
    WEIGH_FIELD,
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'title'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'fa fa-flag', weigh: 88 },
  cacheTags: ['brand', 'home'],
  recycle: true,
  signup: { title: 'title', start: 'start_time' },
  search: { type: 'activity', title: 'title', body: ['summary', 'place', 'content'], time: 'start_time', url: '/brand/info?id={id}' },
});
