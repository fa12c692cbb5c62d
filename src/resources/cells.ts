/**
 * What a table cell shows, decided without React: localized values in the page language, relation labels,
 * option labels, times in the site's zone, thumbnails behind the CDN. The admin table turns a `Cell` into
 * markup; an export writes its text (cellText), so a spreadsheet reads as the list does.
 */
import type { Lang } from '../shared/i18n/langs.ts';
import { localizedText } from '../shared/localized.ts';
import { formatTime } from '../shared/time.ts';
import { arrayItems } from './schema.ts';
import type { ColumnRender, FieldDef, ResourceDef } from './types.ts';

type Row = Record<string, unknown>;

export type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; fallback?: boolean }
  /** A date and time: it may wrap between its parts (date, time), never inside one. */
  | { kind: 'datetime'; text: string }
  | { kind: 'tag'; text: string; tone: number }
  | { kind: 'tags'; items: string[] }
  | { kind: 'images'; urls: string[] }
  | { kind: 'switch'; on: boolean; text: string }
  | { kind: 'url'; href: string; text: string }
  | { kind: 'color'; color: string }
  | { kind: 'icon'; icon: string };

/** Labels of option values, from the catalogue (`resources:<name>.options.<field>.<value>`). */
export type OptionLabel = (field: FieldDef, value: string) => string;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function textOf(value: unknown): string {
  if (isBlank(value)) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}


/** `category_id` → `category`: the name the server nests a remote relation under. */
export function relationName(field: Pick<FieldDef, 'name'>): string {
  return field.name.replace(/_id$/, '');
}

/** The label of a remoteSelect value from the joined relation, in the page language when it has both. */
export function relationLabel(row: Row, field: FieldDef, lang: Lang): { text: string; fallback: boolean } | null {
  if (!field.remote) return null;
  const nested = row[relationName(field)];
  if (!nested || typeof nested !== 'object') return null;
  const label = localizedText(nested as Row, field.remote.labelField, lang);
  return label.text ? label : null;
}

/** A list value (array, comma list, or a `{key: title}` object) as separate strings. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean);
  if (value && typeof value === 'object') return Object.values(value).map(textOf).filter(Boolean);
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      return listOf(JSON.parse(value) as unknown);
    } catch {
      // Not JSON after all: read it as a comma list.
    }
  }
  return textOf(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A stored url as the browser should load it: relative ones sit behind the CDN origin when one is set. */
export function displayUrl(url: string, cdnUrl: string): string {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url) ? url : cdnUrl + url;
}

/** Only web addresses become links (a stored `javascript:` url must not run in the admin). */
export function safeHref(url: string): string | null {
  const text = url.trim();
  if (/^https?:\/\//i.test(text)) return text;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  return null;
}

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%]+\))$/i;

/** How a field shows when the definition names no render: by its type. */
export function renderOf(field: FieldDef): ColumnRender | 'options' | 'relation' | 'text' | 'pairs' | 'city' {
  const explicit = field.list ? field.list.render : undefined;
  if (explicit) return explicit;
  switch (field.type) {
    case 'image':
      return 'image';
    case 'images':
      return 'images';
    case 'timestamp':
    case 'datetime':
      return 'datetime';
    case 'switch':
      return 'switch';
    case 'url':
      return 'url';
    case 'color':
      return 'color';
    case 'icon':
      return 'icon';
    case 'checkbox':
    case 'selects':
    case 'remoteSelects':
      return 'tags';
    case 'remoteSelect':
      return 'relation';
    case 'array':
      return 'pairs';
    case 'city':
      return 'city';
    default:
      return field.options?.length ? 'options' : 'text';
  }
}

/**
 * For a remoteSelects column the server may add the labels beside the ids (`group_arr` →
 * `group_name_arr`, reference 3.1); those read better than ids.
 */
function remoteLabels(row: Row, field: FieldDef): string[] | null {
  const stem = field.name.replace(/_(arr|ids)$/, '');
  const labels = row[`${stem}_name_arr`];
  return Array.isArray(labels) ? labels.map(textOf) : null;
}

export interface CellContext {
  lang: Lang;
  cdnUrl: string;
  /** The site's time zone, in which dates show. */
  timeZone: string;
  optionLabel: OptionLabel;
}

/** The cell of one field in one row. */
export function cellOf(field: FieldDef, row: Row, ctx: CellContext): Cell {
  const raw = row[field.name];
  const render = renderOf(field);
  switch (render) {
    case 'image':
    case 'images': {
      const urls = listOf(raw).map((u) => displayUrl(u, ctx.cdnUrl));
      return urls.length ? { kind: 'images', urls } : { kind: 'empty' };
    }
    case 'datetime': {
      const format = field.list ? field.list.timeFormat : undefined;
      const text = typeof raw === 'number' || typeof raw === 'string' ? formatTime(raw, format || undefined, ctx.timeZone) : '';
      return text ? { kind: 'datetime', text } : { kind: 'empty' };
    }
    case 'switch': {
      if (isBlank(raw)) return { kind: 'empty' };
      const on = raw === true || raw === 1 || raw === '1';
      return { kind: 'switch', on, text: ctx.optionLabel(field, on ? '1' : '0') };
    }
    case 'tag': {
      if (isBlank(raw)) return { kind: 'empty' };
      const value = String(raw);
      const tone = Math.max(0, (field.options ?? []).map(String).indexOf(value));
      const relation = field.type === 'remoteSelect' ? relationLabel(row, field, ctx.lang) : null;
      return { kind: 'tag', text: relation?.text ?? ctx.optionLabel(field, value), tone };
    }
    case 'tags': {
      const labels = field.type === 'remoteSelects' ? remoteLabels(row, field) : null;
      const items = labels ?? listOf(raw).map((v) => (field.options?.length ? ctx.optionLabel(field, v) : v));
      return items.length ? { kind: 'tags', items } : { kind: 'empty' };
    }
    case 'url': {
      const text = textOf(raw);
      const href = safeHref(text);
      if (!text) return { kind: 'empty' };
      return href ? { kind: 'url', href, text } : { kind: 'text', text };
    }
    case 'color': {
      const color = textOf(raw).trim();
      if (!color) return { kind: 'empty' };
      return COLOR.test(color) ? { kind: 'color', color } : { kind: 'text', text: color };
    }
    case 'icon': {
      const icon = textOf(raw).trim();
      return icon ? { kind: 'icon', icon } : { kind: 'empty' };
    }
    case 'relation': {
      const label = relationLabel(row, field, ctx.lang);
      if (label) return { kind: 'text', text: label.text, fallback: label.fallback };
      return isBlank(raw) || raw === 0 ? { kind: 'empty' } : { kind: 'text', text: textOf(raw) };
    }
    case 'pairs': {
      // An array field's key/value rows, one tag each.
      const items = (arrayItems(raw) ?? []).map((i) => (i.value ? `${i.key}: ${i.value}` : i.key));
      return items.length ? { kind: 'tags', items } : { kind: 'empty' };
    }
    case 'city': {
      // The server adds the area names beside the ids (<name>_text).
      const names = textOf(row[`${field.name}_text`]);
      const text = names || listOf(raw).join(' / ');
      return text ? { kind: 'text', text } : { kind: 'empty' };
    }
    case 'options':
      return isBlank(raw) ? { kind: 'empty' } : { kind: 'text', text: ctx.optionLabel(field, String(raw)) };
    default: {
      if (field.localized) {
        const { text, fallback } = localizedText(row, field.name, ctx.lang);
        return text ? { kind: 'text', text, fallback } : { kind: 'empty' };
      }
      const text = textOf(raw);
      return text ? { kind: 'text', text } : { kind: 'empty' };
    }
  }
}

/** The fields a details view shows: every stored column but secrets. */
export function detailFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => !f.virtual && f.type !== 'password');
}

/** Stored JSON (an object or a list, as text or parsed) indented for reading; null for anything else. */
export function jsonText(value: unknown): string | null {
  let parsed = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!/^[[{]/.test(text)) return null;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  return parsed !== null && typeof parsed === 'object' ? JSON.stringify(parsed, null, 2) : null;
}

/** A cell as plain text, for an export: what the table shows, in words. */
export function cellText(cell: Cell): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'text':
    case 'datetime':
    case 'tag':
    case 'switch':
    case 'url':
      return cell.text;
    case 'tags':
      return cell.items.join(', ');
    case 'images':
      return cell.urls.join(', ');
    case 'color':
      return cell.color;
    case 'icon':
      return cell.icon;
  }
}
