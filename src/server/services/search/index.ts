import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ResourceLookup } from '../../../resources/lookup.ts';
import type { ResourceDef, SearchMode } from '../../../resources/types.ts';
import { LANGS, type Lang } from '../../../shared/i18n/langs.ts';
import { withLang } from '../../../shared/i18n/links.ts';
import { localizedText } from '../../../shared/localized.ts';
import { MAX_QUERY_LENGTH, normalizeText, parseQuery, snippetOf, type SearchAnswer, type SearchResult } from '../../../shared/search.ts';
import { isPostgresKnex } from '../../dialect.ts';
import { serverT } from '../../i18n.ts';
import { Refusal } from '../../errors.ts';
import { now } from '../clock.ts';
import { whereVisible } from '../publicVisibility.ts';
import { plainText } from './plainText.ts';

type Row = Record<string, unknown>;
type SearchDef = ResourceDef & { search: SearchMode };

const ENTRY = 'search_entry';
const SOURCE = 'search_source';
/** Rows read and written at a time while rebuilding. */
const BATCH = 500;
/**
 * Raised when what an entry holds changes (its columns, how text is read): every resource's entries are then
 * rebuilt at the next start.
 */
const INDEX_FORMAT = 1;
/** Terms shorter than this are not in the trigram index and are matched by scanning the candidates. */
const TRIGRAM = 3;

/** What the entries of a resource are built from: when it changes, they are rebuilt. */
function signatureOf(def: SearchDef): string {
  const localized = def.fields.filter((f) => f.localized).map((f) => f.name);
  return createHash('sha256').update(JSON.stringify([INDEX_FORMAT, def.table, def.pk, def.search, localized])).digest('hex');
}

const isSearchable = (def: ResourceDef): def is SearchDef => !!def.search;

/** An escaped LIKE pattern finding `term` anywhere. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The site search: an index of every searchable resource's rows (ResourceDef `search`), one entry per row and
 * language, that follows every write (the engine calls `follow` inside the write's transaction, and so does
 * anything else that writes such rows), rebuilt by `ensure` at start for resources whose declaration changed or
 * whose entries are missing, and by `rebuild` on the terminal's command. A search finds the entries holding
 * every word and keeps those whose row the public may see now (whereVisible: the resource's publish rule, as
 * every public list reads it), titles matching before bodies, newer first.
 */
export class SiteSearch {
  /** The check running in this process: starts and registry changes wait for it rather than rebuild twice. */
  private ensuring: Promise<string[]> = Promise.resolve([]);

  constructor(
    private readonly knex: Knex,
    private readonly resources: ResourceLookup,
    private readonly log: Logger,
  ) {}

  private searchable(): SearchDef[] {
    return this.resources.all().filter(isSearchable);
  }

  /** The entries of a row, one per language: the text as shown and as matched. */
  private entriesOf(def: SearchDef, row: Row): Row[] {
    const { title, body, time } = def.search;
    const text = (column: string, lang: Lang) => {
      const field = def.fields.find((f) => f.name === column);
      const value = field?.localized ? localizedText(row, column, lang).text : String(row[column] ?? '');
      return field?.type === 'editor' ? plainText(value) : value.replace(/\s+/g, ' ').trim();
    };
    return LANGS.map((lang) => {
      const shownTitle = text(title, lang);
      const shownBody = body.map((column) => text(column, lang)).filter(Boolean).join(' · ');
      return {
        resource: def.name,
        row_id: Number(row[def.pk]),
        lang,
        title: shownTitle,
        body: shownBody,
        match_title: normalizeText(shownTitle),
        match_body: normalizeText(shownBody),
        time: Number(row[time] ?? 0) || 0,
      };
    });
  }

  private async write(db: Knex.Transaction, def: SearchDef, rows: readonly Row[]): Promise<void> {
    const entries = rows.flatMap((row) => this.entriesOf(def, row));
    // SQLite binds at most 32,766 values a statement: a few hundred entries at a time stay well below.
    for (let i = 0; i < entries.length; i += 200) await db(ENTRY).insert(entries.slice(i, i + 200));
  }

  /**
   * On PostgreSQL, a rebuild of a resource's entries waits for the writes following its rows and they for it
   * (a rebuild reading a row while a write replaces its entries would insert them twice or stale). Writes do
   * not wait for each other. SQLite runs one write transaction at a time anyway.
   */
  private async lock(trx: Knex.Transaction, def: SearchDef, by: 'write' | 'rebuild'): Promise<void> {
    if (!isPostgresKnex(this.knex)) return;
    await trx.raw(`SELECT ${by === 'write' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(hashtext(?))`, [`search:${def.name}`]);
  }

  /** After rows of `def` were added, changed, deleted or put back: their entries follow, in the same transaction. */
  async follow(def: ResourceDef, keys: readonly string[], trx: Knex.Transaction): Promise<void> {
    if (!isSearchable(def) || keys.length === 0) return;
    await this.lock(trx, def, 'write');
    const ids = keys.map(Number).filter(Number.isSafeInteger);
    await trx(ENTRY).where({ resource: def.name }).whereIn('row_id', ids).delete();
    const rows = (await trx(def.table).whereIn(def.pk, ids)) as Row[];
    await this.write(trx, def, rows);
  }

  /** Builds a resource's entries afresh from its table, and records what they were built from. */
  async rebuild(def: SearchDef): Promise<number> {
    let count = 0;
    await this.knex.transaction(async (trx) => {
      await this.lock(trx, def, 'rebuild');
      await trx(ENTRY).where({ resource: def.name }).delete();
      let last: unknown = null;
      for (;;) {
        const query = trx(def.table).orderBy(def.pk).limit(BATCH);
        if (last !== null) query.where(def.pk, '>', last as string);
        const rows = (await query) as Row[];
        if (rows.length === 0) break;
        await this.write(trx, def, rows);
        count += rows.length;
        last = rows.at(-1)![def.pk];
      }
      await trx(SOURCE).insert({ resource: def.name, signature: signatureOf(def), build_time: now() }).onConflict('resource').merge(['signature', 'build_time']);
    });
    return count;
  }

  /**
   * Rebuilds what is missing or stale: the entries of resources whose declaration (or the index format) changed
   * since they were built, or that were never built; entries of resources no longer searchable go. Cheap when
   * all is in order (one small read), so it runs at every start and whenever the generated resources change.
   */
  ensure(): Promise<string[]> {
    const run = this.ensuring.catch(() => []).then(() => this.ensureNow());
    this.ensuring = run;
    return run;
  }

  private async ensureNow(): Promise<string[]> {
    const built = new Map(((await this.knex(SOURCE).select('resource', 'signature')) as { resource: string; signature: string }[]).map((r) => [r.resource, r.signature]));
    const rebuilt: string[] = [];
    const searchable = this.searchable();
    for (const def of searchable) {
      if (built.get(def.name) === signatureOf(def)) continue;
      const rows = await this.rebuild(def);
      this.log.info({ resource: def.name, rows }, 'search index rebuilt');
      rebuilt.push(def.name);
    }
    const gone = [...built.keys()].filter((name) => !searchable.some((def) => def.name === name));
    if (gone.length) {
      await this.knex.transaction(async (trx) => {
        await trx(ENTRY).whereIn('resource', gone).delete();
        await trx(SOURCE).whereIn('resource', gone).delete();
      });
    }
    return rebuilt;
  }

  /** Rebuilds every searchable resource's entries (the terminal's `search-rebuild`). */
  async rebuildAll(): Promise<{ resource: string; rows: number }[]> {
    const done: { resource: string; rows: number }[] = [];
    for (const def of this.searchable()) done.push({ resource: def.name, rows: await this.rebuild(def) });
    await this.ensure();
    return done;
  }

  /** `column` holds `term` (normalized both): the same test on both databases. */
  private contains(column: string, term: string): Knex.Raw {
    return isPostgresKnex(this.knex) ? this.knex.raw(`?? LIKE ? ESCAPE '\\'`, [column, containsPattern(term)]) : this.knex.raw('instr(??, ?) > 0', [column, term]);
  }

  /** The entries of `lang` holding every term, whose rows the public may see now. */
  private matching(lang: Lang, terms: readonly string[], defs: readonly SearchDef[]): Knex.QueryBuilder {
    const query = this.knex(`${ENTRY} as e`);
    const long = terms.filter((t) => [...t].length >= TRIGRAM);
    if (!isPostgresKnex(this.knex) && long.length > 0) {
      // Quoted, each a phrase of its own: quotes, stars and operators in a query are searched for as written.
      const match = long.map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ');
      query.whereIn('e.id', (fts) => fts.select('rowid').from('search_fts').whereRaw('search_fts MATCH ?', [match]));
      // The unary plus keeps SQLite from reading every entry of the language by its index (or, below, of each
      // resource): the trigram matches lead.
      query.whereRaw('+?? = ?', ['e.lang', lang]);
    } else {
      query.where('e.lang', lang);
    }
    for (const term of isPostgresKnex(this.knex) ? terms : terms.filter((t) => [...t].length < TRIGRAM)) {
      query.where((w) => w.whereRaw(this.contains('e.match_title', term)).orWhereRaw(this.contains('e.match_body', term)));
    }
    query.where((visible) => {
      for (const def of defs) {
        visible.orWhere((one) => {
          (isPostgresKnex(this.knex) ? one.where('e.resource', def.name) : one.whereRaw('+?? = ?', ['e.resource', def.name])).whereExists((row) => {
            row.select(this.knex.raw('1')).from(`${def.table} as sv`).whereRaw('?? = ??', [`sv.${def.pk}`, 'e.row_id']);
            whereVisible(row, def, now(), this.resources, 'sv');
          });
        });
      }
    });
    return query;
  }

  /** What a result is called in `lang`: the search catalogue's type, or the resource's own title. */
  private typeName(def: SearchDef, lang: Lang): string {
    if (def.search.type) return String(serverT(lang, 'search')(`types.${def.search.type}`, { defaultValue: def.search.type }));
    return def.labels ? def.labels.title[lang] : String(serverT(lang, 'resources')(`${def.name}.title`));
  }

  /**
   * A page of results for `query` in `lang`. An empty query finds nothing; one too long is refused. Titles
   * holding every word come first, then newer before older.
   */
  async search(lang: Lang, query: string, page: number, limit: number): Promise<SearchAnswer> {
    const parsed = parseQuery(query);
    if (parsed.problem) throw new Refusal('search:tooLong', 0, null, { max: MAX_QUERY_LENGTH });
    const defs = this.searchable();
    if (parsed.terms.length === 0 || defs.length === 0) return { list: [], total: 0 };
    const { terms } = parsed;
    const matching = this.matching(lang, terms, defs);
    const [{ total }] = (await matching.clone().count({ total: '*' })) as [{ total: number | string }];
    if (Number(total) === 0) return { list: [], total: 0 };
    const inTitle = terms.map((term) => this.contains('e.match_title', term).toQuery()).join(' AND ');
    const rows = (await matching
      .select('e.resource', 'e.row_id', 'e.title', 'e.body', 'e.time', this.knex.raw(`CASE WHEN ${inTitle} THEN 0 ELSE 1 END AS title_rank`))
      .orderBy([{ column: 'title_rank', order: 'asc' }, { column: 'e.time', order: 'desc' }, { column: 'e.id', order: 'desc' }])
      .limit(limit)
      .offset((page - 1) * limit)) as { resource: string; row_id: number; title: string; body: string; time: number }[];
    const list = rows.flatMap((r): SearchResult[] => {
      const def = defs.find((d) => d.name === r.resource);
      if (!def) return [];
      return [
        {
          type: def.search.type ?? def.name,
          typeName: this.typeName(def, lang),
          id: Number(r.row_id),
          title: r.title,
          snippet: snippetOf(r.body, terms),
          url: withLang(def.search.url.replaceAll('{id}', String(r.row_id)), lang),
          time: Number(r.time) || 0,
        },
      ];
    });
    return { list, total: Number(total) };
  }
}
