import { defineResource, type FieldDef, type PublishRule, type ResourceDef, type SearchMode, type SignupMode } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD, WEIGH_FIELD } from '../fields.ts';
import type { SectionKey } from '../../shared/sections.ts';

/** What sets one kind of published content apart; the rest every such table shares. */
export interface PublishedKind {
  name: string;
  table: string;
  /** The table's own fields, shown between the id and the drag order. */
  fields: readonly FieldDef[];
  /** Columns a quick search reads besides the id. */
  search: readonly string[];
  menu: { icon: ResourceDef['menu']['icon']; weigh: number };
  cacheTags: readonly SectionKey[];
  /** What "published" means beyond the status: its publish-time field, category, public page. */
  publish: PublishRule;
  /** What of these rows the dashboard lists as needing doing (see ResourceDef.todo). */
  todo?: ResourceDef['todo'];
  /** Visitors find the rows with the site search (ResourceDef `search`). */
  siteSearch?: SearchMode;
  /** Members sign up for the rows. */
  signup?: SignupMode;
}

/**
 * A table of content the public pages show: drag-sorted (higher weigh first), published or a draft, timed,
 * listed under the content menu, copied to the recycle bin when deleted, every save's previous version kept.
 */
export function publishedResource(kind: PublishedKind): ResourceDef {
  return defineResource({
    name: kind.name,
    table: kind.table,
    pk: 'id',
    fields: [ID_FIELD, ...kind.fields, WEIGH_FIELD, STATUS_FIELD, CREATE_TIME_FIELD, UPDATE_TIME_FIELD],
    quickSearch: ['id', ...kind.search],
    defaultOrder: ['weigh', 'desc'],
    weighField: 'weigh',
    timestamps: true,
    menu: { parent: 'content', ...kind.menu },
    cacheTags: kind.cacheTags,
    recycle: true,
    revisions: true,
    publish: kind.publish,
    ...(kind.todo && { todo: kind.todo }),
    ...(kind.siteSearch && { search: kind.siteSearch }),
    ...(kind.signup && { signup: kind.signup }),
  });
}
