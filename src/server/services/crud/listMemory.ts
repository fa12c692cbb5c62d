import type { Knex } from 'knex';
import { readPlaces, reversedOrder, type Place } from './keyset.ts';
import type { ListTotal } from './listTotal.ts';
import type { ListParams } from './query.ts';

/** Pages that start this far into a list are read from the nearest place known; nearer ones count off from the top. */
const SEEK_FROM = 1_000;
/** Places kept per list (filters and order), and lists kept per resource: a few hundred bytes each. */
const PLACES_PER_LIST = 64;
const LISTS = 32;

interface KnownPlace {
  offset: number;
  place: Place;
}

/** What one list (its filters and order) has shown, true while its table's version stays. */
export interface KnownList {
  version: string;
  places: KnownPlace[];
  /** Its total as counted or estimated, before any page's bounds. */
  total?: ListTotal;
  /** That count while it runs: requests arriving meanwhile wait for it instead of counting again. */
  counting?: Promise<ListTotal>;
}

/**
 * What a resource's admin lists have found, per list, while the table's version (services/listVersions.ts)
 * stays: the total (paging through a list counts it once), and the first row of each deep page served. An
 * OFFSET counts off every row before its page: page 99,999 of a million rows walked a million index entries
 * (14–20 ms on SQLite), every time; a later page is read from the nearest row known instead, forwards from
 * one before it or backwards from one after it, counting off only the rows between. Without a version (a
 * table without its triggers, PostgreSQL) nothing is remembered.
 */
export class ListMemory {
  private readonly lists = new Map<string, KnownList>();

  constructor(private readonly version: () => Promise<string | null>) {}

  /** What is known of the list `query` selects (its SQL and values name it), or null when nothing can be. */
  async of(query: Knex.QueryBuilder): Promise<KnownList | null> {
    const version = await this.version();
    if (version === null) return null;
    const { sql, bindings } = query.toSQL();
    const key = JSON.stringify([sql, bindings]);
    const known = this.lists.get(key);
    const list = known?.version === version ? known : { version, places: [] };
    // Most recently used last: the first is the one to forget.
    this.lists.delete(key);
    this.lists.set(key, list);
    if (this.lists.size > LISTS) this.lists.delete(this.lists.keys().next().value!);
    return list;
  }
}

/**
 * The places of the rows `offset` to `offset + limit` of `query` in `order`, read from the nearest place `list`
 * knows, which then knows this page's first row too; null for a page near the top, or without a list (the
 * caller reads it with an OFFSET).
 */
export async function readDeepPage(list: KnownList | null, query: Knex.QueryBuilder, order: ListParams['order'], offset: number, limit: number): Promise<Place[] | null> {
  if (!list || offset < SEEK_FROM) return null;
  let cost = offset;
  let read = () => readPlaces(query, order, null, offset, limit);
  for (const { offset: at, place } of list.places) {
    if (at <= offset && offset - at < cost) {
      cost = offset - at;
      read = () => readPlaces(query, order, { place, inclusive: true }, offset - at, limit);
    } else if (at >= offset + limit && at - offset - limit < cost) {
      cost = at - offset - limit;
      read = async () => (await readPlaces(query, reversedOrder(order), { place, inclusive: false }, at - offset - limit, limit)).reverse();
    }
  }
  const places = await read();
  if (places.length > 0 && !list.places.some((p) => p.offset === offset)) {
    list.places.push({ offset, place: places[0]! });
    if (list.places.length > PLACES_PER_LIST) list.places.shift();
  }
  return places;
}
