import { z } from 'zod';
import '../shared/schemas/zodSetup.ts';
import { DEFAULT_TIME_ZONE, parseWallClock } from '../shared/time.ts';
import { isAccountName, isEditorFilled, isIdNumber, isMobile } from '../shared/validation.ts';
import type { FieldDef, FieldType, FieldValidator, ResourceDef } from './types.ts';

/** Types stored as a comma-separated list of values. */
export const LIST_TYPES: readonly FieldType[] = ['checkbox', 'selects', 'images', 'files', 'remoteSelects', 'city'];
/** Types stored as numbers. */
export const NUMBER_TYPES: readonly FieldType[] = ['number', 'float', 'weigh', 'remoteSelect', 'timestamp', 'datetime'];
/** Columns the system writes itself; never taken from a form. */
export const SYSTEM_COLUMNS = ['create_time', 'update_time'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
/** A stored upload or picture: our storage, the shipped images, or a web address. */
const FILE_URL = /^(\/storage\/|\/images\/|\/static\/|https?:\/\/)/;
/** Icon names as BuildAdmin's client writes them (src/shared/icons.ts). */
const ICON = /^(fa fa-[a-z0-9-]+|el-icon-[A-Za-z0-9]+|local-[a-z0-9-]+)$/;
const COLOR = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|(rgb|hsl)a?\([\d\s.,%]+\))$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Keys of remoteSelect(s) and area ids of city: positive whole numbers, up to 19 digits (a snowflake id). */
export const ID = /^[1-9]\d{0,18}$/;
/** The largest key a signed 64-bit column holds. */
const MAX_KEY = 2n ** 63n - 1n;

/** A validator's verdict on a non-empty text, as a catalogue key, or null when it passes. */
function validatorError(validator: FieldValidator, v: string): string | null {
  switch (validator) {
    case 'email':
      return EMAIL.test(v) ? null : 'validate:email';
    case 'mobile':
      return isMobile(v) ? null : 'validate:mobile';
    case 'idCard':
      return isIdNumber(v) ? null : 'validate:idNumber';
    case 'account':
      return isAccountName(v) ? null : 'validate:account';
    case 'url':
      return /^https?:\/\/\S+$/.test(v) ? null : 'validate:url';
    case 'number':
      return Number.isFinite(Number(v)) ? null : 'validate:number';
    case 'integer':
      return /^-?\d+$/.test(v) ? null : 'validate:integer';
    case 'date':
      return DATE.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'validate:date';
  }
}

/** One key/value row of an `array` field (BuildAdmin's key-value list, stored as JSON). */
export interface ArrayItem {
  key: string;
  value: string;
}

/** An `array` value from a form or the table: a list of `{key, value}`, or its JSON. Null when malformed. */
export function arrayItems(value: unknown): ArrayItem[] | null {
  let v = value;
  if (v === null || v === undefined || v === '') return [];
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  }
  if (!Array.isArray(v)) return null;
  const items: ArrayItem[] = [];
  for (const item of v) {
    if (!item || typeof item !== 'object') return null;
    const { key, value: val } = item as Record<string, unknown>;
    if (!['string', 'number'].includes(typeof key) || !['string', 'number', 'undefined'].includes(typeof val)) return null;
    const k = String(key).trim();
    if (k) items.push({ key: k, value: String(val ?? '').trim() });
  }
  return items;
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (value === null || value === undefined) return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * A date-time from a form: Unix seconds, or 'YYYY-MM-DD HH:mm(:ss)' read as wall-clock time in the site's
 * time zone (forms send wall-clock values without an offset).
 */
export function toUnixSeconds(value: unknown, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Math.trunc(String(Math.trunc(value)).length > 10 ? value / 1000 : value);
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return toUnixSeconds(Number(text));
  return parseWallClock(text, timeZone);
}

function fieldSchema(field: FieldDef, column: string, english: boolean, timeZone: string): z.ZodType {
  const required = field.required && !english;
  if (LIST_TYPES.includes(field.type)) {
    return z.unknown().optional().transform((v, ctx) => {
      const list = asList(v);
      if (required && list.length === 0) ctx.addIssue({ code: 'custom', message: 'validate:required', path: [column] });
      if (field.options && list.some((x) => !field.options!.map(String).includes(x))) {
        ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
      }
      if ((field.type === 'remoteSelects' || field.type === 'city') && list.some((x) => !ID.test(x))) {
        ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
      }
      if ((field.type === 'images' || field.type === 'files') && list.some((x) => !FILE_URL.test(x))) {
        ctx.addIssue({ code: 'custom', message: 'validate:url', path: [column] });
      }
      const joined = list.join(',');
      if (field.max !== undefined && joined.length > field.max) ctx.addIssue({ code: 'custom', message: 'validate:tooLong', path: [column] });
      return joined;
    });
  }
  if (field.type === 'array') {
    return z.unknown().optional().transform((v, ctx) => {
      const items = arrayItems(v);
      if (items === null) {
        ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
        return '[]';
      }
      if (required && items.length === 0) ctx.addIssue({ code: 'custom', message: 'validate:required', path: [column] });
      return JSON.stringify(items);
    });
  }
  if (field.type === 'timestamp' || field.type === 'datetime') {
    return z.unknown().optional().transform((v, ctx) => {
      const t = toUnixSeconds(v, timeZone);
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
      // A remote key beyond what a JavaScript number holds exactly (a snowflake id) stays its decimal text.
      if (field.type === 'remoteSelect' && typeof v === 'string' && ID.test(v.trim()) && !Number.isSafeInteger(Number(v))) {
        if (BigInt(v.trim()) > MAX_KEY) ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
        return v.trim();
      }
      const n = Number(v);
      if (typeof v === 'boolean' || !Number.isFinite(n) || (field.type !== 'float' && !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', message: field.type === 'float' ? 'validate:number' : 'validate:integer', path: [column] });
        return null;
      }
      if (field.type === 'float' && field.precision !== undefined && (String(v).split('.')[1]?.length ?? 0) > field.precision) {
        ctx.addIssue({ code: 'custom', message: 'validate:number', path: [column] });
      }
      if (field.type === 'remoteSelect' && n < 0) ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
        ctx.addIssue({ code: 'custom', message: 'validate:invalidField', path: [column] });
      }
      // Money is entered in yuan and kept in cents (FieldDef.cents); min and max are in yuan.
      return field.cents ? Math.round(n * 100) : n;
    });
  }
  if (field.type === 'switch') {
    // A switch left out of a new row's form takes its default, not "off".
    return z
      .unknown()
      .optional()
      .transform((v) => (v === undefined && field.default !== undefined ? String(field.default) : v === true || v === 1 || v === '1' || v === 'true' ? '1' : '0'));
  }
  if (field.type === 'year') {
    return z.unknown().optional().transform((v, ctx) => {
      if (v === '' || v === null || v === undefined) {
        if (required) ctx.addIssue({ code: 'custom', message: 'validate:required', path: [column] });
        return null;
      }
      if (!/^\d{4}$/.test(String(v).trim())) {
        ctx.addIssue({ code: 'custom', message: 'validate:date', path: [column] });
        return null;
      }
      return Number(String(v).trim());
    });
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
      if (field.type === 'time' && !TIME.test(v)) ctx.addIssue({ code: 'custom', message: 'validate:date' });
      if (field.type === 'url' && !/^(https?:\/\/|\/)/.test(v)) ctx.addIssue({ code: 'custom', message: 'validate:url' });
      if ((field.type === 'image' || field.type === 'file') && !FILE_URL.test(v)) ctx.addIssue({ code: 'custom', message: 'validate:url' });
      if (field.type === 'icon' && !ICON.test(v)) ctx.addIssue({ code: 'custom', message: 'validate:invalidField' });
      if (field.type === 'color' && !COLOR.test(v)) ctx.addIssue({ code: 'custom', message: 'validate:invalidField' });
      for (const validator of field.validators ?? []) {
        const error = validatorError(validator, v);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }
    })
    // Times keep seconds (reference 5.3: stored as HH:mm:ss) whatever the input sent.
    .transform((v) => (field.type === 'time' && /^\d{2}:\d{2}$/.test(v) ? `${v}:00` : v));
}

/** The form fields of a resource (everything editable: form !== false and not a system column). */
export function formFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => f.form !== false && !SYSTEM_COLUMNS.includes(f.name) && f.name !== def.pk);
}

/**
 * The validation schema of a resource's add/edit form, shared by the admin form and the server. Values are
 * normalised to what the table stores (lists comma-joined, switches '0'/'1', date-times Unix seconds).
 * `present` (edit) limits validation to the columns the input carries; wall-clock date-times are read in
 * `timeZone`, the site's.
 */
export function resourceSchema(def: ResourceDef, present?: ReadonlySet<string>, timeZone: string = DEFAULT_TIME_ZONE): z.ZodObject<Record<string, z.ZodType>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of formFields(def)) {
    // Passwords are hashed by the resource's own save hook, never stored as typed.
    if (field.type === 'password') continue;
    const columns = field.localized ? [field.name, `${field.name}_en`] : [field.name];
    columns.forEach((column, i) => {
      if (!present || present.has(column)) shape[column] = fieldSchema(field, column, i === 1, timeZone);
    });
  }
  return z.object(shape);
}
