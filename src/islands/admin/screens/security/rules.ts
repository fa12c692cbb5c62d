/**
 * The pure side of the recycle and sensitive-data rule forms (admin-api 3.13, 3.15): the tables a rule may
 * name, the watched fields of a stored rule, and the post the server expects. Unit-tested directly.
 */

/** GET add / edit: the functions a rule may name and, per function, its table, key and columns. */
export interface RuleChoices {
  controllers: Record<string, string>;
  tables: Record<string, { data_table: string; primary_key: string; columns: string[] }>;
}

export interface RuleValues {
  name: string;
  /** The English name; empty falls back to the Chinese for English readers. */
  name_en: string;
  controller: string;
  data_table: string;
  primary_key: string;
  status: boolean;
}

/** Watched columns of a sensitive rule with their titles, in the order they were ticked. */
export type Watched = Record<string, string>;

/** Every table the functions use, with its columns, by table name (several functions may share one). */
export function tablesOf(choices: RuleChoices): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of Object.values(choices.tables)) if (!out.has(t.data_table)) out.set(t.data_table, t.columns);
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** A stored rule's `data_fields` (`{column: title}`) as the form's watched fields. */
export function watchedOf(dataFields: unknown): Watched {
  if (!dataFields || typeof dataFields !== 'object' || Array.isArray(dataFields)) return {};
  return Object.fromEntries(Object.entries(dataFields).map(([column, title]) => [column, typeof title === 'string' ? title : column]));
}

/**
 * The add/edit post: the rule's columns and, for a sensitive rule, the chosen columns as `data_fields` and
 * their titles as `fields: [{name, value}]` (the server rebuilds `{column: title}` from both).
 */
export function ruleBody(values: RuleValues, watched: Watched | null): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    name_en: values.name_en.trim(),
    controller: values.controller,
    data_table: values.data_table,
    primary_key: values.primary_key,
    status: values.status ? '1' : '0',
  };
  if (watched) {
    body.data_fields = Object.keys(watched);
    body.fields = Object.entries(watched).map(([name, title]) => ({ name, value: title.trim() || name }));
  }
  return body;
}
