/**
 * The pure side of the generic list (admin-api section 2.1): which columns and search controls a resource
 * definition gives, and the index parameters they turn into. No React, no browser: unit-tested directly.
 */
import { offers, type ColumnPriority, type FieldDef, type ResourceDef, type SearchOperator } from '../../../resources/types.ts';

export type Row = Record<string, unknown>;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type SortDirection = 'asc' | 'desc';

export interface Order {
  field: string;
  direction: SortDirection;
}

/** One `search[]` condition as the server reads it. */
export interface SearchEntry {
  field: string;
  operator: SearchOperator;
  val: string;
  render?: 'datetime';
}

/** The state a list is fetched with. `order: null` leaves the choice to the resource's default order. */
export interface ListQuery {
  page: number;
  limit: number;
  order: Order | null;
  quickSearch: string;
  search: SearchEntry[];
}

export function initialQuery(limit: number = DEFAULT_PAGE_SIZE): ListQuery {
  return { page: 1, limit, order: null, quickSearch: '', search: [] };
}

/** GET index parameters of a list state; empty parts are left out so the URL stays short. */
export function indexParams(query: ListQuery): Record<string, unknown> {
  const params: Record<string, unknown> = { page: query.page, limit: query.limit };
  if (query.order) params.order = `${query.order.field},${query.order.direction}`;
  const quick = query.quickSearch.trim();
  if (quick) params.quickSearch = quick;
  if (query.search.length) params.search = query.search.map((e) => ({ ...e }));
  return params;
}

/** The order the server applies: the chosen one, or the definition's default. */
export function effectiveOrder(def: ResourceDef, order: Order | null): Order {
  return order ?? { field: def.defaultOrder[0], direction: def.defaultOrder[1] };
}

/** Header clicks cycle ascending → descending → the default order. */
export function nextOrder(current: Order | null, field: string): Order | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}

/**
 * Rows can be reordered by dragging only when the resource has a weigh field and the list is shown in that
 * order: swapping weights in any other order would look random.
 */
export function canDragSort(def: ResourceDef, order: Order | null): boolean {
  return !!def.weighField && effectiveOrder(def, order).field === def.weighField;
}

/** Fields shown as table columns (a password never is, whatever the definition says). */
export function listFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => f.list !== false && f.type !== 'password');
}

export function isSortable(field: FieldDef): boolean {
  return !!field.list && !!field.list.sortable;
}

/** A row's own times: bookkeeping where rows are edited (in a log, the time is what the entry is about). */
const BOOKKEEPING = new Set(['create_time', 'update_time']);

/** A column's priority: the definition's, else low for the key, the drag order and an edited row's own times. */
export function columnPriority(def: ResourceDef, field: FieldDef): ColumnPriority {
  const declared = field.list ? field.list.priority : undefined;
  if (declared) return declared;
  return field.name === def.pk || field.type === 'weigh' || (BOOKKEEPING.has(field.name) && offers(def, 'edit')) ? 'low' : 'high';
}

/**
 * The shown columns that may give way to the main text column, the first to go first: low-priority ones from
 * the right. Never the main column, nor one the admin chose to show (`stored` true).
 */
export function roomOrder(def: ResourceDef, shown: readonly FieldDef[], main: string | undefined, stored: Readonly<Record<string, boolean>>): string[] {
  return shown
    .filter((f) => f.name !== main && stored[f.name] !== true && columnPriority(def, f) === 'low')
    .map((f) => f.name)
    .reverse();
}

/** Which columns are visible: the admin's stored choice, else the definition (`list.hidden`). */
export function visibleColumns(def: ResourceDef, stored: Readonly<Record<string, boolean>>): Record<string, boolean> {
  return Object.fromEntries(listFields(def).map((f) => [f.name, stored[f.name] ?? !(f.list && f.list.hidden)]));
}

/** The localStorage key of a resource's column choice. */
export function columnStorageKey(def: Pick<ResourceDef, 'name'>): string {
  return `crudColumns:${def.name}`;
}

/** A stored column choice, ignoring anything that is not a `{field: boolean}` object. */
export function parseColumnPrefs(text: string | null): Record<string, boolean> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    return {};
  }
}

// ---- common search ---------------------------------------------------------------------------------

export type SearchControlKind = 'text' | 'options' | 'remote' | 'date' | 'datetimeRange' | 'numberRange' | 'presence';

export interface SearchControl {
  field: FieldDef;
  kind: SearchControlKind;
  operator: SearchOperator;
}

const RANGE_OPERATORS: readonly SearchOperator[] = ['RANGE', 'NOT RANGE'];
const TIME_TYPES = ['timestamp', 'datetime'];

function isTimeField(field: FieldDef): boolean {
  return TIME_TYPES.includes(field.type) || (!!field.list && field.list.render === 'datetime');
}

/** One control per field whose `list.operator` is set, of the kind its type and operator call for. */
export function searchControls(def: ResourceDef): SearchControl[] {
  const controls: SearchControl[] = [];
  for (const field of def.fields) {
    const list = field.list;
    if (!list || !list.operator || field.type === 'password') continue;
    const operator = list.operator;
    let kind: SearchControlKind;
    if (operator === 'NULL' || operator === 'NOT NULL') kind = 'presence';
    else if (RANGE_OPERATORS.includes(operator)) kind = isTimeField(field) ? 'datetimeRange' : 'numberRange';
    else if (field.type === 'remoteSelect' || field.type === 'remoteSelects') kind = 'remote';
    else if (field.options && field.options.length) kind = 'options';
    else if (field.type === 'date') kind = 'date';
    else kind = 'text';
    controls.push({ field, kind, operator });
  }
  return controls;
}

/** What the search panel holds per field: one value, a [from, to] pair, or a ticked box. */
export type SearchValue = string | readonly [string, string] | boolean;
export type SearchValues = Readonly<Record<string, SearchValue>>;

/** `YYYY-MM-DDTHH:mm(:ss)` of a datetime-local input → the server's `YYYY-MM-DD HH:mm:ss`. */
export function toServerDateTime(value: string): string {
  const text = value.trim();
  if (!text) return '';
  const [date = '', time = '00:00:00'] = text.split(/[T ]/);
  const [h = '00', m = '00', s = '00'] = time.split(':');
  return `${date} ${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.padStart(2, '0')}`;
}

// A time range needs both ends on the server (admin-api 2.1, render=datetime); an open end becomes the
// earliest or a far-future moment so "from" or "until" alone still filters.
const OPEN_START = '1970-01-01 08:00:00';
const OPEN_END = '2999-12-31 23:59:59';

/** The `search[]` entries of the panel's values; untouched controls add nothing. */
export function searchEntries(controls: readonly SearchControl[], values: SearchValues): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const { field, kind, operator } of controls) {
    const value = values[field.name];
    if (value === undefined || value === false || value === '') continue;
    if (kind === 'presence') {
      if (value === true) entries.push({ field: field.name, operator, val: '' });
      continue;
    }
    if (kind === 'datetimeRange' || kind === 'numberRange') {
      if (!Array.isArray(value)) continue;
      const [from, to] = value as readonly [string, string];
      if (!from.trim() && !to.trim()) continue;
      if (kind === 'numberRange') {
        entries.push({ field: field.name, operator, val: `${from.trim()},${to.trim()}` });
      } else {
        const a = toServerDateTime(from) || OPEN_START;
        const b = toServerDateTime(to) || OPEN_END;
        entries.push({ field: field.name, operator, val: `${a},${b}`, render: 'datetime' });
      }
      continue;
    }
    if (typeof value !== 'string' || !value.trim()) continue;
    entries.push({ field: field.name, operator, val: value.trim() });
  }
  return entries;
}
