import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import { SEARCH_OPERATORS } from '../types.ts';
import { DESIGN_TYPES, MULTI_FORMS, type DesignType } from './designTypes.ts';

/**
 * The designer's payload (reference admin-api 5.1): `table` describes the resource, `fields` its columns.
 * Keys BuildAdmin's client sends for PHP files (modelFile, controllerFile...) are accepted and ignored. Ours
 * adds English texts beside the Chinese ones (`commentEn`), the menu icon, and the path the resource takes.
 */

/** A refusal of a design: a catalogue key of the `crud-generator` namespace and its parameters. */
export class DesignError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const DEFAULT_TYPES = ['INPUT', 'EMPTY STRING', 'NULL', 'NONE'] as const;
export const SORTABLE = ['false', 'custom'] as const;
export const RENDERS = ['none', 'icon', 'switch', 'image', 'images', 'tag', 'tags', 'url', 'datetime', 'color'] as const;
/** Search operators of a list column, `false` for none. */
export const OPERATORS = ['false', ...SEARCH_OPERATORS] as const;
export const DESIGN_VALIDATORS = ['required', 'editorRequired', 'email', 'mobile', 'idCard', 'account', 'url', 'number', 'integer', 'float', 'date'] as const;

export const DESIGN_CHANGES = ['change-field-name', 'del-field', 'add-field', 'change-field-attr', 'change-field-order'] as const;
export type DesignChangeType = (typeof DESIGN_CHANGES)[number];

/** The designer's schemas, made with the first design checked. */
const designs = lazySchema(() => {
  const flag = z
    .union([z.boolean(), z.number(), z.string()])
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

  const text = (max: number) =>
    z
      .union([z.string(), z.number()])
      .optional()
      .nullable()
      .transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
      .pipe(z.string().max(max, { message: 'crud-generator:tooLong' }));

  const count = (max: number) =>
    z
      .union([z.number(), z.string()])
      .optional()
      .nullable()
      .transform((v) => (v === null || v === undefined || v === '' ? undefined : Number(v)))
      .pipe(z.number().int({ message: 'crud-generator:badNumber' }).min(0, { message: 'crud-generator:badNumber' }).max(max, { message: 'crud-generator:badNumber' }).optional());

  const names = z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean));

  const tableOptions = z
    .object({
      width: count(2000),
      operator: z.enum(OPERATORS).optional(),
      sortable: z.enum(SORTABLE).optional(),
      render: z.enum(RENDERS).optional(),
      timeFormat: text(40),
    })
    .partial()
    .optional()
    .transform((v) => v ?? {});

  const formOptions = z
    .object({
      validator: z.array(z.enum(DESIGN_VALIDATORS)).optional(),
      validatorMsg: text(200),
      step: z.union([z.number(), z.string()]).optional().transform((v) => (v === undefined || v === '' ? undefined : Number(v))).pipe(z.number().positive({ message: 'crud-generator:badNumber' }).optional()),
      rows: count(50),
      'select-multi': flag,
      'image-multi': flag,
      'file-multi': flag,
      'remote-table': text(64),
      'remote-pk': text(64),
      'remote-field': text(64),
      'remote-controller': text(200),
      'remote-model': text(200),
      'relation-fields': names,
      'remote-url': text(200),
    })
    .partial()
    .optional()
    .transform((v) => v ?? {});

  const designFieldSchema = z.object({
    name: text(64),
    /** The column's data type as BuildAdmin names it (varchar, int...): informative, the design type decides. */
    type: text(40),
    dataType: text(200),
    length: count(65535),
    precision: count(30),
    default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    defaultType: z.enum(DEFAULT_TYPES).optional().default('NONE'),
    null: flag,
    primaryKey: flag,
    unsigned: flag,
    autoIncrement: flag,
    /** Chinese title and dictionary: `标题:k1=标签1,k2=标签2`. */
    comment: text(255),
    /** English title and dictionary, same keys: `Title:k1=Label1,k2=Label2`. */
    commentEn: text(255),
    designType: z.enum(DESIGN_TYPES, { message: 'crud-generator:badDesignType' }),
    table: tableOptions,
    form: formOptions,
  });

  const designChangeSchema = z.object({
    type: z.enum(DESIGN_CHANGES),
    oldName: text(64),
    newName: text(64),
    sync: flag.default(true),
    /** The column it now follows, or "FIRST FIELD". */
    after: text(64),
  });

  const designTableSchema = z.object({
    name: text(64),
    comment: text(100),
    commentEn: text(100),
    quickSearchField: names,
    defaultSortField: text(64),
    defaultSortType: z.enum(['asc', 'desc']).optional().default('desc'),
    columnFields: names,
    formFields: names,
    designChange: z.array(designChangeSchema).max(500).optional().default([]),
    rebuild: z.enum(['Yes', 'No']).optional().default('No'),
    /** The resource's path (`test/build`); derived from the table name when empty. */
    generateRelativePath: text(100),
    /** Menu icon (a name of src/shared/icons.ts). */
    icon: text(50),
    /** Keep every save's replaced version (the resource declares `revisions`). */
    revisions: flag,
    /** The public sees a row while this switch field is on, from the time in `field` when one is named (`publish`). */
    publish: z.object({ status: text(64), field: text(64) }).optional(),
    /** Visitors find the public rows with the site search (`search`): title and body fields, date, public page. */
    siteSearch: z.object({ title: text(64), body: names, time: text(64), url: text(255) }).optional(),
    /** Members sign up for the public rows (`signup`): the field naming a row and the start time. */
    signup: z.object({ title: text(64), start: text(64) }).optional(),
    databaseConnection: text(100),
    isCommonModel: flag,
    modelFile: text(300),
    controllerFile: text(300),
    validateFile: text(300),
    webViewsDir: text(300),
  });

  const designSchema = z.object({
    type: z.enum(['create', 'db', 'log']).optional().default('create'),
    table: designTableSchema,
    fields: z.array(designFieldSchema).min(1, { message: 'crud-generator:noFields' }).max(200, { message: 'crud-generator:tooManyFields' }),
  });
  return { field: designFieldSchema, change: designChangeSchema, table: designTableSchema, design: designSchema };
});

/** The whole payload of a design. */
export const designSchema = () => designs().design;

type Designs = ReturnType<typeof designs>;
export type DesignField = z.output<Designs['field']>;
export type DesignFieldInput = z.input<Designs['field']>;
export type DesignTable = z.output<Designs['table']>;
export type DesignChange = z.output<Designs['change']>;
export type Design = z.output<Designs['design']>;
export type DesignInput = z.input<Designs['design']>;

/** Which multi switch of the form options applies to a design type. */
const MULTI_SWITCH = { select: 'select-multi', remoteSelect: 'select-multi', image: 'image-multi', file: 'file-multi' } as const;

/** The effective design type of a field: the multi switch turns select, image, file and remoteSelect plural. */
export function effectiveType(field: Pick<DesignField, 'designType' | 'form'>): DesignType {
  const t = field.designType;
  const key = Object.hasOwn(MULTI_SWITCH, t) ? MULTI_SWITCH[t as keyof typeof MULTI_SWITCH] : null;
  return key && field.form[key] ? (MULTI_FORMS[t] ?? t) : t;
}
