import { defineResource } from '../types.ts';

/** Canal culture articles: /culture, /culture/info and the home pages. */
export default defineResource({
  name: 'content/culture',
  table: 'culture_article',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'category_id', type: 'remoteSelect', required: true, remote: { resource: 'content/cultureCategory', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'content', type: 'editor', localized: true, list: false },
    { name: 'cover', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'publish_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'weigh', type: 'weigh', default: 0, list: { sortable: true, operator: false } },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['id', 'title'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'bi-book', weigh: 84 },
  cacheTags: ['culture', 'home'],
  recycle: true,
});
