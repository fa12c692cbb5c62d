/**
 * Pure helpers of the record screens (attachments, recycle bin, sensitive-data log): file sizes, file-type
 * thumbnails, account columns and a deleted row as lines of a table. No React: unit-tested directly.
 */
import { resources } from '../../../../resources/index.ts';
import type { FieldDef, ResourceDef } from '../../../../resources/types.ts';
import { IMAGE_SUFFIXES } from '../../../../shared/upload.ts';

/** A byte count as the unit that reads best: KB below one megabyte, MB from there (1024 steps). */
export function fileSize(bytes: number): { value: string; unit: 'KB' | 'MB' } {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (size < 1024 * 1024) return { value: (size / 1024).toFixed(2), unit: 'KB' };
  return { value: (size / 1024 / 1024).toFixed(2), unit: 'MB' };
}

export function isImageSuffix(suffix: string): boolean {
  return IMAGE_SUFFIXES.includes(suffix.toLowerCase());
}

/** What an attachment shows as its thumbnail: the picture itself, or the icon of its file type. */
export function thumbnailOf(row: { url?: unknown; suffix?: unknown }, apiOrigin: string): string {
  const suffix = typeof row.suffix === 'string' && row.suffix ? row.suffix : 'file';
  if (isImageSuffix(suffix) && typeof row.url === 'string') return row.url;
  return `${apiOrigin}/api/ajax/buildSuffixSvg?suffix=${encodeURIComponent(suffix)}`;
}

/**
 * A column of account ids shown by the account's name: the server nests `{id, username, nickname}` under
 * `admin` / `user` beside the id, which is what the table's relation cells read.
 */
export function accountColumn(name: 'admin_id' | 'user_id'): FieldDef {
  const admin = name === 'admin_id';
  return { name, type: 'remoteSelect', remote: { resource: admin ? 'auth/admin' : 'user/user', labelField: 'nickname' }, list: { operator: false } };
}

/** A column of the definition that starts hidden (the column chooser shows it on demand). */
export function hiddenColumn(def: ResourceDef, name: string): FieldDef {
  const field = def.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${def.name} has no field ${name}`);
  return { ...field, list: { ...(field.list || {}), hidden: true } };
}

/** Columns whose values a page never shows, even of a deleted row: secrets and their derivatives. */
const SECRET = /password|salt|token|secret/i;

export interface RecordLine {
  column: string;
  /** The value as text: JSON for nested values, '' for null. */
  value: string;
  /** A secret: the value is left out. */
  hidden: boolean;
}

/** A stored row (the recycle bin's `data`) as lines of a two-column table, in its own column order. */
export function recordLines(data: unknown): RecordLine[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data).map(([column, value]) => {
    const hidden = SECRET.test(column) && value !== '' && value !== null;
    const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return { column, value: hidden ? '' : text, hidden };
  });
}

/** The resource that keeps its rows in `table`, for the column labels of a deleted row. */
export function resourceOfTable(table: string): ResourceDef | undefined {
  return resources.find((r) => r.table === table);
}
