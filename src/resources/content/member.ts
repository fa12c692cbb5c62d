import { defineResource } from '../types.ts';
import { MEMBER_KINDS } from '../../shared/content.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/** Organisation members of the association: /members (filtered by kind). The logo is the member's image. */
export default defineResource({
  name: 'content/member',
  table: 'org_member',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'name', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'kind', type: 'select', required: true, options: MEMBER_KINDS, list: { render: 'tag', operator: 'eq' } },
    { name: 'logo', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'location', type: 'string', localized: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'intro', type: 'textarea', localized: true, max: 2000, list: false, form: { rows: 4 } },
    { name: 'website', type: 'url', max: 255, list: { render: 'url', operator: false } },
    WEIGH_FIELD,
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'name'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'fa fa-university', weigh: 85 },
  cacheTags: ['members'],
  recycle: true,
  revisions: true,
  publish: {},
});
