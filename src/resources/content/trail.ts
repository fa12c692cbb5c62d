import { DIFFICULTIES } from '../../shared/content.ts';
import { COVER_FIELD, SUMMARY_FIELD, TITLE_FIELD } from '../fields.ts';
import { publishedResource } from './published.ts';

/**
 * Most beautiful trails: /trail, /trail/info, the home pages and the city pages. Length is kilometres in a
 * float column (shown with one decimal; PostgreSQL would hand a numeric column back as a string), duration is
 * whole minutes so each language words it itself.
 */
export default publishedResource({
  name: 'content/trail',
  table: 'trail',
  fields: [
    TITLE_FIELD,
    SUMMARY_FIELD,
    { name: 'canal_id', type: 'remoteSelect', required: true, remote: { resource: 'content/canal', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'city_id', type: 'remoteSelect', remote: { resource: 'content/city', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'length_km', type: 'float', min: 0, max: 10000, list: { sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'duration_min', type: 'number', min: 0, max: 100000, list: { sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'difficulty', type: 'radio', required: true, options: DIFFICULTIES, default: 'easy', list: { render: 'tag', operator: 'eq' } },
    { name: 'route', type: 'editor', localized: true, list: false },
    COVER_FIELD,
    { name: 'gallery', type: 'images', list: false },
  ],
  search: ['title'],
  menu: { icon: 'fa fa-map-signs', weigh: 87 },
  cacheTags: ['trail', 'home', 'canals'],
  publish: { page: '/trail/info' },
  siteSearch: { type: 'trail', title: 'title', body: ['summary', 'route'], time: 'create_time', url: '/trail/info?id={id}' },
});
