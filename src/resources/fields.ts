import type { FieldDef } from './types.ts';

/** Fields most tables share, defined once so every list and form treats them alike. */

export const ID_FIELD = { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } } as const satisfies FieldDef;

export const COVER_FIELD = { name: 'cover', type: 'image', max: 255, list: { render: 'image', operator: false } } as const satisfies FieldDef;

/** Drag-sort order: higher first. The rows show it by their order, so the number's column starts hidden. */
export const WEIGH_FIELD = { name: 'weigh', type: 'weigh', default: 0, list: { sortable: true, operator: false, hidden: true } } as const satisfies FieldDef;

/** An on/off status: content is published ('1') or a draft ('0'); accounts, groups and rules enabled or not. */
export const STATUS_FIELD = { name: 'status', type: 'switch', options: ['0', '1'], default: '1', list: { render: 'switch', operator: 'eq' } } as const satisfies FieldDef;

export const CREATE_TIME_FIELD = { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } } as const satisfies FieldDef;

export const UPDATE_TIME_FIELD = { name: 'update_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } } as const satisfies FieldDef;

/** A bilingual headline, searched by its words. */
export const TITLE_FIELD = { name: 'title', type: 'string', localized: true, required: true, max: 200, list: { operator: 'LIKE' } } as const satisfies FieldDef;

/** A bilingual teaser shown on cards and under a detail page's title; too long for a list column. */
export const SUMMARY_FIELD = { name: 'summary', type: 'textarea', localized: true, max: 500, list: false, form: { rows: 3 } } as const satisfies FieldDef;

/** A bilingual rich-text body. */
export const CONTENT_FIELD = { name: 'content', type: 'editor', localized: true, list: false } as const satisfies FieldDef;
