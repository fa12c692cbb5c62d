import { CONTENT_FIELD, COVER_FIELD, SUMMARY_FIELD, TITLE_FIELD } from '../fields.ts';
import { publishedResource } from './published.ts';

/** Youth forum items (talks, papers, workshops): /forum, each item under its own anchor. */
export default publishedResource({
  name: 'content/forum',
  table: 'forum_item',
  fields: [
    TITLE_FIELD,
    { name: 'speaker', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } },
    SUMMARY_FIELD,
    CONTENT_FIELD,
    COVER_FIELD,
    { name: 'event_date', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
  ],
  search: ['title', 'speaker'],
  menu: { icon: 'fa fa-comments', weigh: 82 },
  cacheTags: ['forum', 'home'],
  publish: {},
  // Items are read in place on /forum, under their anchor.
  siteSearch: { type: 'forum', title: 'title', body: ['speaker', 'summary', 'content'], time: 'event_date', url: '/forum#forum-{id}' },
});
