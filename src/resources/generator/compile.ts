import { isMenuIcon, type MenuIconName } from '../../shared/icons.ts';
import { SYSTEM_COLUMNS } from '../schema.ts';
import { SIGNUP_COLUMNS, type Bilingual, type ColumnRender, type FieldDef, type FieldValidator, type ResourceDef, type SearchOperator } from '../types.ts';
import { compileCapabilities } from './capabilities.ts';
import { columnSpec, type ColumnSpec } from './columns.ts';
import { DesignError, effectiveType, type Design, type DesignField } from './design.ts';
import { CHOICE_TYPES, COMMENT_SEPARATORS, KEY_TYPES, REMOTE_TYPES, TEXT_COLUMN_TYPES, fieldTypeOf, parseComment } from './designTypes.ts';
import { checkFieldName, checkResourceName, checkTableName, resourceNameOf } from './identifiers.ts';

/**
 * A design becomes a resource definition (the type hand-written ones have, src/resources/types.ts) plus the
 * columns of its table. Pure: the designer's live preview compiles the same way the server does.
 */

export const DEFAULT_MENU_ICON: MenuIconName = 'fa fa-th-list';
const OPTION_VALUE_MAX = 50;

export interface Compiled {
  def: ResourceDef;
  columns: ColumnSpec[];
}

/** Looks up the resource managing a table (for remote selects): hand-written or generated. */
export type TableResolver = (table: string) => ResourceDef | undefined;

/** The column of a design field; a remote select of a table keyed by snowflake ids holds 64-bit keys. */
export function fieldColumn(field: DesignField, resolve: TableResolver): ColumnSpec {
  const snowflakeTarget = effectiveType(field) === 'remoteSelect' && !!resolve(field.form['remote-table'] ?? '')?.snowflake;
  return columnSpec(field, snowflakeTarget);
}

/** The columns of a design's table, in its order. */
export function designColumns(design: Design, resolve: TableResolver): ColumnSpec[] {
  return design.fields.map((field) => fieldColumn(field, resolve));
}

const VALIDATORS: Record<string, FieldValidator | undefined> = {
  email: 'email',
  mobile: 'mobile',
  idCard: 'idCard',
  account: 'account',
  url: 'url',
  number: 'number',
  float: 'number',
  integer: 'integer',
  date: 'date',
};

/** The menu title of a table comment: its final 表 ("table") becomes 管理 ("management"), as the reference does. */
export function menuTitleOf(title: string): string {
  return title.endsWith('表') ? `${title.slice(0, -1)}管理` : title;
}

function bilingual(zh: string, en: string, fallback: string): Bilingual {
  const chinese = zh || en || fallback;
  return { 'zh-cn': chinese, en: en || chinese };
}

/** The choices of a field: the keys of its dictionary, labelled in both languages. */
function choicesOf(field: DesignField): { values: string[]; labels: Record<string, Bilingual> } {
  const zh = parseComment(field.comment).dict;
  const en = parseComment(field.commentEn).dict;
  const source = zh.length ? zh : en;
  const values: string[] = [];
  const labels: Record<string, Bilingual> = {};
  for (const { value } of source) {
    if (value.length > OPTION_VALUE_MAX || COMMENT_SEPARATORS.test(value)) throw new DesignError('optionInvalid', { field: field.name, value });
    if (values.includes(value)) throw new DesignError('optionDuplicate', { field: field.name, value });
    values.push(value);
    labels[value] = bilingual(zh.find((d) => d.value === value)?.label ?? '', en.find((d) => d.value === value)?.label ?? '', value);
  }
  return { values, labels };
}

function listOptions(field: DesignField): FieldDef['list'] {
  const o = field.table;
  const render = o.render && o.render !== 'none' ? (o.render as ColumnRender) : undefined;
  const operator = o.operator === undefined ? undefined : o.operator === 'false' ? false : (o.operator as SearchOperator);
  return {
    ...(render ? { render } : {}),
    ...(o.sortable === 'custom' ? { sortable: true } : {}),
    ...(operator !== undefined ? { operator } : {}),
    ...(o.width ? { width: o.width } : {}),
    ...(o.timeFormat ? { timeFormat: o.timeFormat } : {}),
  };
}

function remoteOf(field: DesignField, resolve: TableResolver): NonNullable<FieldDef['remote']> {
  const table = field.form['remote-table'] ?? '';
  if (!table) throw new DesignError('remoteTableRequired', { field: field.name });
  const target = resolve(table);
  if (!target) throw new DesignError('remoteTableUnknown', { field: field.name, table });
  const pk = field.form['remote-pk'];
  if (pk && pk !== target.pk) throw new DesignError('remotePkMismatch', { field: field.name, table, pk: target.pk });
  const labelField = field.form['remote-field'] ?? '';
  const label = target.fields.find((f) => f.name === labelField && !f.virtual && f.type !== 'password');
  if (!label && labelField !== target.pk) throw new DesignError('remoteFieldUnknown', { field: field.name, table, column: labelField || '-' });
  return { resource: target.name, labelField };
}

/** One design field as a definition field (labels are collected apart). */
function fieldOf(field: DesignField, design: Design, resolve: TableResolver): { def: FieldDef; options?: Record<string, Bilingual> } {
  const type = effectiveType(field);
  const inList = design.table.columnFields.includes(field.name);
  const system = KEY_TYPES.includes(type) || SYSTEM_COLUMNS.includes(field.name);
  const inForm = !system && design.table.formFields.includes(field.name);
  const validators = field.form.validator ?? [];
  const checks = [...new Set(validators.map((v) => VALIDATORS[v]).filter((v): v is FieldValidator => v !== undefined))];
  const def: FieldDef = {
    name: field.name,
    type: fieldTypeOf(type),
    ...(validators.includes('required') || validators.includes('editorRequired') ? { required: true } : {}),
    ...(checks.length ? { validators: checks } : {}),
  };
  let options: Record<string, Bilingual> | undefined;
  if (CHOICE_TYPES.includes(type)) {
    const choices = choicesOf(field);
    if (type === 'switch' && choices.values.length === 0) {
      def.options = ['0', '1'];
    } else {
      if (choices.values.length === 0) throw new DesignError('optionsRequired', { field: field.name });
      if (type === 'switch' && (choices.values.length !== 2 || !choices.values.every((v) => v === '0' || v === '1'))) {
        throw new DesignError('switchOptions', { field: field.name });
      }
      def.options = choices.values;
      options = choices.labels;
    }
  }
  if (REMOTE_TYPES.includes(type)) def.remote = remoteOf(field, resolve);
  const spec = fieldColumn(field, resolve);
  const dflt = spec.calls.find((c) => c.method === 'defaultTo')?.args[0];
  if (dflt !== undefined) {
    if (def.options && dflt !== null && dflt !== '') {
      const values = type === 'checkbox' || type === 'selects' ? String(dflt).split(',') : [String(dflt)];
      if (!values.every((v) => def.options!.map(String).includes(v.trim()))) throw new DesignError('defaultNotOption', { field: field.name });
    }
    def.default = type === 'switch' ? String(dflt) : dflt;
  }
  const length = spec.calls.find((c) => c.method === 'string')?.args[1];
  if (typeof length === 'number' && !['date', 'time'].includes(type)) def.max = length;
  if (type === 'float') def.precision = Number(spec.calls[0]!.args[2]);
  def.list = inList ? listOptions(field) : false;
  if (!inForm) def.form = false;
  else if (field.form.rows || field.form.step) def.form = { ...(field.form.rows ? { rows: field.form.rows } : {}), ...(field.form.step ? { step: field.form.step } : {}) };
  return options ? { def, options } : { def };
}

/** Compiles a parsed design; every refusal is a DesignError naming what is wrong. */
export function compileDesign(design: Design, resolve: TableResolver): Compiled {
  const { table } = design;
  checkTableName(table.name);
  const name = resourceNameOf(table.name, table.generateRelativePath);
  checkResourceName(name);

  const seen = new Set<string>();
  for (const field of design.fields) {
    checkFieldName(field.name);
    if (seen.has(field.name)) throw new DesignError('fieldDuplicate', { field: field.name });
    seen.add(field.name);
  }
  const keys = design.fields.filter((f) => KEY_TYPES.includes(f.designType));
  if (keys.length !== 1) throw new DesignError('pkCount');
  const pk = keys[0]!.name;
  const snowflake = keys[0]!.designType === 'spk';
  const has = (n: string) => seen.has(n);
  for (const [list, key] of [
    [table.columnFields, 'columnFieldUnknown'],
    [table.formFields, 'formFieldUnknown'],
    [table.quickSearchField, 'quickSearchUnknown'],
  ] as const) {
    const unknown = list.find((n) => !has(n));
    if (unknown) throw new DesignError(key, { field: unknown });
  }
  const secret = table.quickSearchField.find((n) => design.fields.find((f) => f.name === n)?.designType === 'password');
  if (secret) throw new DesignError('quickSearchPassword', { field: secret });
  const sortField = table.defaultSortField || pk;
  if (!has(sortField)) throw new DesignError('sortFieldUnknown', { field: sortField });
  if (TEXT_COLUMN_TYPES.includes(effectiveType(design.fields.find((f) => f.name === sortField)!))) throw new DesignError('sortFieldText', { field: sortField });

  const fields: FieldDef[] = [];
  const fieldLabels: Record<string, Bilingual> = {};
  const optionLabels: Record<string, Record<string, Bilingual>> = {};
  for (const field of design.fields) {
    const compiled = fieldOf(field, design, resolve);
    fields.push(compiled.def);
    fieldLabels[field.name] = bilingual(parseComment(field.comment).title, parseComment(field.commentEn).title, field.name);
    if (compiled.options) optionLabels[field.name] = compiled.options;
  }

  const capabilities = compileCapabilities(design);
  // A sign-up's fee is money: entered in yuan, kept in cents like the ledgers.
  const fee = capabilities.signup ? fields.find((f) => f.name === SIGNUP_COLUMNS.fee) : undefined;
  if (fee) fee.cents = true;

  const weigh = design.fields.find((f) => f.designType === 'weigh');
  const segments = name.split('/');
  const icon = table.icon || DEFAULT_MENU_ICON;
  if (!isMenuIcon(icon)) throw new DesignError('iconUnknown', { icon });
  const def: ResourceDef = {
    name,
    table: table.name,
    pk,
    ...(snowflake ? { snowflake } : {}),
    fields,
    quickSearch: table.quickSearchField,
    defaultOrder: [sortField, table.defaultSortType],
    ...(weigh ? { weighField: weigh.name } : {}),
    // The server fills whichever of the two the table has (the form never asks for them).
    timestamps: has('create_time') || has('update_time'),
    menu: { parent: segments.slice(0, -1).join('/'), icon, weigh: 0 },
    recycle: true,
    ...(table.revisions ? { revisions: true } : {}),
    ...capabilities,
    labels: {
      title: bilingual(parseComment(table.comment).title, parseComment(table.commentEn).title, name),
      fields: fieldLabels,
      ...(Object.keys(optionLabels).length ? { options: optionLabels } : {}),
    },
  };
  return { def, columns: designColumns(design, resolve) };
}
