import { z } from 'zod';
import { isMenuIcon, type MenuIconName } from '../shared/icons.ts';
import { COLUMN_RENDERS, FIELD_TYPES, FIELD_VALIDATORS, SEARCH_OPERATORS, type ResourceDef } from './types.ts';

/**
 * The shape of a resource definition kept as data (the CRUD generator's, in `crud_resource`): checked when
 * it is written and again when a process loads it, so a damaged row is skipped instead of serving a
 * broken screen. Fields added to the shape are optional, so a row stored before them still parses as it is.
 */

const IDENTIFIER = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/);
/** A column, or a joined relation's column (`user.username`) where lists and searches may name one. */
const COLUMN_PATH = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z_][A-Za-z0-9_]{0,63})?$/);
const bilingual = z.object({ 'zh-cn': z.string().max(255), en: z.string().max(255) }).strict();

const fieldSchema = z
  .object({
    name: IDENTIFIER,
    type: z.enum(FIELD_TYPES),
    localized: z.boolean().optional(),
    required: z.boolean().optional(),
    default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    max: z.number().optional(),
    min: z.number().optional(),
    precision: z.number().int().min(0).max(30).optional(),
    options: z.array(z.union([z.string(), z.number()])).optional(),
    remote: z.object({ resource: z.string().min(1), labelField: z.string().min(1), exclude: z.array(z.string()).optional(), columns: z.array(IDENTIFIER).optional() }).strict().optional(),
    validators: z.array(z.enum(FIELD_VALIDATORS)).optional(),
    list: z
      .union([
        z.literal(false),
        z
          .object({
            render: z.enum(COLUMN_RENDERS).optional(),
            sortable: z.boolean().optional(),
            operator: z.union([z.enum(SEARCH_OPERATORS), z.literal(false)]).optional(),
            width: z.number().int().positive().optional(),
            hidden: z.boolean().optional(),
            timeFormat: z.string().max(40).optional(),
          })
          .strict(),
      ])
      .optional(),
    form: z
      .union([z.literal(false), z.object({ rows: z.number().int().positive().optional(), placeholder: z.boolean().optional(), step: z.number().positive().optional() }).strict()])
      .optional(),
    virtual: z.boolean().optional(),
    opaque: z.boolean().optional(),
  })
  .strict();

export const definitionSchema = z
  .object({
    name: z.string().regex(/^[a-z][A-Za-z0-9]*(\/[a-z][A-Za-z0-9]*){0,3}$/).max(100),
    table: IDENTIFIER,
    pk: IDENTIFIER,
    snowflake: z.boolean().optional(),
    fields: z.array(fieldSchema).min(1),
    quickSearch: z.array(COLUMN_PATH),
    defaultOrder: z.tuple([IDENTIFIER, z.enum(['asc', 'desc'])]),
    weighField: IDENTIFIER.optional(),
    timestamps: z.boolean(),
    menu: z
      .object({
        parent: z.string().max(100),
        icon: z.string().refine(isMenuIcon).transform((v) => v as MenuIconName),
        weigh: z.number().int(),
      })
      .strict(),
    actions: z.array(z.string()).optional(),
    recycle: z.boolean().optional(),
    dataLimit: z.union([z.literal(false), z.enum(['personal', 'parent', 'allAuth', 'allAuthAndOthers'])]).optional(),
    dataLimitField: z.string().optional(),
    labels: z
      .object({
        title: bilingual,
        fields: z.record(z.string(), bilingual),
        options: z.record(z.string(), z.record(z.string(), bilingual)).optional(),
      })
      .strict()
      .optional(),
    tree: z.object({ label: IDENTIFIER }).strict().optional(),
    hidden: z.array(IDENTIFIER).optional(),
    secret: z.array(IDENTIFIER).optional(),
  })
  .strict()
  .superRefine((def, ctx) => {
    const names = new Set(def.fields.map((f) => f.name));
    if (!names.has(def.pk)) ctx.addIssue({ code: 'custom', message: 'pk is not a field', path: ['pk'] });
    for (const column of [...def.quickSearch.filter((c) => !c.includes('.')), def.defaultOrder[0], ...(def.weighField ? [def.weighField] : [])]) {
      if (!names.has(column)) ctx.addIssue({ code: 'custom', message: `${column} is not a field` });
    }
    // A tree nests rows by `pid` under their parent's `id`.
    for (const column of def.tree ? ['id', 'pid', def.tree.label] : []) {
      if (!names.has(column)) ctx.addIssue({ code: 'custom', message: `${column} is not a field`, path: ['tree'] });
    }
    if (def.tree && def.pk !== 'id') ctx.addIssue({ code: 'custom', message: 'a tree is keyed by id', path: ['tree'] });
    // A tree's parents are numbers (pid), which a snowflake key does not fit.
    if (def.tree && def.snowflake) ctx.addIssue({ code: 'custom', message: 'a tree is not keyed by snowflake ids', path: ['snowflake'] });
  });

/** A stored definition, checked; throws a zod error naming what is wrong. */
export function parseDefinition(value: unknown): ResourceDef {
  return definitionSchema.parse(value) satisfies ResourceDef;
}
