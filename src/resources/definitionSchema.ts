import { z } from 'zod';
import { lazySchema } from '../shared/schemas/lazySchema.ts';
import { isMenuIcon, type MenuIconName } from '../shared/icons.ts';
import { COLUMN_RENDERS, FIELD_TYPES, FIELD_VALIDATORS, SEARCH_OPERATORS, SEARCH_URL, SIGNUP_COLUMNS, unsearchableColumns, type FieldType, type ResourceDef } from './types.ts';

/**
 * The shape of a resource definition kept as data (the CRUD generator's, in `crud_resource`): checked when
 * it is written and again when a process loads it, so a damaged row is skipped instead of serving a
 * broken screen. Fields added to the shape are optional, so a row stored before them still parses as it is.
 * Made with the first definition checked.
 */
export const definitionSchema = lazySchema(() => {
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
      cents: z.boolean().optional(),
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
              priority: z.enum(['high', 'low']).optional(),
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

  return z
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
      revisions: z.union([z.boolean(), z.object({ keep: z.number().int().min(0).max(100_000) }).strict()]).optional(),
      publish: z
        .object({
          status: IDENTIFIER.optional(),
          value: z.string().max(50).optional(),
          field: IDENTIFIER.optional(),
          category: IDENTIFIER.optional(),
          // A page of this site, to which `?id=<key>` is added.
          page: z.string().max(255).regex(/^\/(?!\/)[^\s"<>?#]*$/).optional(),
        })
        .strict()
        .optional(),
      search: z
        .object({
          type: z.string().regex(/^[a-z][A-Za-z0-9]{0,30}$/).optional(),
          title: IDENTIFIER,
          body: z.array(IDENTIFIER).max(10),
          time: IDENTIFIER,
          // A page of this site, or another site's address; `{id}` stands for the row's key.
          url: z.string().max(255).regex(SEARCH_URL),
        })
        .strict()
        .optional(),
      signup: z.object({ title: IDENTIFIER, start: IDENTIFIER }).strict().optional(),
      transfer: z.object({ export: z.boolean().optional(), import: z.boolean().optional() }).strict().optional(),
      todo: z
        .discriminatedUnion('kind', [
          z.object({ kind: z.literal('waiting'), field: IDENTIFIER, value: z.string().max(50) }).strict(),
          z.object({ kind: z.literal('upcoming'), field: IDENTIFIER, days: z.number().int().min(1).max(366) }).strict(),
        ])
        .optional(),
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
      if (def.publish) {
        const { status = 'status', field, category } = def.publish;
        if (!names.has(status)) ctx.addIssue({ code: 'custom', message: `${status} is not a field`, path: ['publish', 'status'] });
        const time = def.fields.find((f) => f.name === field);
        if (field !== undefined && !(time && ['timestamp', 'datetime'].includes(time.type))) ctx.addIssue({ code: 'custom', message: `${field} is not a time field`, path: ['publish', 'field'] });
        const parent = def.fields.find((f) => f.name === category);
        if (category !== undefined && parent?.type !== 'remoteSelect') ctx.addIssue({ code: 'custom', message: `${category} is not a remote select`, path: ['publish', 'category'] });
      }
      if (def.todo && !names.has(def.todo.field)) ctx.addIssue({ code: 'custom', message: `${def.todo.field} is not a field`, path: ['todo', 'field'] });
      if (def.tree && def.pk !== 'id') ctx.addIssue({ code: 'custom', message: 'a tree is keyed by id', path: ['tree'] });
      for (const problem of capabilityProblems(def as ResourceDef)) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.capability] });
      // A tree's parents are numbers (pid), which a snowflake key does not fit.
      if (def.tree && def.snowflake) ctx.addIssue({ code: 'custom', message: 'a tree is not keyed by snowflake ids', path: ['snowflake'] });
    });
});

const TEXT_TYPES: readonly FieldType[] = ['string', 'textarea', 'editor', 'select', 'radio', 'url'];
const TIME_TYPES: readonly FieldType[] = ['timestamp', 'datetime'];

/**
 * What is wrong with a definition's search and sign-up declarations: columns that are not fields (or not of a
 * kind that fits), a search reading a secret, hidden or opaque column, and either without a publish rule (both
 * show only the rows the public may see, by that rule). Checked for stored definitions
 * (above) and for every unit the registry serves, hand-written ones included.
 */
export function capabilityProblems(def: ResourceDef): { capability: 'search' | 'signup'; message: string }[] {
  const problems: { capability: 'search' | 'signup'; message: string }[] = [];
  const field = (name: string) => def.fields.find((f) => f.name === name && !f.virtual);
  const need = (capability: 'search' | 'signup', name: string, types: readonly FieldType[], what: string) => {
    const found = field(name);
    if (!found) problems.push({ capability, message: `${name} is not a column` });
    else if (!types.includes(found.type)) problems.push({ capability, message: `${name} is not ${what}` });
  };
  if (def.search) {
    const { title, body, time } = def.search;
    const refused = new Set(unsearchableColumns(def));
    for (const name of [title, ...body]) {
      if (refused.has(name)) problems.push({ capability: 'search', message: `${name} is secret, hidden or a copy of other rows: it is never searched` });
      else need('search', name, TEXT_TYPES, 'text');
    }
    need('search', time, TIME_TYPES, 'a time');
    // A result carries its row's key as a number, which a 64-bit snowflake id does not fit.
    if (def.snowflake) problems.push({ capability: 'search', message: 'a table keyed by snowflake ids is not searchable' });
    if (!def.publish) problems.push({ capability: 'search', message: 'a searchable table declares a publish rule (publish): it says which rows the public finds' });
  }
  if (def.signup) {
    need('signup', def.signup.title, TEXT_TYPES, 'text');
    need('signup', def.signup.start, TIME_TYPES, 'a time');
    need('signup', SIGNUP_COLUMNS.capacity, ['number'], 'a number');
    need('signup', SIGNUP_COLUMNS.end, TIME_TYPES, 'a time');
    if (!field(SIGNUP_COLUMNS.fee)?.cents) problems.push({ capability: 'signup', message: `${SIGNUP_COLUMNS.fee} is not a float field in cents` });
    for (const optional of [SIGNUP_COLUMNS.start, SIGNUP_COLUMNS.cancelEnd]) if (field(optional)) need('signup', optional, TIME_TYPES, 'a time');
    // Sign-ups name their row by a 32-bit key (activity_signup.row_id, the API's id).
    if (def.snowflake) problems.push({ capability: 'signup', message: 'a table keyed by snowflake ids takes no sign-ups' });
    if (!def.publish) problems.push({ capability: 'signup', message: 'a table taking sign-ups declares a publish rule (publish): members sign up for public rows only' });
  }
  return problems;
}

/** A stored definition, checked; throws a zod error naming what is wrong. */
export function parseDefinition(value: unknown): ResourceDef {
  return definitionSchema().parse(value) satisfies ResourceDef;
}
