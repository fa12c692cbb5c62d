import { COVER_FIELD, SUMMARY_FIELD } from '../fields.ts';
import { publishedResource } from './published.ts';

/**
 * Sections of the Grand Canal: /canals, /canals/info and the cloud tour. `course` is the section's line on
 * the tour map: `lat,lng` points separated by `;` or new lines, in order along the water (empty: the line
 * joins the section's cities in their order). `heritage` lists one site per line.
 */
export default publishedResource({
  name: 'content/canal',
  table: 'canal',
  fields: [
    { name: 'name', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'era', type: 'string', localized: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'length_km', type: 'float', min: 0, max: 10000, list: { sortable: true, operator: 'RANGE' } },
    { name: 'provinces', type: 'string', localized: true, max: 200, list: { operator: 'LIKE' } },
    SUMMARY_FIELD,
    { name: 'intro', type: 'editor', localized: true, list: false },
    { name: 'heritage', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
    { name: 'course', type: 'textarea', max: 8000, list: false, form: { rows: 4 } },
    COVER_FIELD,
  ],
  search: ['name'],
  menu: { icon: 'fa fa-ship', weigh: 81 },
  cacheTags: ['canals', 'canal', 'trail', 'home'],
  publish: { page: '/canals/info' },
  siteSearch: { type: 'canal', title: 'name', body: ['summary', 'era', 'provinces', 'intro', 'heritage'], time: 'create_time', url: '/canals/info?id={id}' },
});
