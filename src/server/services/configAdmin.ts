import type { TFunction } from 'i18next';
import { CONFIG_CHOICE_TYPES, CONFIG_RULES, type ConfigRule } from '../../resources/routine/config.ts';
import type { ConfigType, KeyValue } from '../../shared/config.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import { localizedText } from '../../shared/localized.ts';
import { email } from '../../shared/schemas/fields.ts';
import { ACCOUNT_NAME, MOBILE, PASSWORD, isEditorFilled, isIdNumber } from '../../shared/validation.ts';
import { sanitizeRichText } from './richText.ts';
import type { ConfigRow } from './settings.ts';
import { Refusal } from '../errors.ts';

/** The extension stored with an item: widget attributes, plus the input's own under `baInputExtend`. */
type Extend = Record<string, unknown>;

/** Stored as JSON (reference 3.10 storage). */
const JSON_TYPES: readonly string[] = ['checkbox', 'selects', 'array'];
/** Stored comma-joined and sent back as an array. */
const ARRAY_TYPES: readonly string[] = ['city', 'remoteSelects'];
/** Stored comma-joined and sent back as the stored string (the widgets split it). */
const JOINED_TYPES: readonly string[] = [...ARRAY_TYPES, 'images', 'files'];
const MEDIA = /^(\/storage\/|\/images\/|https?:\/\/)\S*$/;
const WEB_URL = /^(https?:\/\/\S+|\/\S*)$/;
const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const BAD_VALUE = 'validate:invalidField';
/** Keys that would reach an object's prototype instead of becoming an entry. */
const UNSAFE_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Names inside config values (the `config_group` tab names, the quick entrances) are English catalogue
 * keys, as in the reference; translated through the `admin-routine:configText` dictionary, falling back to
 * the text itself (an entry an admin added). Item titles and tips are stored in both languages instead
 * (`title` / `title_en`, seeded from the same dictionary). The key separator is swapped because the texts
 * contain dots and colons.
 */
export function configText(t: TFunction, text: string): string {
  if (!text) return '';
  return t(`configText>>${text}`, { ns: 'admin-routine', keySeparator: '>>', nsSeparator: false, defaultValue: text });
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The value as the config screen expects it for the item's type (reference 3.10 index). */
export function presentValue(row: Pick<ConfigRow, 'type' | 'value'>): unknown {
  const value = row.value ?? '';
  switch (row.type) {
    case 'password':
      // Never sent back: the form shows an empty field and an empty post keeps the stored secret.
      return '';
    case 'switch':
      return value === '1';
    case 'array': {
      const parsed = parseJson(value);
      return Array.isArray(parsed) ? parsed : [];
    }
    case 'checkbox':
    case 'selects': {
      const parsed = parseJson(value);
      return Array.isArray(parsed) ? parsed.map(String) : splitList(value);
    }
    default:
      return ARRAY_TYPES.includes(row.type) ? splitList(value) : value;
  }
}

export function contentOf(row: Pick<ConfigRow, 'type' | 'content'>): Record<string, string> | '' {
  if (!CONFIG_CHOICE_TYPES.includes(row.type as ConfigType)) return '';
  const parsed = parseJson(row.content);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
}

export function extendOf(row: Pick<ConfigRow, 'extend'>): { extend: Extend; input_extend: Extend } {
  const parsed = parseJson(row.extend);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { extend: {}, input_extend: {} };
  const { baInputExtend, ...extend } = parsed as Extend;
  const input = baInputExtend && typeof baInputExtend === 'object' && !Array.isArray(baInputExtend) ? (baInputExtend as Extend) : {};
  return { extend, input_extend: input };
}

export function rulesOf(row: Pick<ConfigRow, 'rule'>): ConfigRule[] {
  return splitList(row.rule).filter((r): r is ConfigRule => (CONFIG_RULES as readonly string[]).includes(r));
}

/** A posted list: an array, an object of indexed entries (form encoding) or a comma-separated string. */
function listOf(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw && typeof raw === 'object') return Object.values(raw);
  if (raw === null || raw === undefined || raw === '') return [];
  return String(raw).split(',');
}

function scalar(raw: unknown): string | null {
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return null;
}

function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** 'HH:mm' or 'HH:mm:ss' → 'HH:mm:ss'; null when not a time of day. */
function normaliseTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  return `${m[1]!.padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/** Why a value breaks one of the item's rules, as a `validate:` key; null when it passes. */
function ruleProblem(rule: ConfigRule, value: string, type: string): string | null {
  const empty = type === 'editor' ? !isEditorFilled(value) : value === '' || value === '[]';
  if (rule === 'required' || rule === 'editorRequired') return empty ? (rule === 'editorRequired' ? 'validate:editorRequired' : 'validate:required') : null;
  if (value === '') return null;
  switch (rule) {
    case 'mobile':
      return MOBILE.test(value) ? null : 'validate:mobile';
    case 'idNumber':
      return isIdNumber(value) ? null : 'validate:idNumber';
    case 'account':
      return ACCOUNT_NAME.test(value) ? null : 'validate:account';
    case 'password':
      return PASSWORD.test(value) ? null : 'validate:password';
    case 'varName':
      return VAR_NAME.test(value) ? null : BAD_VALUE;
    case 'url':
      return WEB_URL.test(value) ? null : 'validate:url';
    case 'email':
      return email().safeParse(value).success ? null : 'validate:email';
    case 'date':
      return isRealDate(value) || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? null : 'validate:date';
    case 'number':
    case 'float':
      return Number.isFinite(Number(value)) ? null : 'validate:number';
    case 'integer':
      return /^-?\d+$/.test(value) ? null : 'validate:integer';
  }
}

/**
 * Turns a posted value into what the `value` column stores for the item's type (reference 3.10 edit:
 * switch '1'/'0', JSON for checkbox, selects and array, HH:mm:ss for time, comma-joined for other lists,
 * sanitised HTML for the editor), then applies the item's rules. Returns null for an empty password post,
 * which keeps the stored secret. Throws a message naming the item when the value does not fit.
 */
export async function storeValue(row: Pick<ConfigRow, 'type' | 'content' | 'rule' | 'title' | 'title_en' | 'name'>, raw: unknown, t: TFunction, lang: Lang): Promise<string | null> {
  const fail = (key: string) =>
    new Refusal('admin-routine:configValueInvalid', 0, null, { title: localizedText(row, 'title', lang).text || row.name, reason: t(key, { field: row.name }) });
  const choices = Object.keys(contentOf(row) || {});
  const type = row.type as ConfigType;
  let stored: string;
  if (type === 'switch') {
    stored = raw === true || raw === 1 || raw === '1' || raw === 'true' ? '1' : '0';
  } else if (type === 'checkbox' || type === 'selects') {
    const list = listOf(raw).map((v) => scalar(v));
    if (list.some((v) => v === null)) throw fail(BAD_VALUE);
    const values = (list as string[]).map((v) => v.trim()).filter(Boolean);
    if (choices.length && values.some((v) => !choices.includes(v))) throw fail(BAD_VALUE);
    stored = JSON.stringify([...new Set(values)]);
  } else if (type === 'array') {
    const entries: KeyValue[] = [];
    for (const item of listOf(raw)) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw fail(BAD_VALUE);
      const { key, value } = item as Record<string, unknown>;
      const k = scalar(key);
      const v = scalar(value);
      if (k === null || v === null) throw fail(BAD_VALUE);
      if (k.trim() === '' && v.trim() === '') continue;
      if (k.trim() === '') throw fail('validate:required');
      entries.push({ key: k.trim(), value: v.trim() });
    }
    stored = JSON.stringify(entries);
  } else if (JOINED_TYPES.includes(type)) {
    const list = listOf(raw).map((v) => scalar(v));
    if (list.some((v) => v === null)) throw fail(BAD_VALUE);
    const values = (list as string[]).map((v) => v.trim()).filter(Boolean);
    if (type === 'city' && values.some((v) => !/^\d+$/.test(v))) throw fail(BAD_VALUE);
    if ((type === 'images' || type === 'files') && values.some((v) => !MEDIA.test(v))) throw fail('validate:url');
    stored = values.join(',');
  } else {
    const text = scalar(raw);
    if (text === null) throw fail(BAD_VALUE);
    stored = type === 'password' || type === 'textarea' || type === 'editor' ? text : text.trim();
    if (type === 'password' && stored === '') return null;
    if (stored !== '') {
      switch (type) {
        case 'number':
          if (!Number.isFinite(Number(stored))) throw fail('validate:number');
          break;
        case 'radio':
        case 'select':
          if (choices.length && !choices.includes(stored)) throw fail(BAD_VALUE);
          break;
        case 'datetime': {
          const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)$/.exec(stored);
          const time = m ? normaliseTime(m[2]!) : null;
          if (!m || !isRealDate(m[1]!) || !time) throw fail('validate:date');
          stored = `${m[1]} ${time}`;
          break;
        }
        case 'date':
          if (!isRealDate(stored)) throw fail('validate:date');
          break;
        case 'year':
          if (!/^\d{4}$/.test(stored)) throw fail('validate:date');
          break;
        case 'time': {
          const time = normaliseTime(stored);
          if (!time) throw fail('validate:date');
          stored = time;
          break;
        }
        case 'image':
        case 'file':
          if (!MEDIA.test(stored)) throw fail('validate:url');
          break;
        case 'editor':
          stored = await sanitizeRichText(stored);
          break;
      }
    }
  }
  for (const rule of rulesOf(row)) {
    const problem = ruleProblem(rule, stored, type);
    if (problem) throw fail(problem);
  }
  return stored;
}

/** The value a new item starts with when the add form gives none. */
export function initialValue(type: ConfigType): string {
  if (type === 'switch') return '0';
  return JSON_TYPES.includes(type) ? '[]' : '';
}

/** `key=value` lines (the add form's dictionary input) → an object; blank lines are skipped. */
export function parseDictionary(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf('=');
    const key = (at === -1 ? line : line.slice(0, at)).trim();
    if (!key || UNSAFE_KEYS.includes(key)) continue;
    out[key] = at === -1 ? key : line.slice(at + 1).trim();
  }
  return out;
}

function typed(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/**
 * Extension lines (reference 3.10 add): `key=value`, where `a.b=c` nests a key and true/false and numbers
 * are converted.
 */
export function parseExtend(text: string): Extend {
  const out: Extend = {};
  for (const [path, value] of Object.entries(parseDictionary(text))) {
    const keys = path.split('.').filter(Boolean);
    if (keys.some((k) => UNSAFE_KEYS.includes(k))) continue;
    let node = out;
    keys.slice(0, -1).forEach((k) => {
      const next = node[k];
      node[k] = next && typeof next === 'object' && !Array.isArray(next) ? next : {};
      node = node[k] as Extend;
    });
    const last = keys[keys.length - 1];
    if (last) node[last] = typed(value);
  }
  return out;
}
