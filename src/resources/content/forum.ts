import { defineResource } from '../types.ts';

/** Youth forum items (talks, papers, workshops): /forum, each item under its own anchor. */
export default defineResource({
  name: 'content/forum',
  table: 'forum_item',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'speaker', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'content', type: 'editor', localized: true, list: false },
    { name: 'cover', type: 'image', max: 255, list: { render: 'image', operator: false } },
    { name: 'event_date', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'weigh', type: 'weigh', default: 0, list: { sortable: true, operator: false } },
    { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
  ],
  quickSearch: ['id', 'title', 'speaker'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'bi-mic', weigh: 82 },
  cacheTags: ['forum', 'home'],
  recycle: true,
});
