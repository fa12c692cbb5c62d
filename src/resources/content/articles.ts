import { defineResource, type ResourceDef } from '../types.ts';
import { COVER_FIELD, CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';
import type { SectionKey } from '../../shared/sections.ts';

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
  return defineResource({
    name: kind.name,
    table: kind.table,
    pk: 'id',
    fields: [
      ID_FIELD,
      { name: 'name', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
      COVER_FIELD,
      WEIGH_FIELD,
      STATUS_FIELD,
      CREATE_TIME_FIELD,
      UPDATE_TIME_FIELD,
    ],
    quickSearch: ['id', 'name'],
    defaultOrder: ['weigh', 'desc'],
    weighField: 'weigh',
    timestamps: true,
    menu: { parent: 'content', ...kind.menu },
    cacheTags: [kind.section, 'home'],
    recycle: true,
    revisions: true,
    publish: {},
  });
}

export function articleResource(kind: Articles): ResourceDef {
  return defineResource({
    name: kind.name,
    table: kind.table,
    pk: 'id',
    fields: [
      ID_FIELD,
      { name: 'category_id', type: 'remoteSelect', required: true, remote: { resource: kind.category, labelField: 'name' }, list: { operator: 'eq' } },
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
    menu: { parent: 'content', ...kind.menu },
    cacheTags: [kind.section, 'home'],
    recycle: true,
    revisions: true,
    publish: { field: 'publish_time', category: 'category_id', page: kind.page },
  });
}
