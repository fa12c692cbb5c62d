import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ResourceLookup } from '../../../resources/lookup.ts';
import type { ResourceDef, SearchMode } from '../../../resources/types.ts';
import { LANGS, type Lang } from '../../../shared/i18n/langs.ts';
import { withLang } from '../../../shared/i18n/links.ts';
import { localizedText } from '../../../shared/localized.ts';
import { MAX_QUERY_LENGTH, NO_RESULTS, SEARCH_COUNT_CAP, parseQuery, snippetOf, type SearchAnswer, type SearchResult } from '../../../shared/search.ts';
import { publishingOf } from '../../../resources/publishing.ts';
import { isPostgresKnex } from '../../dialect.ts';
import { serverT } from '../../i18n.ts';
import { Refusal } from '../../errors.ts';
import { now } from '../clock.ts';
import { visibleSince } from '../publicVisibility.ts';
import { slices, type EntryIndex, type IndexEntry } from './entryIndex.ts';
import { plainText } from './plainText.ts';
import { PostgresIndex } from './postgresIndex.ts';
import { SqliteIndex } from './sqliteIndex.ts';

type Row = Record<string, unknown>;
type SearchDef = ResourceDef & { search: SearchMode };

const ENTRY = 'search_entry';
const SOURCE = 'search_source';
/** Rows read or changed with one statement (bound parameters stay well under SQLite's limit). */
const BATCH = 500;
/**
 * Rows a rebuild writes between two turns of the event loop: about 15 ms of work (0.28 ms a row in the bench),
 * so requests that come meanwhile wait no longer than that for each turn they need.
 */
const REBUILD_SLICE = 50;
/**
 * Raised when what an entry holds changes (its columns, how text is read): every resource's entries are then
 * rebuilt at the next start.
 */
const INDEX_FORMAT = 2;

const isSearchable = (def: ResourceDef): def is SearchDef => !!def.search;

/**
 * The site search: an index of every searchable resource's rows (ResourceDef `search`), one entry per row and
 * language for the rows the public sees now or from a known second, that follows every write (the engine calls
 * `follow` inside the write's transaction, and so does anything else that writes such rows or their
 * categories), rebuilt by `ensure` at start for resources whose declaration changed or whose entries are
 * missing, and by `rebuild` on the terminal's command. A search reads the index alone (entryIndex.ts): the
 * entries holding every word and visible now, titles matching before bodies, newer first.
 */
export class SiteSearch {
  /** The check running in this process: starts and registry changes wait for it rather than rebuild twice. */
  private ensuring: Promise<string[]> = Promise.resolve([]);
  /** The check the process started with: searches wait for it (ensureAtStart). */
  private started: Promise<unknown> = Promise.resolve();
  /** Begins the start's check now, if it is still waiting for its moment. */
  private beginStarted: (() => void) | null = null;
  private stopped = false;
  private readonly index: EntryIndex;

  constructor(
    private readonly knex: Knex,
    private readonly resources: ResourceLookup,
    private readonly log: Logger,
    /** Matches counted before a total says "more than" (SEARCH_COUNT_CAP). */
    private readonly countCap: number = SEARCH_COUNT_CAP,
  ) {
    this.index = isPostgresKnex(knex) ? new PostgresIndex(knex) : new SqliteIndex(knex);
  }

  private searchable(): SearchDef[] {
    return this.resources.all().filter(isSearchable);
  }

  /** The resources whose rows are public only while a row of `def` is (its publish rule's category). */
  private dependents(def: ResourceDef): ResourceDef[] {
    return this.resources.all().filter((child) => {
      const category = publishingOf(child)?.category;
      return !!category && child.fields.find((f) => f.name === category)?.remote?.resource === def.name;
    });
  }

  /** The publish rules a resource's entries depend on: its own and its categories', up the chain. */
  private publishChain(def: ResourceDef, seen = new Set<string>()): unknown[] {
    if (seen.has(def.name)) return [];
    seen.add(def.name);
    const category = publishingOf(def)?.category;
    const parent = category ? this.resources.find(def.fields.find((f) => f.name === category)?.remote?.resource ?? '') : undefined;
    return [def.name, def.publish ?? null, ...(parent ? this.publishChain(parent, seen) : [])];
  }

  /** What the entries of a resource are built from: when it changes, they are rebuilt. */
  private signatureOf(def: SearchDef): string {
    const localized = def.fields.filter((f) => f.localized).map((f) => f.name);
    return createHash('sha256')
      .update(JSON.stringify([INDEX_FORMAT, LANGS, def.table, def.pk, def.search, localized, this.publishChain(def)]))
      .digest('hex');
  }

  /** The entries of a row visible from `since`, one per language: its text as shown, and its time. */
  private entriesOf(def: SearchDef, row: Row, since: number): IndexEntry[] {
    const { title, body, time } = def.search;
    const text = (column: string, lang: Lang) => {
      const field = def.fields.find((f) => f.name === column);
      const value = field?.localized ? localizedText(row, column, lang).text : String(row[column] ?? '');
      return field?.type === 'editor' ? plainText(value) : value.replace(/\s+/g, ' ').trim();
    };
    return LANGS.map((lang) => ({
      resource: def.name,
      row_id: Number(row[def.pk]),
      lang,
      title: text(title, lang),
      body: body.map((column) => text(column, lang)).filter(Boolean).join(' · '),
      time: Number(row[time] ?? 0) || 0,
      visible_from: since,
    }));
  }

  /** Writes the entries of rows (whose entries are gone) that the public sees now or will. */
  private async write(trx: Knex.Transaction, def: SearchDef, rows: readonly Row[]): Promise<void> {
    const since = await visibleSince(trx, def, rows, this.resources);
    await this.index.write(trx, rows.flatMap((row, i) => (since[i] === null ? [] : this.entriesOf(def, row, since[i]!))));
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

  /** The entries of these rows, written afresh from the rows as they are. */
  private async replace(trx: Knex.Transaction, def: SearchDef, ids: readonly number[]): Promise<void> {
    for (const slice of slices(ids, BATCH)) {
      await trx(ENTRY).where({ resource: def.name }).whereIn('row_id', slice).delete();
      await this.write(trx, def, (await trx(def.table).whereIn(def.pk, slice)) as Row[]);
    }
  }

  /**
   * After the category of these rows changed: rows the public stops or starts seeing lose or get their entries,
   * the others only learn their new second (a renamed category rewrites nothing).
   */
  private async refresh(trx: Knex.Transaction, def: SearchDef, ids: readonly number[]): Promise<void> {
    const { status, field, category } = publishingOf(def)!;
    const columns = [def.pk, status, ...(field ? [field] : []), ...(category ? [category] : [])];
    const rewrite: number[] = [];
    const moved = new Map<number, number[]>();
    for (const slice of slices(ids, BATCH)) {
      const rows = (await trx(def.table).whereIn(def.pk, slice).select(columns)) as Row[];
      const since = await visibleSince(trx, def, rows, this.resources);
      const held = new Map(
        ((await trx(ENTRY).where({ resource: def.name }).whereIn('row_id', slice).distinct('row_id', 'visible_from')) as { row_id: number; visible_from: number }[]).map((e) => [
          Number(e.row_id),
          Number(e.visible_from),
        ]),
      );
      rows.forEach((row, i) => {
        const id = Number(row[def.pk]);
        const was = held.get(id);
        const will = since[i] ?? null;
        if ((was === undefined) !== (will === null)) rewrite.push(id);
        else if (was !== undefined && will !== null && was !== will) moved.set(will, [...(moved.get(will) ?? []), id]);
      });
    }
    await this.replace(trx, def, rewrite);
    for (const [since, rowIds] of moved) {
      for (const slice of slices(rowIds, BATCH)) await trx(ENTRY).where({ resource: def.name }).whereIn('row_id', slice).update({ visible_from: since });
    }
  }

  /** Follows the rows whose category is one of these rows of `def`, and theirs, down the chain. */
  private async followDependents(trx: Knex.Transaction, def: ResourceDef, ids: readonly (number | string)[], seen: Set<string>): Promise<void> {
    for (const child of this.dependents(def)) {
      if (seen.has(child.name) || ids.length === 0) continue;
      const category = publishingOf(child)!.category!;
      const childIds: number[] = [];
      for (const slice of slices(ids, BATCH)) childIds.push(...((await trx(child.table).whereIn(category, slice).pluck(child.pk)) as unknown[]).map(Number));
      if (isSearchable(child)) {
        await this.lock(trx, child, 'write');
        await this.refresh(trx, child, childIds);
      }
      await this.followDependents(trx, child, childIds, new Set([...seen, child.name]));
    }
  }

  /**
   * After rows of `def` were added, changed, deleted or put back: their entries follow, and so do those of the
   * rows they are the category of, in the same transaction.
   */
  async follow(def: ResourceDef, keys: readonly string[], trx: Knex.Transaction): Promise<void> {
    if (keys.length === 0) return;
    const ids = keys.map(Number).filter(Number.isSafeInteger);
    if (isSearchable(def)) {
      await this.lock(trx, def, 'write');
      await this.replace(trx, def, ids);
    }
    await this.followDependents(trx, def, keys, new Set([def.name]));
  }

  /** Builds a resource's entries afresh from its table, and records what they were built from. */
  async rebuild(def: SearchDef): Promise<number> {
    let count = 0;
    await this.knex.transaction(async (trx) => {
      await this.lock(trx, def, 'rebuild');
      await trx(ENTRY).where({ resource: def.name }).delete();
      let last: unknown = null;
      for (;;) {
        const query = trx(def.table).orderBy(def.pk).limit(REBUILD_SLICE);
        if (last !== null) query.where(def.pk, '>', last as string);
        const rows = (await query) as Row[];
        if (rows.length === 0) break;
        await this.write(trx, def, rows);
        count += rows.length;
        last = rows.at(-1)![def.pk];
        // SQLite's queries never wait on I/O: without a turn of the event loop the whole rebuild would run
        // before any request is read (pages are read on their own connection meanwhile).
        await nextTurn();
      }
      await trx(SOURCE).insert({ resource: def.name, signature: this.signatureOf(def), build_time: now() }).onConflict('resource').merge(['signature', 'build_time']);
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

  /**
   * The check a start makes, run while pages are answered: a search waits for it, and its failure is logged,
   * as at a registry change. A new database's entries (the demo content's, 170 ms of a first start) are built
   * as an upgrade's rebuild of a changed declaration is (100,000 rows took 28 s). A write meanwhile waits for
   * the build's current transaction: ours in the queue of the one writing connection, another process's in
   * SQLite's busy timeout, as its transactions begin IMMEDIATE (sqliteClient.ts). Called last in a start: a
   * rebuild holds the one writing connection.
   *
   * It begins when `after` settles (the start's first answer) or a search asks for it, whichever is first: the
   * first page of a new folder takes many turns of the event loop (its modules load), and a rebuild's batch
   * of 15 ms ran in each of them: that page came 55 ms later.
   */
  ensureAtStart(after?: Promise<unknown>): void {
    const begin = async () => {
      this.beginStarted = null;
      if (!this.stopped) await this.ensure();
    };
    const failed = (err: unknown) => this.log.error({ err }, 'search index rebuild failed');
    if (!after) {
      this.started = begin().catch(failed);
      return;
    }
    const asked = new Promise<void>((resolve) => (this.beginStarted = resolve));
    this.started = Promise.race([after, asked]).then(begin).catch(failed);
  }

  /** Resolves once no check is running or waiting to begin (the start's). */
  async idle(): Promise<void> {
    await this.started;
    await this.ensuring.catch(() => []);
  }

  /** For a stopping server, before it closes the database: a start's check not begun never begins. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.beginStarted?.();
    await this.idle();
  }

  private async ensureNow(): Promise<string[]> {
    const built = new Map(((await this.knex(SOURCE).select('resource', 'signature')) as { resource: string; signature: string }[]).map((r) => [r.resource, r.signature]));
    const rebuilt: string[] = [];
    const searchable = this.searchable();
    for (const def of searchable) {
      if (built.get(def.name) === this.signatureOf(def)) continue;
      await nextTurn();
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
    if (parsed.terms.length === 0 || defs.length === 0) return NO_RESULTS;
    const { terms } = parsed;
    this.beginStarted?.();
    await this.started;
    const { total, capped, rows } = await this.index.find(lang, terms, (page - 1) * limit, limit, now(), this.countCap);
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
    return { list, total, capped };
  }
}
