import { Readable } from 'node:stream';
import { cellOf, cellText, type CellContext } from '../../../resources/cells.ts';
import { fieldTitle, optionTitle } from '../../../resources/labels.ts';
import { isScheduled, publishingOf } from '../../../resources/publishing.ts';
import { unansweredColumns, type FieldDef, type ResourceDef } from '../../../resources/types.ts';
import { formatTime } from '../../../shared/time.ts';
import { Refusal } from '../../errors.ts';
import { now } from '../clock.ts';
import { xlsxWorkbook } from '../xlsxWriter.ts';
import type { Call, Row } from './call.ts';

/**
 * Exports of a resource's list (issue 28, item 3): the columns the list shows, titled in the admin's
 * language, each value as the list renders it, streamed as CSV (UTF-8 with a byte-order mark, so a
 * spreadsheet keeps Chinese) or as an XLSX workbook, a batch of rows at a time.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A CSV starts with it: spreadsheets then read the file as UTF-8, Chinese intact. */
export const BOM = '\uFEFF';
/** Characters that make a spreadsheet read a cell as a formula (or hide one): such cells start with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will show as text, never run: `=1+1` becomes `'=1+1` (OWASP's CSV injection advice). */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export interface ExportColumn {
  field: FieldDef;
  title: string;
}

/**
 * The columns of an export: the list's columns as the admin shows them (`columns`, a comma list of field
 * names, in that order), else those the list shows at first; never a secret or hidden one.
 */
export function exportColumns(def: ResourceDef, requested: unknown, call: Pick<Call, 'lang' | 't'>): ExportColumn[] {
  const never = new Set(unansweredColumns(def));
  const listed = def.fields.filter((f) => f.list !== false && !f.virtual && f.type !== 'password' && !never.has(f.name));
  const names = typeof requested === 'string' && requested.trim() ? requested.split(',').map((n) => n.trim()) : null;
  const fields = names ? names.map((n) => listed.find((f) => f.name === n)).filter((f): f is FieldDef => !!f) : listed.filter((f) => !(f.list && f.list.hidden));
  if (fields.length === 0) throw new Refusal('staff:transfer.noColumns');
  return fields.map((field) => ({ field, title: fieldTitle(def, field.name, call.lang, call.t) }));
}

/** Option labels an export remembers: a field's options are few, but a tag column may hold any text. */
const LABELS_KEPT = 1000;

/**
 * How the list renders values for this caller: option labels, relation labels, times in the site's zone. An
 * export asks for the same few option labels on every row, so each is looked up once (the lookups were a
 * fifth of the time of an export).
 */
export function cellContext(def: ResourceDef, call: Pick<Call, 'lang' | 't'>, timeZone: string, cdnUrl: string): CellContext {
  const labels = new Map<string, string>();
  return {
    lang: call.lang,
    cdnUrl,
    timeZone,
    optionLabel(field, value) {
      const key = `${field.name}\n${value}`;
      let label = labels.get(key);
      if (label === undefined) {
        label = optionTitle(def, field.name, value, call.lang, call.t) ?? (field.type === 'switch' ? call.t(value === '1' ? 'crud-ui:switch.on' : 'crud-ui:switch.off') : value);
        if (labels.size < LABELS_KEPT) labels.set(key, label);
      }
      return label;
    },
  };
}

/** One row's cells as text, neutralised. */
function rowTexts(def: ResourceDef, columns: readonly ExportColumn[], row: Row, ctx: CellContext, call: Pick<Call, 't'>, at: number): string[] {
  const publishing = publishingOf(def);
  return columns.map(({ field }) => {
    if (publishing?.field && field.name === publishing.status && isScheduled(row, def, at)) {
      return call.t('staff:schedule.scheduledAt', { time: formatTime(Number(row[publishing.field]), 'yyyy-mm-dd hh:MM', ctx.timeZone) });
    }
    return neutralised(cellText(cellOf(field, row, ctx)));
  });
}

/** One CSV line (RFC 4180 quoting). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')}\r\n`;
}

/**
 * Reads the first batch at once: a refused filter, order or search is then answered as an error in the
 * envelope, before the file's first byte is sent (after it, all a refusal could do is cut the download).
 */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const rest = source[Symbol.asyncIterator]();
  const first = await rest.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  })();
}

export interface ExportInput {
  def: ResourceDef;
  columns: readonly ExportColumn[];
  rows: AsyncIterable<Row[]>;
  ctx: CellContext;
  call: Pick<Call, 't'>;
}

/** Each batch of rows as the cells' texts, read from the source only when asked for. */
async function* textBatches({ def, columns, rows, ctx, call }: ExportInput): AsyncGenerator<string[][]> {
  const at = now();
  for await (const batch of rows) yield batch.map((row) => rowTexts(def, columns, row, ctx, call, at));
}

const titles = (input: ExportInput) => input.columns.map((c) => neutralised(c.title));

/**
 * The CSV of an export, pulled a batch at a time as the reader reads: a byte stream, so it reads ahead one
 * batch, where a stream of objects would hold sixteen.
 */
export function csvStream(input: ExportInput): Readable {
  return Readable.from(
    (async function* () {
      yield BOM + csvLine(titles(input));
      for await (const batch of textBatches(input)) yield batch.map(csvLine).join('');
    })(),
    { objectMode: false },
  );
}

/** The XLSX of an export, its rows pulled a batch at a time as the reader reads (xlsxWriter.ts). */
export function xlsxStream(input: ExportInput, sheetName: string): Readable {
  return xlsxWorkbook(sheetName, titles(input), textBatches(input));
}
