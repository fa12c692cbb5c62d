import type { Knex } from 'knex';
import { isPostgresKnex } from '../../dialect.ts';

/** The `total` of an admin list, and whether it is an estimate ("about N"). */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** The page the list read: where it starts, its size, how many rows it found. */
export interface PageRead {
  offset: number;
  limit: number;
  found: number;
}

/** Keys spread evenly over the table's range that SQLite checks for its estimate. */
const SAMPLE = 500;
/** A sample that finds fewer rows than this says the keys are sparse (a snowflake key) or the rows few: they are counted. */
const MIN_SEEN = 50;

const count = async (query: Knex.QueryBuilder): Promise<number> => Number(((await query) as [{ n: number | string }])[0].n);

/** Every row the list matches, counted: what an estimate stands in for. */
const countAll = (matching: Knex.QueryBuilder) => count(matching.clone().clearOrder().clearSelect().count({ n: '*' }));

/** Two significant figures: an estimate claims no more. */
function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** PostgreSQL: the planner's estimate of the rows the list matches (kept current by autovacuum's ANALYZE). */
async function plannedRows(knex: Knex, matching: Knex.QueryBuilder): Promise<number> {
  const { sql, bindings } = matching.clone().clearOrder().clearSelect().select(knex.raw('1')).toSQL();
  const { rows } = (await knex.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings)) as { rows: Array<{ 'QUERY PLAN': string }> };
  // JSON comes as its text (db.ts keeps it so on both databases).
  const [plan] = JSON.parse(rows[0]!['QUERY PLAN']) as Array<{ Plan: { 'Plan Rows': number } }>;
  return plan!.Plan['Plan Rows'];
}

/**
 * SQLite: the share of the list's rows among keys spread evenly from the table's smallest to its largest key,
 * scaled to the range. Each sampled key is one lookup by the primary key, whatever the filters, so the cost
 * stays that of SAMPLE rows. Null when keys are too sparse to sample (or the rows too few): they are counted.
 */
async function sampledRows(knex: Knex, matching: Knex.QueryBuilder, table: string, pk: string): Promise<number | null> {
  // Apart: SQLite reads one end of an index for a lone min() or max(), but the whole table for both together.
  const [{ lo }] = (await knex(table).min({ lo: pk })) as [{ lo: unknown }];
  const [{ hi }] = (await knex(table).max({ hi: pk })) as [{ hi: unknown }];
  if (typeof lo !== 'number' || typeof hi !== 'number') return null;
  const span = hi - lo + 1;
  const points = Math.min(SAMPLE, span);
  const step = span / points;
  const at = `${table}.${pk}`;
  const key = knex.raw('? + CAST(s.i * ? AS INTEGER)', [lo, step]);
  const exists = knex(table).select(knex.raw('1')).where(at, key);
  const matches = matching.clone().clearOrder().clearSelect().select(knex.raw('1')).where(at, key);
  const [sample] = (await knex.raw(
    `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?)
     SELECT (SELECT count(*) FROM s WHERE EXISTS ?) AS seen, (SELECT count(*) FROM s WHERE EXISTS ?) AS matched`,
    [points, exists, matches],
  )) as Array<{ seen: number; matched: number }>;
  if (sample!.seen < MIN_SEEN) return null;
  return (sample!.matched * span) / points;
}

/**
 * The list's total before any page's bounds: counted while at most `exactUpTo` rows match (the count stops
 * reading at one more), estimated above that (two significant figures).
 */
async function countedOrEstimated(knex: Knex, matching: Knex.QueryBuilder, counting: Knex.QueryBuilder, table: string, pk: string, exactUpTo: number): Promise<ListTotal> {
  const upTo = counting.clone().clearOrder().clearSelect().select(`${table}.${pk}`).limit(exactUpTo + 1);
  const counted = await count(knex.count({ n: '*' }).from(upTo.as('upTo')));
  if (counted <= exactUpTo) return { total: counted, estimated: false };
  const estimate = isPostgresKnex(knex) ? await plannedRows(knex, matching) : await sampledRows(knex, matching, table, pk);
  if (estimate === null) return { total: await countAll(counting), estimated: false };
  return { total: Math.max(roughly(estimate), exactUpTo + 1), estimated: true };
}

/** What a list counted before (ListMemory), or is counting now. */
interface KnownTotal {
  total?: ListTotal;
  counting?: Promise<ListTotal>;
}

/**
 * The total `count` makes, once for every request that asks while it runs: fifty lists opened at once on a
 * freshly started server each counted up to 10,000 rows, one after another on SQLite's one connection, and the
 * last answered after 1.3 s (after the change: 0.3 s).
 */
function countedOnce(known: KnownTotal, count: () => Promise<ListTotal>): Promise<ListTotal> {
  known.counting ??= count().then(
    (total) => (known.total = total),
    (err: unknown) => {
      known.counting = undefined;
      throw err;
    },
  );
  return known.counting;
}

/**
 * The list's total: exact when the page shows it (it ended), or when at most `exactUpTo` rows match; above
 * that, an estimate, never less than a row after a full page. A page past the end of a long list is the one
 * time everything is counted: the admin's list then steps back to the real last page. `known` is what the list
 * counted or estimated before (ListMemory), kept while its table stays as it was: paging through a list counts
 * it once, and lists opened at the same time count it once between them.
 */
export async function listTotal(
  knex: Knex,
  /** The rows the list matches, and the same rows in the order a count reads them fastest (engine.ts). */
  { matching, counting }: { matching: Knex.QueryBuilder; counting: Knex.QueryBuilder },
  table: string,
  pk: string,
  page: PageRead,
  exactUpTo: number,
  known: KnownTotal | null,
): Promise<ListTotal> {
  const { offset, limit, found } = page;
  if (found > 0 ? found < limit : offset === 0) return { total: offset + found, estimated: false };
  const count = () => countedOrEstimated(knex, matching, counting, table, pk, exactUpTo);
  const whole = known ? (known.total ?? (await countedOnce(known, count))) : await count();
  if (!whole.estimated) return whole;
  if (found === 0) {
    const all: ListTotal = { total: await countAll(counting), estimated: false };
    if (known) known.total = all;
    return all;
  }
  return { total: Math.max(whole.total, offset + found + 1), estimated: true };
}
