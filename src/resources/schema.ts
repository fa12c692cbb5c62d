import { z } from 'zod';
import '../shared/schemas/zodSetup.ts';
import { isEditorFilled } from '../shared/validation.ts';
import type { FieldDef, FieldType, ResourceDef } from './types.ts';

/** Types stored as a comma-separated list of values. */
export const LIST_TYPES: readonly FieldType[] = ['checkbox', 'selects', 'images', 'files', 'remoteSelects', 'city'];
/** Types stored as numbers. */
export const NUMBER_TYPES: readonly FieldType[] = ['number', 'float', 'weigh', 'remoteSelect', 'timestamp', 'datetime'];
/** Columns the system writes itself; never taken from a form. */
export const SYSTEM_COLUMNS = ['create_time', 'update_time'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (value === null || value === undefined) return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A date-time from a form: Unix seconds, or 'YYYY-MM-DD HH:mm(:ss)' read as the site's local time (UTC+8). */
export function toUnixSeconds(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Math.trunc(String(Math.trunc(value)).length > 10 ? value / 1000 : value);
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return toUnixSeconds(Number(text));
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  // The association works in China time; forms send wall-clock values without an offset.
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) - 8, Number(mi), Number(s)) / 1000;
}

function fieldSchema(field: FieldDef, column: string, english: boolean): z.ZodType {
  const required = field.required && !english;
  if (LIST_TYPES.includes(field.type)) {
    return z.unknown().optional().transform((v, ctx) => {
      const list = asList(v);
      if (required && list.length === 0) ctx.addIssue({ code: 'custom', message: 'validate:required', path: [column] });
      if (field.options && list.some((x) => !field.options!.map(String).includes(x))) {
        ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
      }
      return list.join(',');
    });
  }
  if (field.type === 'timestamp' || field.type === 'datetime') {
    return z.unknown().optional().transform((v, ctx) => {
      const t = toUnixSeconds(v);
      if (t === null && required) ctx.addIssue({ code: 'custom', message: 'validate:required', path: [column] });
      if (t !== null && Number.isNaN(t)) ctx.addIssue({ code: 'custom', message: 'validate:date', path: [column] });
      return t;
    });
  }
  if (NUMBER_TYPES.includes(field.type)) {
    return z.unknown().optional().transform((v, ctx) => {
      if (v === '' || v === null || v === undefined) {
        if (required) ctx.addIssue({ code: 'custom', message: 'validate:required', path: [column] });
        return field.default ?? null;
      }
      const n = Number(v);
      if (!Number.isFinite(n) || (field.type !== 'float' && !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', message: field.type === 'float' ? 'validate:number' : 'validate:integer', path: [column] });
        return null;
      }
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
        ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
      }
      return n;
    });
  }
  if (field.type === 'switch') {
    // A switch left out of a new row's form takes its default, not "off".
    return z
      .unknown()
      .optional()
      .transform((v) => (v === undefined && field.default !== undefined ? String(field.default) : v === true || v === 1 || v === '1' || v === 'true' ? '1' : '0'));
  }
  let text = z.string().trim();
  if (field.max !== undefined) text = text.max(field.max, { message: 'validate:tooLong' });
  return z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined ? '' : String(v)))
    .pipe(text)
    .superRefine((v, ctx) => {
      if (required && (field.type === 'editor' ? !isEditorFilled(v) : v === '')) {
        ctx.addIssue({ code: 'custom', message: field.type === 'editor' ? 'validate:editorRequired' : 'validate:required' });
      }
      if (v === '') return;
      if (field.options && !field.options.map(String).includes(v)) ctx.addIssue({ code: 'custom', message: 'validate:invalidField' });
      if (field.type === 'date' && (!DATE.test(v) || Number.isNaN(Date.parse(v)))) ctx.addIssue({ code: 'custom', message: 'validate:date' });
      if (field.type === 'url' && !/^(https?:\/\/|\/)/.test(v)) ctx.addIssue({ code: 'custom', message: 'validate:url' });
      if ((field.type === 'image' || field.type === 'file') && !/^(\/storage\/|\/images\/|https?:\/\/)/.test(v)) {
        ctx.addIssue({ code: 'custom', message: 'validate:url' });
      }
    });
}

/** The form fields of a resource (everything editable: form !== false and not a system column). */
export function formFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => f.form !== false && !SYSTEM_COLUMNS.includes(f.name) && f.name !== def.pk);
}

/**
 * The validation schema of a resource's add/edit form, shared by the admin form and the server. Values are
 * normalised to what the table stores (lists comma-joined, switches '0'/'1', date-times Unix seconds).
 * `present` (edit) limits validation to the columns the input carries.
 */
export function resourceSchema(def: ResourceDef, present?: ReadonlySet<string>): z.ZodObject<Record<string, z.ZodType>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of formFields(def)) {
    // Passwords are hashed by the resource's own save hook, never stored as typed.
    if (field.type === 'password') continue;
    const columns = field.localized ? [field.name, `${field.name}_en`] : [field.name];
    columns.forEach((column, i) => {
      if (!present || present.has(column)) shape[column] = fieldSchema(field, column, i === 1);
    });
  }
  return z.object(shape);
}
