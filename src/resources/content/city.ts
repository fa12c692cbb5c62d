import { COVER_FIELD, SUMMARY_FIELD } from '../fields.ts';
import { publishedResource } from './published.ts';

/**
 * Cities along the canal: /canals/info/city, the section pages and the cloud tour's stops. Coordinates
 * are decimal degrees (WGS 84); within a section, higher weigh comes first, which is also the stops' order
 * along the water. `heritage` lists one site per line.
 */
export default publishedResource({
  name: 'content/city',
  table: 'canal_city',
  fields: [
    { name: 'canal_id', type: 'remoteSelect', required: true, remote: { resource: 'content/canal', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'name', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'lat', type: 'float', required: true, min: -90, max: 90, list: { operator: 'RANGE' } },
    { name: 'lng', type: 'float', required: true, min: -180, max: 180, list: { operator: 'RANGE' } },
    SUMMARY_FIELD,
    { name: 'intro', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
    { name: 'heritage', type: 'textarea', localized: true, max: 4000, list: false, form: { rows: 5 } },
    COVER_FIELD,
  ],
  search: ['name'],
  menu: { icon: 'fa fa-map-marker', weigh: 80 },
  cacheTags: ['canals', 'canal', 'trail'],
  publish: { page: '/canals/info/city' },
  siteSearch: { type: 'city', title: 'name', body: ['summary', 'intro', 'heritage'], time: 'create_time', url: '/canals/info/city?id={id}' },
});
