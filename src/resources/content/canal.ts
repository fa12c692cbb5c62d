import { defineResource } from '../types.ts';

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
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'name', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'era', type: 'string', localized: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'length_km', type: 'float', min: 0, max: 10000, list: { sortable: true, operator: 'RANGE' } },
    { name: 'provinces', type: 'string', localized: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'intro', type: 'editor', localized: true, list: false },
    { name: 'heritage', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
    { name: 'course', type: 'textarea', max: 8000, list: false, form: { rows: 4 } },
    { name: 'cover', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'weigh', type: 'weigh', default: 0, list: { sortable: true, operator: false } },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['id', 'name'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'bi-water', weigh: 81 },
  cacheTags: ['canals', 'canal', 'trail', 'home'],
  recycle: true,
});
