import { defineResource } from '../types.ts';

/**
 * Cities along the canal: /canals/info/city, the section pages and the cloud tour's stops. Coordinates
 * are decimal degrees (WGS 84); within a section, higher weigh comes first, which is also the stops' order
 * along the water. `heritage` lists one site per line.
 */
export default defineResource({
  name: 'content/city',
  table: 'canal_city',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'canal_id', type: 'remoteSelect', required: true, remote: { resource: 'content/canal', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'name', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'lat', type: 'float', required: true, min: -90, max: 90, list: { operator: 'RANGE' } },
    { name: 'lng', type: 'float', required: true, min: -180, max: 180, list: { operator: 'RANGE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'intro', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
    { name: 'heritage', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
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
  menu: { parent: 'content', icon: 'bi-geo-alt', weigh: 80 },
  cacheTags: ['canals', 'canal', 'trail'],
  recycle: true,
});
