import { defineResource } from '../types.ts';
import { COVER_FIELD, CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/** Canal culture articles: /culture, /culture/info and the home pages. */
export default defineResource({
  name: 'content/culture',
  table: 'culture_article',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'category_id', type: 'remoteSelect', required: true, remote: { resource: 'content/cultureCategory', labelField: 'name' }, list: { operator: 'eq' } },
    { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'content', type: 'editor', localized: true, list: false },
    COVER_FIELD,
    { name: 'publish_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    WEIGH_FIELD,
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'title'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'bi-book', weigh: 84 },
  cacheTags: ['culture', 'home'],
  recycle: true,
});
