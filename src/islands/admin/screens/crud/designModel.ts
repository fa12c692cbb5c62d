/**
 * The CRUD designer's state and how it becomes the generate payload (reference admin-api 5.1), design
 * changes included: a field remembers the column it was read from, so renames, deletions, additions,
 * attribute changes and a new order are found by comparing with what the table had. No React: unit-tested.
 */
import { OPERATORS, RENDERS, SORTABLE, type DesignChange, type DesignFieldInput, type DesignInput } from '../../../../resources/generator/design.ts';
import { CHOICE_TYPES, KEY_TYPES, formatComment, parseComment, type DesignType } from '../../../../resources/generator/designTypes.ts';
import { resourceNameOf } from '../../../../resources/generator/identifiers.ts';

export type Operator = (typeof OPERATORS)[number];
export type Render = (typeof RENDERS)[number];
export type Sortable = (typeof SORTABLE)[number];

export interface ChoiceRow {
  value: string;
  zh: string;
  en: string;
}

export interface DesignerField {
  /** Stable key while the name is edited. */
  uid: string;
  name: string;
  designType: DesignType;
  titleZh: string;
  titleEn: string;
  choices: ChoiceRow[];
  length: string;
  precision: string;
  defaultType: 'INPUT' | 'EMPTY STRING' | 'NULL' | 'NONE';
  defaultValue: string;
  nullable: boolean;
  unsigned: boolean;
  inList: boolean;
  inForm: boolean;
  width: string;
  operator: Operator | '';
  sortable: Sortable;
  render: Render | '';
  timeFormat: string;
  validators: string[];
  rows: string;
  step: string;
  /** select, image, file, remoteSelect: their plural forms. */
  multi: boolean;
  remoteTable: string;
  remoteField: string;
  /** The column this field was read from (an existing table), and what it looked like then. */
  origin?: string;
  snapshot?: string;
}

/** Whether visitors find the table's public rows with the site search, and how (DesignTable `siteSearch`). */
export interface DesignerSearch {
  on: boolean;
  title: string;
  body: string[];
  time: string;
  url: string;
}

/** Whether members sign up for the table's public rows, and the fields naming a row and its start. */
export interface DesignerSignup {
  on: boolean;
  title: string;
  start: string;
}

export interface DesignerTable {
  name: string;
  titleZh: string;
  titleEn: string;
  /** Resource path; empty: derived from the table name. */
  path: string;
  icon: string;
  quickSearch: string[];
  sortField: string;
  sortType: 'asc' | 'desc';
  rebuild: 'Yes' | 'No';
  /** The switch field that makes a row public ('' for none) and the time it waits for ('' for none). */
  publishStatus: string;
  publishTime: string;
  search: DesignerSearch;
  signup: DesignerSignup;
}

/** The public-site settings of a table that declares none. */
export const NOT_PUBLIC: Pick<DesignerTable, 'publishStatus' | 'publishTime' | 'search' | 'signup'> = {
  publishStatus: '',
  publishTime: '',
  search: { on: false, title: '', body: [], time: '', url: '' },
  signup: { on: false, title: '', start: '' },
};

export interface DesignerState {
  source: 'create' | 'db' | 'log';
  table: DesignerTable;
  fields: DesignerField[];
  /** The table exists: the design changes it rather than creating it. */
  existing: boolean;
  /** Columns of the existing table in their order, as read. */
  originalOrder: string[];
}

let uidCounter = 0;
export const newUid = () => `f${Date.now().toString(36)}${(uidCounter++).toString(36)}`;

/** Types whose default lives in the table; text columns have none (reference 5.3). */
export const NO_DEFAULT: readonly DesignType[] = ['pk', 'spk', 'textarea', 'editor', 'array', 'images', 'files'];
export const MULTI_CAPABLE: readonly DesignType[] = ['select', 'image', 'file', 'remoteSelect'];
export const REMOTE: readonly DesignType[] = ['remoteSelect'];

/** Sensible starting points per type: a switch starts on, a weigh sorts, a time searches by range. */
export function newField(designType: DesignType, name: string): DesignerField {
  const numeric = ['number', 'float', 'weigh', 'switch', 'year'].includes(designType);
  const key = KEY_TYPES.includes(designType);
  return {
    uid: newUid(),
    name,
    designType,
    titleZh: '',
    titleEn: '',
    choices: designType === 'switch' ? [] : CHOICE_TYPES.includes(designType) ? [{ value: '0', zh: '', en: '' }, { value: '1', zh: '', en: '' }] : [],
    length: designType === 'float' ? '10' : '',
    precision: designType === 'float' ? '2' : '',
    defaultType: designType === 'switch' ? 'INPUT' : 'NONE',
    defaultValue: designType === 'switch' ? '1' : '',
    nullable: !key && !numeric,
    unsigned: false,
    inList: !['password', 'textarea', 'editor', 'array', 'files'].includes(designType),
    inForm: !key && !['create_time', 'update_time'].includes(name),
    width: designType === 'pk' ? '70' : designType === 'spk' ? '170' : '',
    // A snowflake key is searched for as it is: a range would go through numbers, which round it.
    operator: designType === 'spk' ? 'eq' : designType === 'pk' || ['timestamp', 'datetime'].includes(designType) ? 'RANGE' : ['string', 'textarea'].includes(designType) ? 'LIKE' : CHOICE_TYPES.includes(designType) ? 'eq' : '',
    sortable: ['pk', 'spk', 'weigh', 'timestamp', 'number', 'float'].includes(designType) ? 'custom' : 'false',
    render: '',
    timeFormat: '',
    validators: [],
    rows: '',
    step: '',
    multi: false,
    remoteTable: '',
    remoteField: '',
  };
}

/** A new design: a key and the two maintained times, as BuildAdmin's designer starts. */
export function blankDesign(): DesignerState {
  const id = { ...newField('pk', 'id'), titleZh: 'ID', titleEn: 'ID' };
  const created = { ...newField('timestamp', 'create_time'), titleZh: '创建时间', titleEn: 'Created' };
  const updated = { ...newField('timestamp', 'update_time'), titleZh: '修改时间', titleEn: 'Updated', inList: false };
  return {
    source: 'create',
    table: { name: '', titleZh: '', titleEn: '', path: '', icon: '', quickSearch: [], sortField: 'id', sortType: 'desc', rebuild: 'No', ...NOT_PUBLIC },
    fields: [id, created, updated],
    existing: false,
    originalOrder: [],
  };
}

const num = (v: string): number | undefined => (v.trim() === '' ? undefined : Number(v));

/** What counts as the column's definition: a change of any of these is a change of attributes. */
function columnAttributes(f: DesignerField): string {
  return JSON.stringify([f.designType, f.multi, f.length, f.precision, f.defaultType, f.defaultValue, f.nullable, f.unsigned]);
}

/** One designer field as the payload's field. */
export function toPayloadField(f: DesignerField): DesignFieldInput {
  const dict = f.choices.map((c) => ({ value: c.value.trim(), label: c.zh.trim() || c.en.trim() || c.value.trim() }));
  const dictEn = f.choices.map((c) => ({ value: c.value.trim(), label: c.en.trim() || c.zh.trim() || c.value.trim() }));
  const withChoices = CHOICE_TYPES.includes(f.designType) && f.choices.length > 0;
  return {
    name: f.name.trim(),
    type: '',
    designType: f.designType,
    length: num(f.length),
    precision: num(f.precision),
    default: f.defaultValue,
    defaultType: NO_DEFAULT.includes(f.designType) ? 'NONE' : f.defaultType,
    null: f.nullable,
    primaryKey: KEY_TYPES.includes(f.designType),
    unsigned: f.unsigned,
    autoIncrement: f.designType === 'pk',
    comment: formatComment(f.titleZh.trim() || f.titleEn.trim(), withChoices ? dict : []),
    commentEn: formatComment(f.titleEn.trim() || f.titleZh.trim(), withChoices ? dictEn : []),
    table: {
      ...(f.width ? { width: num(f.width) } : {}),
      ...(f.operator ? { operator: f.operator } : {}),
      sortable: f.sortable,
      ...(f.render ? { render: f.render } : {}),
      ...(f.timeFormat ? { timeFormat: f.timeFormat } : {}),
    },
    form: {
      validator: f.validators as NonNullable<DesignFieldInput['form']>['validator'],
      ...(f.rows ? { rows: num(f.rows) } : {}),
      ...(f.step ? { step: num(f.step) } : {}),
      ...(f.multi && MULTI_CAPABLE.includes(f.designType) ? { [f.designType === 'image' ? 'image-multi' : f.designType === 'file' ? 'file-multi' : 'select-multi']: true } : {}),
      ...(REMOTE.includes(f.designType) ? { 'remote-table': f.remoteTable, 'remote-field': f.remoteField } : {}),
    },
  };
}

/** The design changes an existing table needs to match the fields (all synced). */
export function designChanges(state: DesignerState): DesignChange[] {
  if (!state.existing || state.table.rebuild === 'Yes') return [];
  const changes: DesignChange[] = [];
  const kept = state.fields.filter((f) => f.origin);
  const keptOrigins = new Set(kept.map((f) => f.origin!));
  for (const origin of state.originalOrder) {
    if (!keptOrigins.has(origin)) changes.push({ type: 'del-field', oldName: origin, newName: '', sync: true, after: '' });
  }
  for (const f of kept) {
    if (f.origin !== f.name.trim()) changes.push({ type: 'change-field-name', oldName: f.origin!, newName: f.name.trim(), sync: true, after: '' });
    if (f.snapshot !== undefined && f.snapshot !== columnAttributes(f)) changes.push({ type: 'change-field-attr', oldName: f.name.trim(), newName: f.name.trim(), sync: true, after: '' });
  }
  state.fields.forEach((f, i) => {
    if (!f.origin) changes.push({ type: 'add-field', oldName: '', newName: f.name.trim(), sync: true, after: i === 0 ? 'FIRST FIELD' : state.fields[i - 1]!.name.trim() });
  });
  // The kept columns in their new order against the table's: any difference moves them.
  const before = state.originalOrder.filter((o) => keptOrigins.has(o));
  const now = kept.map((f) => f.origin!);
  if (before.join(',') !== now.join(',')) {
    now.forEach((origin, i) => {
      if (before[i] !== origin) {
        const f = kept[i]!;
        changes.push({ type: 'change-field-order', oldName: f.name.trim(), newName: f.name.trim(), sync: true, after: i === 0 ? 'FIRST FIELD' : kept[i - 1]!.name.trim() });
      }
    });
  }
  return changes;
}

/** The generate payload of the designer's state. */
export function toPayload(state: DesignerState): DesignInput {
  const { table } = state;
  const fields = state.fields.map(toPayloadField);
  return {
    type: state.source,
    table: {
      name: table.name.trim(),
      comment: table.titleZh.trim() || table.titleEn.trim(),
      commentEn: table.titleEn.trim() || table.titleZh.trim(),
      quickSearchField: table.quickSearch.filter((n) => fields.some((f) => f.name === n)),
      defaultSortField: table.sortField,
      defaultSortType: table.sortType,
      columnFields: state.fields.filter((f) => f.inList).map((f) => f.name.trim()),
      formFields: state.fields.filter((f) => f.inForm).map((f) => f.name.trim()),
      designChange: designChanges(state),
      rebuild: state.existing ? table.rebuild : 'No',
      generateRelativePath: table.path.trim(),
      icon: table.icon,
      ...(table.publishStatus ? { publish: { status: table.publishStatus, field: table.publishTime } } : {}),
      ...(table.publishStatus && table.search.on ? { siteSearch: { title: table.search.title, body: table.search.body, time: table.search.time, url: table.search.url.trim() } } : {}),
      ...(table.publishStatus && table.signup.on ? { signup: { title: table.signup.title, start: table.signup.start } } : {}),
    },
    fields,
  };
}

/** The path the resource will take: the one typed, else the table name with underscores as folders (as the server derives it). */
export function effectivePath(table: DesignerTable): string {
  return resourceNameOf(table.name, table.path);
}

/** The public-site settings of a logged design's table (its `publish`, `siteSearch` and `signup`). */
export function publicSettingsOf(table: Record<string, unknown>): Pick<DesignerTable, 'publishStatus' | 'publishTime' | 'search' | 'signup'> {
  const part = (key: string): Record<string, unknown> => (table[key] && typeof table[key] === 'object' ? (table[key] as Record<string, unknown>) : {});
  const publish = part('publish');
  const search = part('siteSearch');
  const signup = part('signup');
  return {
    publishStatus: str(publish.status),
    publishTime: str(publish.field),
    search: { on: !!str(search.title), title: str(search.title), body: Array.isArray(search.body) ? search.body.map(str) : [], time: str(search.time), url: str(search.url) },
    signup: { on: !!str(signup.title), title: str(signup.title), start: str(signup.start) },
  };
}

interface PayloadField {
  name?: unknown;
  designType?: unknown;
  comment?: unknown;
  commentEn?: unknown;
  length?: unknown;
  precision?: unknown;
  default?: unknown;
  defaultType?: unknown;
  null?: unknown;
  unsigned?: unknown;
  table?: Record<string, unknown>;
  form?: Record<string, unknown>;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const on = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/**
 * A field from parseFieldData or a log back into the designer. `fromTable` marks it as read from the
 * existing table, so later edits become design changes.
 */
export function fromPayloadField(raw: PayloadField, fromTable: boolean, listed = true, inForm = true): DesignerField {
  const designType = (str(raw.designType) || 'string') as DesignType;
  const form = raw.form ?? {};
  const table = raw.table ?? {};
  const multiKey = designType === 'image' ? 'image-multi' : designType === 'file' ? 'file-multi' : 'select-multi';
  const multiForm: Partial<Record<DesignType, DesignType>> = { selects: 'select', images: 'image', files: 'file', remoteSelects: 'remoteSelect' };
  const base = multiForm[designType];
  const zh = parseComment(str(raw.comment));
  const en = parseComment(str(raw.commentEn));
  const values = (zh.dict.length ? zh.dict : en.dict).map((d) => d.value);
  const field: DesignerField = {
    ...newField(base ?? designType, str(raw.name)),
    designType: base ?? designType,
    multi: base !== undefined || on(form[multiKey]),
    titleZh: zh.title,
    titleEn: en.title,
    choices: values.map((value) => ({ value, zh: zh.dict.find((d) => d.value === value)?.label ?? '', en: en.dict.find((d) => d.value === value)?.label ?? '' })),
    length: str(raw.length) === '0' ? '' : str(raw.length),
    precision: str(raw.precision) === '0' ? '' : str(raw.precision),
    defaultType: (['INPUT', 'EMPTY STRING', 'NULL', 'NONE'].includes(str(raw.defaultType)) ? str(raw.defaultType) : 'NONE') as DesignerField['defaultType'],
    defaultValue: str(raw.default),
    nullable: on(raw.null),
    unsigned: on(raw.unsigned),
    inList: listed,
    inForm,
    width: str(table.width),
    operator: (str(table.operator) as Operator) || '',
    sortable: str(table.sortable) === 'custom' ? 'custom' : 'false',
    render: (str(table.render) as Render) || '',
    timeFormat: str(table.timeFormat),
    validators: Array.isArray(form.validator) ? form.validator.map(String) : [],
    rows: str(form.rows),
    step: str(form.step),
    remoteTable: str(form['remote-table']),
    remoteField: str(form['remote-field']),
  };
  if (fromTable) {
    field.origin = field.name;
    field.snapshot = columnAttributes(field);
  }
  return field;
}
