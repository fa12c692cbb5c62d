import type { Knex } from 'knex';
import type { Lang } from '../../../shared/i18n/langs.ts';
import { normalizeText } from '../../../shared/search.ts';
import { cappedTotal, slices, type EntryIndex, type FoundEntry, type FoundPage, type IndexEntry } from './entryIndex.ts';
import { SHORT_WORD, shortGrams } from './grams.ts';

/** An escaped LIKE pattern finding `word` anywhere. */
const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The site search's entries on PostgreSQL: a word of one or two characters is found in `grams` (the entry's
 * characters and pairs of characters, GIN-indexed), a longer one by a LIKE that pg_trgm's GIN indexes on the
 * normalized text serve.
 */
export class PostgresIndex implements EntryIndex {
  constructor(private readonly knex: Knex) {}

  async write(trx: Knex.Transaction, entries: readonly IndexEntry[]): Promise<void> {
    const rows = entries.map((entry) => {
      const title = normalizeText(entry.title);
      const body = normalizeText(entry.body);
      return { ...entry, match_title: title, match_body: body, grams: [...new Set([...shortGrams(title), ...shortGrams(body)])] };
    });
    for (const slice of slices(rows, 200)) await trx('search_entry').insert(slice);
  }

  private contains(column: string, word: string): Knex.Raw {
    return this.knex.raw(`?? LIKE ? ESCAPE '\\'`, [column, containsPattern(word)]);
  }

  async find(lang: Lang, words: readonly string[], offset: number, limit: number, at: number, cap: number): Promise<FoundPage> {
    const query = this.knex('search_entry as e').where('e.lang', lang).where('e.visible_from', '<=', at);
    const short = words.filter((w) => [...w].length <= SHORT_WORD);
    if (short.length) query.whereRaw(`?? @> ARRAY[${short.map(() => '?').join(', ')}]::text[]`, ['e.grams', ...short]);
    for (const word of words.filter((w) => [...w].length > SHORT_WORD)) {
      query.where((w) => w.whereRaw(this.contains('e.match_title', word)).orWhereRaw(this.contains('e.match_body', word)));
    }
    // Counted as far as one past the cap, like SQLite's.
    const [{ counted }] = (await this.knex.count({ counted: '*' }).from(query.clone().select(this.knex.raw('1')).limit(cap + 1).as('m'))) as [
      { counted: number | string },
    ];
    const { total, capped } = cappedTotal(Number(counted), cap);
    if (total === 0) return { total, capped, rows: [] };
    const inTitle = words.map((word) => this.contains('e.match_title', word).toQuery()).join(' AND ');
    const rows = (await query
      .select('e.resource', 'e.row_id', 'e.title', 'e.body', 'e.time', this.knex.raw(`CASE WHEN ${inTitle} THEN 0 ELSE 1 END AS title_rank`))
      .orderBy([{ column: 'title_rank', order: 'asc' }, { column: 'e.time', order: 'desc' }, { column: 'e.id', order: 'desc' }])
      .limit(limit)
      .offset(offset)) as FoundEntry[];
    return { total, capped, rows };
  }
}
