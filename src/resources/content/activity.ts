import { defineResource } from '../types.ts';
import { ACTIVITY_STAGES } from '../../shared/content.ts';

/**
 * Brand activities: /brand, /brand/info and the home pages. `activity_status` is where the activity
 * stands (upcoming/ongoing/ended), independent of the publish `status`.
 */
export default defineResource({
  name: 'content/activity',
  table: 'brand_activity',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'content', type: 'editor', localized: true, list: false },
    { name: 'cover', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'place', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'start_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'end_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'activity_status', type: 'select', required: true, options: ACTIVITY_STAGES, default: 'upcoming', list: { render: 'tag', operator: 'eq' } },
    { name: 'weigh', type: 'weigh', default: 0, list: { sortable: true, operator: false } },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['id', 'title'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'bi-flag', weigh: 88 },
  cacheTags: ['brand', 'home'],
  recycle: true,
});
