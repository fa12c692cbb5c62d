import type { Knex } from 'knex';
import { columnsOf } from '../../../resources/naming.ts';
import { toUnixSeconds } from '../../../resources/schema.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/time.ts';
import type { FieldDef, ResourceDef, SearchOperator } from '../../../resources/types.ts';
import { likeOperator, likeSql } from '../../dialect.ts';
import { Refusal } from '../../errors.ts';

export const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 200;
/** Remote selects ask for every current value at once (reference 2.1). */
const SELECT_INIT_LIMIT = 999_999;

/** A remoteSelect field joined for display and search: `user_id` → relation `user`. */
export interface Relation {
  name: string;
  field: FieldDef;
  table: string;
  pk: string;
  labelField: string;
  /** The label is a localized field: its English column is joined too. */
  localizedLabel: boolean;
  /** More columns of the remote row the list shows and may search. */
  columns: readonly string[];
}

export interface ListParams {
  page: number;
  limit: number;
  /** The order applied, column and direction, for a query that must list the same rows in the same order. */
  order: Array<[string, 'asc' | 'desc']>;
  /** Whether a filter or the order names a joined relation's column (the query then needs the joins). */
  joinsRelations: boolean;
}

const OPERATORS: Record<string, SearchOperator> = {
  eq: 'eq', '=': 'eq', ne: 'ne', '<>': 'ne', gt: 'gt', '>': 'gt', egt: 'egt', '>=': 'egt', lt: 'lt', '<': 'lt', elt: 'elt', '<=': 'elt',
  like: 'LIKE', 'not like': 'NOT LIKE', in: 'IN', 'not in': 'NOT IN', range: 'RANGE', 'not range': 'NOT RANGE',
  find_in_set: 'FIND_IN_SET', null: 'NULL', 'not null': 'NOT NULL',
};

export function likeValue(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function asArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value && typeof value === 'object') return Object.values(value).map(String);
  return String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function intOf(value: unknown): number {
  const n = Number.parseInt(String(value), 10);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Every column of the main table a client may name in `order`, `search` or `initKey`: never a password, a
 * secret or hidden column, nor one that holds copies of other rows, or a LIKE search could read a stored
 * value out piece by piece.
 */
export function knownColumns(def: ResourceDef, hidden: readonly string[] = []): Set<string> {
  const cols = new Set<string>([def.pk, ...def.fields.filter((f) => f.type !== 'password' && !f.opaque).flatMap(columnsOf)]);
  for (const h of hidden) cols.delete(h);
  if (def.timestamps) ['create_time', 'update_time'].forEach((c) => cols.add(c));
  return cols;
}

/** The SQL column for a client field name: a main-table column or `<relation>.<labelField>`; null if unknown. */
export function resolveColumn(def: ResourceDef, relations: Relation[], name: string, hidden: readonly string[] = []): string | null {
  if (name.includes('.')) {
    const [rel, col] = name.split('.', 2) as [string, string];
    const relation = relations.find((r) => r.name === rel);
    const known = [relation?.labelField, relation?.pk, relation?.localizedLabel ? `${relation.labelField}_en` : undefined, ...(relation?.columns ?? [])];
    return relation && known.includes(col) ? `${rel}.${col}` : null;
  }
  return knownColumns(def, hidden).has(name) ? `${def.table}.${name}` : null;
}

/** Applies one `search[]` entry; incomplete entries and unknown operators are skipped (reference 2.1). */
function applySearch(query: Knex.QueryBuilder, column: string, field: FieldDef | undefined, entry: Record<string, unknown>, timeZone: string): void {
  const operator = OPERATORS[String(entry.operator ?? '').toLowerCase()];
  if (!operator || !('val' in entry)) return;
  const val = entry.val;
  const datetime = entry.render === 'datetime' || field?.type === 'timestamp' || field?.type === 'datetime';
  if (datetime) {
    if (operator === 'RANGE' || operator === 'NOT RANGE') {
      const [a, b] = asArray(val).map((v) => toUnixSeconds(v, timeZone));
      if (a === null || b === null || a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b)) return;
      if (operator === 'RANGE') query.whereBetween(column, [a, b]);
      else query.whereNotBetween(column, [a, b]);
      return;
    }
    const t = toUnixSeconds(val, timeZone);
    if (t !== null && !Number.isNaN(t)) query.where(column, t);
    return;
  }
  switch (operator) {
    case 'eq':
      query.where(column, String(val));
      return;
    case 'ne':
      query.whereNot(column, String(val));
      return;
    case 'gt':
      query.where(column, '>', intOf(val));
      return;
    case 'egt':
      query.where(column, '>=', intOf(val));
      return;
    case 'lt':
      query.where(column, '<', intOf(val));
      return;
    case 'elt':
      query.where(column, '<=', intOf(val));
      return;
    case 'LIKE':
      query.whereRaw(likeSql(query), [column, likeValue(String(val))]);
      return;
    case 'NOT LIKE':
      query.whereRaw(likeSql(query, true), [column, likeValue(String(val))]);
      return;
    case 'IN':
      query.whereIn(column, asArray(val));
      return;
    case 'NOT IN':
      query.whereNotIn(column, asArray(val));
      return;
    case 'RANGE':
    case 'NOT RANGE': {
      // "a,b" between; "a," from a; ",b" up to b (reference 2.1).
      const [from = '', to = ''] = String(Array.isArray(val) ? val.join(',') : val).split(',');
      const hasFrom = from.trim() !== '';
      const hasTo = to.trim() !== '';
      if (!hasFrom && !hasTo) return;
      const negate = operator === 'NOT RANGE';
      if (hasFrom && hasTo) (negate ? query.whereNotBetween.bind(query) : query.whereBetween.bind(query))(column, [Number(from), Number(to)]);
      else if (hasFrom) query.where(column, negate ? '<' : '>=', Number(from));
      else query.where(column, negate ? '>' : '<=', Number(to));
      return;
    }
    case 'FIND_IN_SET':
      // The column holds a comma list: wrap both in commas so '1' does not match '11'.
      for (const item of asArray(val)) query.whereRaw(`(',' || ?? || ',') ${likeOperator(query)} ?`, [column, `%,${item},%`]);
      return;
    case 'NULL':
      query.whereNull(column);
      return;
    case 'NOT NULL':
      query.whereNotNull(column);
      return;
  }
}

/**
 * Applies the index parameters of reference 2.1 to a query: `quickSearch`, `search[]`, `order` (whitelisted:
 * an unknown field is refused instead of reaching SQL), remote-select `initKey/initValue`, and paging.
 */
export function applyListParams(
  query: Knex.QueryBuilder,
  def: ResourceDef,
  relations: Relation[],
  input: Record<string, unknown>,
  hidden: readonly string[] = [],
  timeZone: string = DEFAULT_TIME_ZONE,
  /** The keys of rows whose own columns (these) contain a term, from an index; null when it cannot tell. */
  quickSearchKeys: (columns: string[], term: string) => Knex.QueryBuilder | null = () => null,
): ListParams {
  let joinsRelations = false;
  const resolve = (name: string): string | null => {
    const column = resolveColumn(def, relations, name, hidden);
    if (column && !column.startsWith(`${def.table}.`)) joinsRelations = true;
    return column;
  };
  const quick = typeof input.quickSearch === 'string' ? input.quickSearch.trim() : '';
  if (quick) {
    // A localized field is searched in both languages, so English admins find rows by their English text.
    const names = def.quickSearch.flatMap((f) => (def.fields.find((d) => d.name === f)?.localized ? [f, `${f}_en`] : [f]));
    const columns = names.map((f) => resolve(f)).filter((c): c is string => c !== null);
    const own = `${def.table}.`;
    const ownColumns = columns.filter((c) => c.startsWith(own));
    const keys = quickSearchKeys(ownColumns.map((c) => c.slice(own.length)), quick);
    const contains = (q: Knex.QueryBuilder, c: string) => q.orWhereRaw(`CAST(?? AS TEXT) ${likeOperator(query)} ? ESCAPE '\\'`, [c, likeValue(quick)]);
    query.where((q) => {
      // The index narrows the rows to check; the LIKE decides, as it does without the index.
      if (keys) q.orWhere((k) => k.whereIn(`${def.table}.${def.pk}`, keys).where((w) => ownColumns.forEach((c) => contains(w, c))));
      for (const c of columns) if (!keys || !c.startsWith(own)) contains(q, c);
    });
  }

  const search = input.search;
  const entries = Array.isArray(search) ? search : search && typeof search === 'object' ? Object.values(search) : [];
  for (const raw of entries) {
    if (!raw || typeof raw !== 'object') continue;
    const entry = raw as Record<string, unknown>;
    if (typeof entry.field !== 'string' || !entry.field) continue;
    const column = resolve(entry.field);
    if (!column) throw new Refusal('crud:unknownField', 0, null, { field: entry.field });
    applySearch(query, column, def.fields.find((f) => f.name === entry.field), entry, timeZone);
  }

  let limit = Math.min(Math.max(intOf(input.limit) || DEFAULT_LIMIT, 1), MAX_LIMIT);
  const initValue = input.initValue;
  if (initValue !== undefined && initValue !== '' && !(Array.isArray(initValue) && initValue.length === 0)) {
    const key = typeof input.initKey === 'string' && input.initKey ? input.initKey : def.pk;
    const column = resolve(key);
    if (!column) throw new Refusal('crud:unknownField', 0, null, { field: key });
    const op = String(input.initOperator ?? 'in').toLowerCase();
    if (op === 'in') query.whereIn(column, asArray(initValue));
    else applySearch(query, column, undefined, { operator: op, val: initValue }, timeZone);
    limit = SELECT_INIT_LIMIT;
  }

  const order = typeof input.order === 'string' && input.order.trim() ? input.order.trim() : `${def.defaultOrder[0]},${def.defaultOrder[1]}`;
  const [field = '', direction = 'desc'] = order.split(',').map((s) => s.trim());
  const column = resolve(field);
  if (!column || !['asc', 'desc'].includes(direction.toLowerCase())) throw new Refusal('crud:invalidOrder', 0, null, { order });
  const orders: ListParams['order'] = [[column, direction.toLowerCase() as 'asc' | 'desc']];
  if (field !== def.pk) orders.push([`${def.table}.${def.pk}`, 'desc']);
  for (const [c, d] of orders) query.orderBy(c, d);

  const page = Math.max(intOf(input.page) || 1, 1);
  return { page, limit, order: orders, joinsRelations };
}
