import { defineResource } from '../types.ts';
import { DIFFICULTIES } from '../../shared/content.ts';

/**
 * Most beautiful trails: /trail, /trail/info, the home pages and the city pages. Length is kilometres in a
 * float column (shown with one decimal; PostgreSQL would hand a numeric column back as a string), duration is
 * whole minutes so each language words it itself.
 */
export default defineResource({
  name: 'content/trail',
  table: 'trail',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'canal_id', type: 'remoteSelect', required: true, remote: { resource: 'content/canal', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'city_id', type: 'remoteSelect', remote: { resource: 'content/city', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'length_km', type: 'float', min: 0, max: 10000, list: { sortable: true, operator: 'RANGE' } },
    { name: 'duration_min', type: 'number', min: 0, max: 100000, list: { sortable: true, operator: 'RANGE' } },
    { name: 'difficulty', type: 'radio', required: true, options: DIFFICULTIES, default: 'easy', list: { render: 'tag', operator: 'eq' } },
    { name: 'route', type: 'editor', localized: true, list: false },
    { name: 'cover', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'gallery', type: 'images', list: false },
    { name: 'weigh', type: 'weigh', default: 0, list: { sortable: true, operator: false } },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['id', 'title'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'bi-signpost-split', weigh: 87 },
  cacheTags: ['trail', 'home', 'canals'],
  recycle: true,
});
