import { defineResource } from '../types.ts';
import { COVER_FIELD, CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/**
 * Sections of the Grand Canal: /canals, /canals/info and the cloud tour. `course` is the section's line on
 * the tour map: `lat,lng` points separated by `;` or new lines, in order along the water (empty: the line
 * joins the section's cities in their order). `heritage` lists one site per line.
 */
export default defineResource({
  name: 'content/canal',
  table: 'canal',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'name', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'era', type: 'string', localized: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'length_km', type: 'float', min: 0, max: 10000, list: { sortable: true, operator: 'RANGE' } },
    { name: 'provinces', type: 'string', localized: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'intro', type: 'editor', localized: true, list: false },
    { name: 'heritage', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
    { name: 'course', type: 'textarea', max: 8000, list: false, form: { rows: 4 } },
    COVER_FIELD,
    WEIGH_FIELD,
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'name'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'fa fa-ship', weigh: 81 },
  cacheTags: ['canals', 'canal', 'trail', 'home'],
  recycle: true,
  revisions: true,
  publish: { page: '/canals/info' },
});
