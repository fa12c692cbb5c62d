/**
 * The pure side of the add/edit form: a stored row to the values the inputs hold, those values to the body
 * the server takes, and the shared zod schema's verdict per input. No React: unit-tested directly.
 */
import { formFields, resourceSchema } from '../../../resources/schema.ts';
import type { FieldDef, FieldType, ResourceDef } from '../../../resources/types.ts';
import { DEFAULT_TIME_ZONE, formatTime } from '../../../shared/time.ts';
import { listOf } from '../../../resources/cells.ts';
import { toServerDateTime, type Row } from './listModel.ts';

/** What an input holds: text, a ticked state, or several values. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

export type FormMode = 'add' | 'edit';

/** Types whose input holds several values. */
export const MULTI_TYPES: readonly FieldType[] = ['checkbox', 'selects', 'images', 'files', 'remoteSelects', 'city'];
const TIME_TYPES: readonly FieldType[] = ['datetime', 'timestamp'];
/** Number-like inputs where a zero default means "none" (reference 5.3: dropped from new forms). */
const ZERO_MEANS_EMPTY: readonly FieldType[] = ['number', 'float', 'weigh', 'remoteSelect'];

/** The columns an input edits: a localized field has the Chinese column and its English sibling. */
export function inputColumns(field: FieldDef): string[] {
  return field.localized ? [field.name, `${field.name}_en`] : [field.name];
}

/** Unix seconds → the `YYYY-MM-DDTHH:mm:ss` a datetime-local input shows, in the site's time zone. */
export function toInputDateTime(value: unknown, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (typeof value !== 'number' && typeof value !== 'string') return '';
  if (value === 0 || value === '0') return '';
  return formatTime(value, 'yyyy-mm-ddThh:MM:ss', timeZone);
}

function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** One stored value as its input holds it (date-times in the site's time zone). */
export function toInputValue(field: FieldDef, value: unknown, timeZone: string = DEFAULT_TIME_ZONE): FormValue {
  if (field.type === 'password') return '';
  if (field.type === 'switch') return isOn(value);
  if (MULTI_TYPES.includes(field.type)) return listOf(value);
  if (TIME_TYPES.includes(field.type)) return toInputDateTime(value, timeZone);
  if (value === null || value === undefined) return '';
  if (field.type === 'remoteSelect' && (value === 0 || value === '0')) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The value a new row's input starts with: the definition's default; a required date-time without one
 * starts at the current minute (a news item's publish time: now), not blank.
 */
export function defaultInputValue(field: FieldDef, timeZone: string = DEFAULT_TIME_ZONE, now: number = Date.now()): FormValue {
  const value = field.default;
  if (ZERO_MEANS_EMPTY.includes(field.type) && (value === 0 || value === '0')) return '';
  if (TIME_TYPES.includes(field.type) && field.required && (value === undefined || value === null)) return formatTime(now, 'yyyy-mm-ddThh:MM', timeZone);
  return toInputValue(field, value, timeZone);
}

/** The inputs of a form, filled from a row (edit) or with the defaults (add), date-times in `timeZone`. */
export function toFormValues(def: ResourceDef, row: Row | null, fields: readonly FieldDef[] = formFields(def), timeZone: string = DEFAULT_TIME_ZONE): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    for (const column of inputColumns(field)) {
      values[column] = row ? toInputValue(field, row[column], timeZone) : defaultInputValue(field, timeZone);
    }
  }
  return values;
}

/** One input's value as the server takes it (admin-api 2.2; the schema normalises it further). */
export function toBodyValue(field: FieldDef, value: FormValue | undefined): unknown {
  if (field.type === 'switch') return value === true ? '1' : '0';
  if (MULTI_TYPES.includes(field.type)) return Array.isArray(value) ? value : listOf(value);
  const text = typeof value === 'string' ? value : '';
  if (TIME_TYPES.includes(field.type)) return toServerDateTime(text);
  return text;
}

/**
 * The body of an add or edit post: only the form's own fields (and the primary key on edit). A password
 * left empty is not sent: on edit that keeps the current one.
 */
export function toPostBody(
  def: ResourceDef,
  values: FormValues,
  mode: FormMode,
  id: unknown,
  fields: readonly FieldDef[] = formFields(def),
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (mode === 'edit') body[def.pk] = id;
  for (const field of fields) {
    for (const column of inputColumns(field)) {
      if (field.type === 'password') {
        const text = values[column];
        if (typeof text === 'string' && text !== '') body[column] = text;
        continue;
      }
      body[column] = toBodyValue(field, values[column]);
    }
  }
  return body;
}

/** The first problem per column, as catalogue keys (`validate:required`...). */
export type FieldErrors = Record<string, string>;

/** Runs the schema the server runs (resources/schema.ts) on a body; empty when it passes. */
export function validateBody(def: ResourceDef, body: Record<string, unknown>): FieldErrors {
  const result = resourceSchema(def).safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const column = String(issue.path[0] ?? '');
    if (!column || errors[column]) continue;
    // zod's own texts are English sentences; only our catalogue keys reach the page.
    errors[column] = /^[a-z-]+:[\w.]+$/i.test(issue.message) ? issue.message : 'validate:invalidField';
  }
  return errors;
}

/** Does the form hold an editor (it then gets a wider dialog)? */
export function hasEditor(fields: readonly FieldDef[]): boolean {
  return fields.some((f) => f.type === 'editor');
}
