import { ACTIVITY_STAGES } from '../../shared/content.ts';
import { CONTENT_FIELD, COVER_FIELD, SUMMARY_FIELD, TITLE_FIELD } from '../fields.ts';
import { publishedResource } from './published.ts';

/**
 * Brand activities: /brand, /brand/info and the home pages. `activity_status` is where the activity
 * stands (upcoming/ongoing/ended), independent of the publish `status`.
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
    { name: 'end_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'activity_status', type: 'select', required: true, options: ACTIVITY_STAGES, default: 'upcoming', list: { render: 'tag', operator: 'eq' } },
  ],
  search: ['title'],
  menu: { icon: 'fa fa-flag', weigh: 88 },
  cacheTags: ['brand', 'home'],
});
