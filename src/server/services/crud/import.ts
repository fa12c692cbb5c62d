import fsp from 'node:fs/promises';
import type { Knex } from 'knex';
import type ExcelJS from 'exceljs';
import { fieldTitle, optionTitle } from '../../../resources/labels.ts';
import { importColumns, type ImportColumn } from '../../../resources/transfer.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { LANGS } from '../../../shared/i18n/langs.ts';
import { formatTime } from '../../../shared/time.ts';
import { serverT } from '../../i18n.ts';
import { Refusal } from '../../errors.ts';
import { neutralised } from './export.ts';

/**
 * Imports into a resource (issue 28, item 3): a CSV or XLSX file whose first line names the columns (by
 * their titles in either language, or their names), one new row per line after it. Values are read as an
 * export writes them (option and relation labels, times in the site's zone, absolute file addresses) and
 * then go through the resource's own add: its validation, hooks and checks.
 */

/** At most this many lines are imported at once. */
export const MAX_IMPORT_LINES = 10_000;
/** And a file of at most this size. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** A column's heading in a language: the field's title, "(English)" after the English column of a localized one. */
export function columnTitle(def: ResourceDef, column: ImportColumn, lang: (typeof LANGS)[number]): string {
  const title = fieldTitle(def, column.field.name, lang, serverT(lang, 'resources'));
  return column.column === column.field.name ? title : serverT(lang, 'tables')('englishColumn', { label: title });
}

/** The heading of the column a refusal names (`field`, a table column), in a language; '' when it names none. */
export function refusedColumn(def: ResourceDef, field: unknown, lang: (typeof LANGS)[number]): string {
  if (typeof field !== 'string' || !field) return '';
  // A validation path ('category_id.category_id' for a converted value) starts with the column.
  const name = field.split('.')[0]!;
  const column = importColumns(def).find((c) => c.column === name);
  return column ? columnTitle(def, column, lang) : fieldTitle(def, name, lang, serverT(lang, 'resources'));
}

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Which column each heading of the file fills (null: ignored); refuses a file that fills none. */
export function matchHeadings(def: ResourceDef, headings: readonly string[]): (ImportColumn | null)[] {
  const byName = new Map<string, ImportColumn>();
  for (const column of importColumns(def)) {
    for (const name of [column.column, ...LANGS.map((lang) => columnTitle(def, column, lang))]) byName.set(key(name), column);
  }
  const matched = headings.map((h) => byName.get(key(h)) ?? null);
  if (!matched.some(Boolean)) throw new Refusal('staff:transfer.noKnownColumns');
  return matched;
}

/** A cell of a file as text: dates of a workbook in the site's zone, formulas by their result. */
function cellValue(value: ExcelJS.CellValue, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatTime(Math.floor(value.getTime() / 1000), 'yyyy-mm-dd hh:MM:ss', timeZone);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue, timeZone);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** The lines of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF), its byte-order mark dropped. */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      line.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      line.push(cell);
      lines.push(line);
      line = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || line.length) {
    line.push(cell);
    lines.push(line);
  }
  return lines.filter((l) => l.some((c) => c.trim() !== ''));
}

/** The lines of an uploaded file, by its content: an XLSX workbook's first sheet, or UTF-8 CSV. */
export async function readLines(file: string, timeZone: string): Promise<string[][]> {
  const head = Buffer.alloc(4);
  const handle = await fsp.open(file, 'r');
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  let lines: string[][];
  if (head.readUInt32BE(0) === 0x504b0304) {
    // exceljs (with its zip and stream libraries) is most of a worker's start-up: loaded on the first import.
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    try {
      await workbook.xlsx.readFile(file);
    } catch {
      throw new Refusal('staff:transfer.unreadable');
    }
    const sheet = workbook.worksheets[0];
    lines = [];
    sheet?.eachRow({ includeEmpty: false }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      lines.push(Array.from(values, (v) => cellValue(v as ExcelJS.CellValue, timeZone)));
    });
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await fsp.readFile(file));
    } catch {
      throw new Refusal('staff:transfer.unreadable');
    }
    if (text.includes('\0')) throw new Refusal('staff:transfer.unreadable');
    lines = parseCsv(text);
  }
  if (lines.length < 2) throw new Refusal('staff:transfer.empty');
  if (lines.length - 1 > MAX_IMPORT_LINES) throw new Refusal('staff:transfer.tooManyLines', 0, null, { max: MAX_IMPORT_LINES });
  return lines;
}

/** What reads a file's text back into a form value: option labels, relation labels, file addresses. */
export interface ValueReader {
  def: ResourceDef;
  knex: Knex;
  resolve(name: string): ResourceDef | undefined;
  /** The prefix an export put before relative file addresses. */
  fileBase: string;
  /** Keys already found by label, per field. */
  found: Map<string, string>;
}

/** An option's stored value from its label (either language) or the value itself. */
function optionValue(reader: ValueReader, field: FieldDef, text: string): string {
  const options = field.type === 'switch' ? ['0', '1'] : (field.options ?? []).map(String);
  for (const value of options) {
    if (value === text) return value;
    for (const lang of LANGS) {
      const t = serverT(lang, 'crud-ui');
      const label = optionTitle(reader.def, field.name, value, lang, serverT(lang, 'resources')) ?? (field.type === 'switch' ? t(value === '1' ? 'switch.on' : 'switch.off') : null);
      if (label !== null && key(label) === key(text)) return value;
    }
  }
  return text;
}

/** A related row's key from its label (either language), or the key itself. */
async function relatedKey(reader: ValueReader, field: FieldDef, text: string): Promise<string> {
  if (/^\d+$/.test(text) || !field.remote) return text;
  const known = reader.found.get(`${field.name}\n${text}`);
  if (known !== undefined) return known;
  const target = reader.resolve(field.remote.resource);
  if (!target) return text;
  const label = field.remote.labelField;
  const localized = target.fields.some((f) => f.name === label && f.localized);
  const row = await reader
    .knex(target.table)
    .where(label, text)
    .modify((q) => {
      if (localized) q.orWhere(`${label}_en`, text);
    })
    .first<Record<string, unknown> | undefined>(target.pk);
  const found = row ? String(row[target.pk]) : text;
  reader.found.set(`${field.name}\n${text}`, found);
  return found;
}

const list = (text: string) => text.split(/[,，、]/).map((v) => v.trim()).filter(Boolean);

/** One cell of the file as the form would post it. */
export async function formValue(reader: ValueReader, field: FieldDef, raw: string): Promise<unknown> {
  // An export put a quote before what a spreadsheet would run: it is not part of the value.
  const text = raw.startsWith("'") && neutralised(raw.slice(1)) === raw ? raw.slice(1) : raw;
  switch (field.type) {
    case 'switch':
    case 'radio':
    case 'select':
      return optionValue(reader, field, text.trim());
    case 'checkbox':
    case 'selects':
      return list(text).map((v) => optionValue(reader, field, v));
    case 'remoteSelect':
      return relatedKey(reader, field, text.trim());
    case 'remoteSelects':
      return Promise.all(list(text).map((v) => relatedKey(reader, field, v)));
    case 'image':
    case 'file':
    case 'images':
    case 'files': {
      const urls = list(text).map((u) => (reader.fileBase && u.startsWith(reader.fileBase) ? u.slice(reader.fileBase.length) : u));
      return field.type === 'image' || field.type === 'file' ? (urls[0] ?? '') : urls;
    }
    default:
      return text;
  }
}
