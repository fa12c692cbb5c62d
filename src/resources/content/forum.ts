import { defineResource } from '../types.ts';
import { COVER_FIELD, CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';

/** Youth forum items (talks, papers, workshops): /forum, each item under its own anchor. */
export default defineResource({
  name: 'content/forum',
  table: 'forum_item',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'speaker', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } },
    { name: 'content', type: 'editor', localized: true, list: false },
    COVER_FIELD,
    { name: 'event_date', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    WEIGH_FIELD,
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['id', 'title', 'speaker'],
  defaultOrder: ['weigh', 'desc'],
  weighField: 'weigh',
  timestamps: true,
  menu: { parent: 'content', icon: 'fa fa-comments', weigh: 82 },
  cacheTags: ['forum', 'home'],
  recycle: true,
  revisions: true,
  publish: {},
});
