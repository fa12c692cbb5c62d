import { MEMBER_KINDS } from '../../shared/content.ts';
import { publishedResource } from './published.ts';

/** Organisation members of the association: /members (filtered by kind). The logo is the member's image. */
export default publishedResource({
  name: 'content/member',
  table: 'org_member',
  fields: [
    { name: 'name', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'kind', type: 'select', required: true, options: MEMBER_KINDS, list: { render: 'tag', operator: 'eq' } },
    { name: 'logo', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'location', type: 'string', localized: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'intro', type: 'textarea', localized: true, max: 2000, list: false, form: { rows: 4 } },
    { name: 'website', type: 'url', max: 255, list: { render: 'url', operator: false } },
  ],
  search: ['name'],
  menu: { icon: 'fa fa-university', weigh: 85 },
  cacheTags: ['members'],
  publish: {},
});
