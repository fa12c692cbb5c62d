import type { Knex } from 'knex';
import { nullsSortFirst } from '../../dialect.ts';
import type { ListParams } from './query.ts';

type Order = ListParams['order'];

/** A row's place in a list's order: its key as text (a snowflake key read as a number would be rounded) and its sort value. */
export interface Place {
  k: string;
  o?: unknown;
}

/** Narrows a query to one stretch of the order after a row. */
type Stretch = (query: Knex.QueryBuilder) => void;

/** The same order walked the other way: read from a row, it gives the rows before it, nearest first. */
export function reversedOrder(order: Order): Order {
  return order.map(([column, direction]) => [column, direction === 'asc' ? 'desc' : 'asc']);
}

/**
 * What follows `from` in `order` (a column then the primary key, or the primary key alone, as applyListParams
 * sets it), the row itself too when `inclusive`, in stretches each an index can seek to: the rest of its tie,
 * then beyond it, then the NULLs where the database sorts them last. One OR of them made SQLite walk the index
 * from the top, as an OFFSET does.
 */
function stretchesFrom(db: Knex.QueryBuilder, order: Order, from: Place, inclusive: boolean): Stretch[] {
  const [pk, pkDirection] = order[order.length - 1]!;
  const pkAfter = `${pkDirection === 'desc' ? '<' : '>'}${inclusive ? '=' : ''}`;
  const sort = order.length > 1 ? order[0]! : null;
  if (!sort) return [(q) => q.where(pk, pkAfter, from.k)];
  const [column, direction] = sort;
  const nullsFirst = nullsSortFirst(db, direction);
  const value = from.o ?? null;
  if (value === null) return [(q) => q.whereNull(column).where(pk, pkAfter, from.k), ...(nullsFirst ? [(q: Knex.QueryBuilder) => q.whereNotNull(column)] : [])];
  return [
    (q) => q.where(column, value as Knex.Value).where(pk, pkAfter, from.k),
    (q) => q.where(column, direction === 'desc' ? '<' : '>', value as Knex.Value),
    ...(nullsFirst ? [] : [(q: Knex.QueryBuilder) => q.whereNull(column)]),
  ];
}

/** `query`'s rows as places in `order`, narrowed by `stretch`. */
function placesOf(query: Knex.QueryBuilder, order: Order, stretch: Stretch | null): Knex.QueryBuilder {
  const [pk] = order[order.length - 1]!;
  const page = query.clone().clearSelect().clearOrder().select(query.client.raw('CAST(?? AS TEXT) as k', [pk]));
  if (order.length > 1) page.select({ o: order[0]![0] });
  stretch?.(page);
  for (const [column, direction] of order) page.orderBy(column, direction);
  return page;
}

/**
 * `take` rows of `query` in `order`, `skip` rows on from the first row, or from `from` (the row itself counted
 * when `inclusive`). Each stretch after `from` is read with its own OFFSET; one that ends before the skip does
 * is counted (no further than the skip) and the rest skipped in the next.
 */
export async function readPlaces(query: Knex.QueryBuilder, order: Order, from: { place: Place; inclusive: boolean } | null, skip: number, take: number): Promise<Place[]> {
  if (!from) return (await placesOf(query, order, null).offset(skip).limit(take)) as Place[];
  const places: Place[] = [];
  let left = skip;
  for (const stretch of stretchesFrom(query, order, from.place, from.inclusive)) {
    const found = (await placesOf(query, order, stretch).offset(left).limit(take - places.length)) as Place[];
    places.push(...found);
    if (places.length === take) break;
    if (found.length > 0 || left === 0) {
      left = 0;
      continue;
    }
    const passed = placesOf(query, order, stretch).limit(left);
    const [{ n }] = (await query.client.queryBuilder().count({ n: '*' }).from(passed.as('passed'))) as [{ n: number | string }];
    left -= Number(n);
  }
  return places;
}

/**
 * The keys of every row `query` matches, in `order`, `size` at a time. Each page starts after the last row of
 * the one before (keyset paging): a row added or removed meanwhile neither repeats nor skips another, and the
 * cost stays that of a page however far the reading has come.
 */
export async function* keysetPages(query: Knex.QueryBuilder, order: Order, size: number): AsyncGenerator<string[]> {
  let places = await readPlaces(query, order, null, 0, size);
  while (places.length > 0) {
    yield places.map((p) => p.k);
    if (places.length < size) return;
    places = await readPlaces(query, order, { place: places[places.length - 1]!, inclusive: false }, 0, size);
  }
}
