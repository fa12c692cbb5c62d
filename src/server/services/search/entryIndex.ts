import type { Knex } from 'knex';
import type { Lang } from '../../../shared/i18n/langs.ts';

/** An entry of the site search: a row in one language, its text as shown, and when the public sees it. */
export interface IndexEntry {
  resource: string;
  row_id: number;
  lang: Lang;
  title: string;
  body: string;
  /** Unix seconds: the row's date, newer results first among equals. */
  time: number;
  /** Unix seconds: the row is visible to the public from then on (its publish time, or its category's). */
  visible_from: number;
}

export type FoundEntry = Pick<IndexEntry, 'resource' | 'row_id' | 'title' | 'body' | 'time'>;

/**
 * Where entries are kept and found: what differs between SQLite (sqliteIndex.ts) and PostgreSQL
 * (postgresIndex.ts). Deleting entries is plain SQL on search_entry, the same on both.
 */
export interface EntryIndex {
  /** Adds the entries of rows whose entries are gone (deleted, or never made), in the writer's transaction. */
  write(trx: Knex.Transaction, entries: readonly IndexEntry[]): Promise<void>;
  /**
   * The entries of `lang` holding every word (normalized) and visible at second `at`: how many, counted up to
   * `cap` (more: `capped`, and `total` is the cap), and `limit` of them from `offset` (below the cap), those
   * whose title holds every word first, then newer before older.
   */
  find(lang: Lang, words: readonly string[], offset: number, limit: number, at: number, cap: number): Promise<FoundPage>;
}

export interface FoundPage {
  total: number;
  capped: boolean;
  rows: FoundEntry[];
}

/** A count that stopped at `cap` + 1 (or found more than `cap` anyway) as the page's total. */
export function cappedTotal(counted: number, cap: number): Pick<FoundPage, 'total' | 'capped'> {
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

/** `items` in slices of `size`: statements bind a bounded number of values. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
