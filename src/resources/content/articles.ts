import type { ResourceDef } from '../types.ts';
import { CONTENT_FIELD, COVER_FIELD, SUMMARY_FIELD, TITLE_FIELD } from '../fields.ts';
import type { SectionKey } from '../../shared/sections.ts';
import { publishedResource } from './published.ts';

/**
 * News and culture articles share their shape (a categorised, bilingual article with cover and publish
 * time), and so do their category tables: one description each, instantiated per section.
 */
interface ArticleKind {
  name: string;
  table: string;
  section: SectionKey;
  menu: { icon: ResourceDef['menu']['icon']; weigh: number };
}

/** An article kind: its category resource and the public page of one article. */
interface Articles extends ArticleKind {
  category: string;
  page: string;
}

export function categoryResource(kind: ArticleKind): ResourceDef {
  return publishedResource({
    name: kind.name,
    table: kind.table,
    fields: [{ name: 'name', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } }, COVER_FIELD],
    search: ['name'],
    menu: kind.menu,
    cacheTags: [kind.section, 'home'],
    publish: {},
  });
}

export function articleResource(kind: Articles): ResourceDef {
  return publishedResource({
    name: kind.name,
    table: kind.table,
    fields: [
      { name: 'category_id', type: 'remoteSelect', required: true, remote: { resource: kind.category, labelField: 'name' }, list: { operator: 'eq' } },
      TITLE_FIELD,
      SUMMARY_FIELD,
      CONTENT_FIELD,
      COVER_FIELD,
      { name: 'publish_time', type: 'timestamp', required: true, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    ],
    search: ['title'],
    menu: kind.menu,
    cacheTags: [kind.section, 'home'],
    publish: { field: 'publish_time', category: 'category_id', page: kind.page },
    siteSearch: { type: kind.section, title: 'title', body: ['summary', 'content'], time: 'publish_time', url: `/${kind.section}/info?id={id}` },
  });
}
