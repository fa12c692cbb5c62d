import { defineResource } from '../types.ts';
import { COVER_FIELD, CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

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
    ID_FIELD,
    { name: 'canal_id', type: 'remoteSelect', required: true, remote: { resource: 'content/canal', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'name', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'lat', type: 'float', required: true, min: -90, max: 90, list: { operator: 'RANGE' } },
    { name: 'lng', type: 'float', required: true, min: -180, max: 180, list: { operator: 'RANGE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'intro', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
    { name: 'heritage', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
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
  menu: { parent: 'content', icon: 'fa fa-map-marker', weigh: 80 },
  cacheTags: ['canals', 'canal', 'trail'],
  recycle: true,
  revisions: true,
  publish: { page: '/canals/info/city' },
});
