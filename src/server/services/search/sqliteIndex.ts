import type { Knex } from 'knex';
import { LANGS, type Lang } from '../../../shared/i18n/langs.ts';
import { normalizeText } from '../../../shared/search.ts';
import { cappedTotal, slices, type EntryIndex, type FoundEntry, type FoundPage, type IndexEntry } from './entryIndex.ts';
import { lookupOf, pieces, shortGrams, trigrams, wordSuffixes } from './grams.ts';

/*
 * An entry's id is its place in the results: (time, sequence) packed into 53 bits, so id order read backwards
 * is "newer first". The FTS5 table `search_gram` is keyed by the same id, so it hands out matches newest first
 * and stops at a page's end, and the count stops past its cap.
 */
const TIME_BITS = 32;
/** Entries sharing one second: about two million. */
const SEQ_SPAN = 2 ** (53 - TIME_BITS);

/** The first id of the entries at second `time` (times outside 1970..2106 are ordered as its ends). */
function baseOf(time: number): number {
  return Math.min(2 ** TIME_BITS - 1, Math.max(0, Math.floor(time))) * SEQ_SPAN;
}

/*
 * Tokens: text is written in hexadecimal code points (six digits a character), which FTS5's ascii tokenizer
 * keeps whole whatever the script or punctuation. Every token starts with its entry's language (g, h...), so a
 * language's matches are a list of their own. The `grams` column holds a character or pair as itself and a
 * word suffix after `w`; the `seq` column holds the trigrams in order (`z` between pieces, so a phrase never
 * spans two). Every token of the title is also there marked `t`: a title match is a lookup of its own.
 */
const BREAK = 'z';
const SUFFIX = 'w';
const TITLE = 't';
const langMark = (lang: Lang) => String.fromCharCode(0x67 + LANGS.indexOf(lang));

const hexOf = new Map<string, string>();
function hex(text: string): string {
  let out = '';
  for (const c of text) {
    let h = hexOf.get(c);
    if (h === undefined) {
      h = c.codePointAt(0)!.toString(16).padStart(6, '0');
      if (hexOf.size < 100_000) hexOf.set(c, h);
    }
    out += h;
  }
  return out;
}

/** The tokens of an entry, and the word suffixes it adds to `search_word`. */
function documentOf(entry: IndexEntry): { grams: string; seq: string; suffixes: Set<string> } {
  const lang = langMark(entry.lang);
  const title = normalizeText(entry.title);
  const grams = new Set<string>();
  const seq: string[] = [];
  const suffixes = new Set<string>();
  for (const [text, mark] of [
    [title, lang + TITLE],
    [title, lang],
    [normalizeText(entry.body), lang],
  ] as const) {
    for (const gram of shortGrams(text)) grams.add(mark + hex(gram));
    for (const suffix of wordSuffixes(text)) {
      grams.add(mark + SUFFIX + hex(suffix));
      suffixes.add(suffix);
    }
    for (const piece of pieces(text)) seq.push(...trigrams(piece).map((t) => mark + hex(t)), BREAK);
  }
  return { grams: [...grams].join(' '), seq: seq.join(' '), suffixes };
}

/** Suffixes a word may begin before it is looked up by its trigrams instead (`tion` begins many). */
const MAX_EXPANSION = 64;

/** A word of a query as alternatives, each a run of tokens (unmarked): the word matches when one does. */
type Alternatives = string[][];

/**
 * The site search's entries on SQLite: `search_entry` holds the text shown, `search_gram` the tokens matched
 * (the entry's trigger deletes them with it), `search_word` the word suffixes seen (kept when their words go:
 * a stale one only widens a word's expansion by a token nothing holds). A search is one FTS5
 * query: every word a token (or a few, or a phrase of trigrams), all of them ANDed.
 */
export class SqliteIndex implements EntryIndex {
  constructor(private readonly knex: Knex) {}

  async write(trx: Knex.Transaction, entries: readonly IndexEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const next = new Map<number, number>();
    const bases = [...new Set(entries.map((e) => baseOf(e.time)))];
    for (const slice of slices(bases, 500)) {
      const tops = (await trx.raw('SELECT b.value AS base, (SELECT max(id) FROM search_entry WHERE id BETWEEN b.value AND b.value + ?) AS top FROM json_each(?) AS b', [
        SEQ_SPAN - 1,
        JSON.stringify(slice),
      ])) as { base: number; top: number | null }[];
      for (const { base, top } of tops) next.set(base, top === null ? base : top + 1);
    }
    const rows = entries.map((entry) => {
      const base = baseOf(entry.time);
      const id = next.get(base)!;
      if (id >= base + SEQ_SPAN) throw new Error(`search: more than ${SEQ_SPAN} entries share the second ${entry.time}`);
      next.set(base, id + 1);
      return { id, ...entry };
    });
    const documents = rows.map((row) => ({ rowid: row.id, ...documentOf(row) }));
    for (const slice of slices(rows, 200)) await trx('search_entry').insert(slice);
    for (const slice of slices(documents, 100)) await trx('search_gram').insert(slice.map(({ rowid, grams, seq }) => ({ rowid, grams, seq })));
    const suffixes = [...new Set(documents.flatMap((d) => [...d.suffixes]))].map((suffix) => ({ suffix }));
    for (const slice of slices(suffixes, 500)) await trx('search_word').insert(slice).onConflict('suffix').ignore();
  }

  /** How each word is looked up; null when one cannot match (a word no text's word holds). */
  private async alternatives(words: readonly string[]): Promise<Alternatives[] | null> {
    const all: Alternatives[] = [];
    for (const word of words) {
      const lookup = lookupOf(word);
      if (lookup === 'suffix') {
        const found = (await this.knex('search_word')
          .where('suffix', '>=', word)
          .where('suffix', '<', `${word}\u{10FFFF}`)
          .limit(MAX_EXPANSION + 1)
          .pluck('suffix')) as string[];
        if (found.length === 0) return null;
        if (found.length <= MAX_EXPANSION) {
          all.push(found.map((suffix) => [SUFFIX + hex(suffix)]));
          continue;
        }
      }
      all.push(lookup === 'gram' || lookup === 'trigram' ? [[hex(word)]] : [trigrams([...word]).map(hex)]);
    }
    return all;
  }

  /** The FTS5 query of every word, looked up in entries of a language (`mark`), or in their titles. */
  private static match(words: readonly Alternatives[], mark: string): string {
    return words.map((alternatives) => `(${alternatives.map((tokens) => `"${tokens.map((t) => mark + t).join(' ')}"`).join(' OR ')})`).join(' AND ');
  }

  /**
   * How many entries match, less those in `hidden` (ids not visible yet), read no further than `cap` + 1
   * visible ones: a larger answer says only that there are more than `cap`.
   */
  private async count(match: string, hidden: readonly number[], cap: number): Promise<number> {
    const [{ n }] = (await this.knex.raw('SELECT count(*) AS n FROM (SELECT 1 FROM search_gram WHERE search_gram MATCH ? LIMIT ?)', [
      match,
      cap + hidden.length + 1,
    ])) as [{ n: number }];
    if (n === 0 || hidden.length === 0) return n;
    const [{ early }] = (await this.knex.raw(
      'SELECT count(*) AS early FROM json_each(?) AS h WHERE EXISTS (SELECT 1 FROM search_gram WHERE search_gram MATCH ? AND rowid = h.value)',
      [JSON.stringify(hidden), match],
    )) as [{ early: number }];
    return n - early;
  }

  /** Ids of matching entries not in `hidden`, newest first. */
  private async ids(match: string, hidden: readonly number[], limit: number, offset: number): Promise<number[]> {
    if (limit <= 0) return [];
    const rows = (await this.knex.raw(
      'SELECT rowid AS id FROM search_gram WHERE search_gram MATCH ? AND rowid NOT IN (SELECT value FROM json_each(?)) ORDER BY rowid DESC LIMIT ? OFFSET ?',
      [match, JSON.stringify(hidden), limit, offset],
    )) as { id: number }[];
    return rows.map((r) => r.id);
  }

  async find(lang: Lang, words: readonly string[], offset: number, limit: number, at: number, cap: number): Promise<FoundPage> {
    const alternatives = await this.alternatives(words);
    if (!alternatives) return { total: 0, capped: false, rows: [] };
    // Rows published for a later second: few, so read apart rather than checked on every match. The plus keeps
    // SQLite on the visible_from index.
    const hidden = (await this.knex('search_entry').where('visible_from', '>', at).whereRaw('+lang = ?', [lang]).pluck('id')) as number[];
    const everywhere = SqliteIndex.match(alternatives, langMark(lang));
    const { total, capped } = cappedTotal(await this.count(everywhere, hidden, cap), cap);
    if (total === 0) return { total, capped, rows: [] };
    const inTitle = SqliteIndex.match(alternatives, langMark(lang) + TITLE);
    const ids = await this.ids(inTitle, hidden, limit, offset);
    if (ids.length < limit) {
      // The page reaches past the title matches: how many there are says where the others start (fewer than
      // the offset here, so a count that stops past it is exact).
      const titles = ids.length > 0 || offset === 0 ? offset + ids.length : await this.count(inTitle, hidden, offset);
      ids.push(...(await this.ids(`(${everywhere}) NOT (${inTitle})`, hidden, limit - ids.length, Math.max(0, offset - titles))));
    }
    const found = (await this.knex('search_entry').whereIn('id', ids).select('id', 'resource', 'row_id', 'title', 'body', 'time')) as (FoundEntry & { id: number })[];
    const byId = new Map(found.map((row) => [row.id, row]));
    return { total, capped, rows: ids.flatMap((id) => byId.get(id) ?? []) };
  }
}
