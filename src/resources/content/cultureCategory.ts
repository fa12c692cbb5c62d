import { defineResource } from '../types.ts';

/** Culture article categories (history, heritage sites, crafts and customs...). */
export default defineResource({
  name: 'content/cultureCategory',
  table: 'culture_category',
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
  menu: { parent: 'content', icon: 'bi-bookmarks', weigh: 83 },
  cacheTags: ['culture', 'home'],
  recycle: true,
});
