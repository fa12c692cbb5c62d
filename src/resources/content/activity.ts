import { ACTIVITY_STAGES } from '../../shared/content.ts';
import { CONTENT_FIELD, COVER_FIELD, SUMMARY_FIELD, TITLE_FIELD } from '../fields.ts';
import { publishedResource } from './published.ts';

/**
 * Brand activities: /brand, /brand/info and the home pages. `activity_status` is where the activity
 * stands (upcoming/ongoing/ended), independent of the publish `status`. Members sign up for an activity whose
 * `signup_end` is set (places, fee, waitlist: SignupMode), and visitors find activities with the site search.
 */
export default publishedResource({
  name: 'content/activity',
  table: 'brand_activity',
  fields: [
    TITLE_FIELD,
    SUMMARY_FIELD,
    CONTENT_FIELD,
    COVER_FIELD,
    { name: 'place', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'start_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    // The start says when an activity is; its end gives way first when the title lacks room.
    { name: 'end_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE', priority: 'low' } },
    { name: 'activity_status', type: 'select', required: true, options: ACTIVITY_STAGES, default: 'upcoming', list: { render: 'tag', operator: 'eq' } },
    { name: 'capacity', type: 'number', min: 0, max: 100000, default: 0, list: { sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'fee', type: 'float', cents: true, precision: 2, min: 0, max: 100000, default: 0, list: { operator: false, hidden: true } },
    { name: 'signup_start', type: 'timestamp', list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'signup_end', type: 'timestamp', list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'cancel_end', type: 'timestamp', list: { render: 'datetime', operator: false, hidden: true } },
  ],
  search: ['title'],
  menu: { icon: 'fa fa-flag', weigh: 88 },
  cacheTags: ['brand', 'home'],
  publish: { page: '/brand/info' },
  todo: { kind: 'upcoming', field: 'start_time', days: 7 },
  signup: { title: 'title', start: 'start_time' },
  siteSearch: { type: 'activity', title: 'title', body: ['summary', 'place', 'content'], time: 'start_time', url: '/brand/info?id={id}' },
});
