import { defineResource } from '../types.ts';
import { MEMBER_KINDS } from '../../shared/content.ts';

/** Organisation members of the association: /members (filtered by kind). The logo is the member's image. */
export default defineResource({
  name: 'content/member',
  table: 'org_member',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'name', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'kind', type: 'select', required: true, options: MEMBER_KINDS, list: { render: 'tag', operator: 'eq' } },
    { name: 'logo', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'location', type: 'string', localized: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'intro', type: 'textarea', localized: true, max: 2000, list: false, form: { rows: 4 } },
    { name: 'website', type: 'url', max: 255, list: { render: 'url', operator: false } },
    { name: 'weigh', type: 'weigh', default: 0, list: { sortable: true, operator: false } },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['id', 'name'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'bi-building', weigh: 85 },
  cacheTags: ['members'],
  recycle: true,
});
