import { defineResource } from '../types.ts';

/** News categories (e.g. association news, heritage protection, city news). */
export default defineResource({
  name: 'content/newsCategory',
  table: 'news_category',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'name', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
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
  menu: { parent: 'content', icon: 'bi-tags', weigh: 89 },
  cacheTags: ['news', 'home'],
  recycle: true,
});
