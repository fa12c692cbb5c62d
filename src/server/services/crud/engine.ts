import type { Knex } from 'knex';
import { ID, resourceSchema } from '../../../resources/schema.ts';
import { genericActionsOf, unansweredColumns, type FieldDef, type GenericAction, type ResourceDef } from '../../../resources/types.ts';
import { parseInput } from '../../validate.ts';
import { localizedText } from '../../../shared/localized.ts';
import { Refusal, Success } from '../../errors.ts';
import { isBadValueError } from '../../dialect.ts';
import { adminsInGroups, coveredGroupIds, descendantGroupIds, groupsOf } from '../adminGroups.ts';
import { checkRules } from '../auth.ts';
import { now } from '../clock.ts';
import { hashPassword } from '../passwords.ts';
import { sanitizeRichText } from '../richText.ts';
import type { SecretBox } from '../secretBox.ts';
import { quickSearchLookup } from '../quickSearchIndex.ts';
import { listVersion } from '../listVersions.ts';
import { flattenWithPrefix, isTrue, nest, wantsTree, whereAllWords, whereInitValue, type TreeRow } from '../ruleAdmin.ts';
import { applyListParams, type ListParams, type Relation } from './query.ts';
import { keysetPages } from './keyset.ts';
import { ListMemory, readDeepPage } from './listMemory.ts';
import { listTotal } from './listTotal.ts';
import { copyToRecycleBin, logSensitiveChanges } from './security.ts';
import { DEFAULT_REVISION_KEEP, REVISION_KEEP_SETTING, findRevision, listRevisions, recordRevision, revisedColumns } from './revisions.ts';
import type { RevisionAction, RevisionList } from '../../../shared/revisions.ts';
import { BOM, EXPORT_FORMATS, cellContext, csvLine, csvStream, exportColumns, primed, xlsxStream, type ExportFormat } from './export.ts';
import { formatTime } from '../../../shared/time.ts';
import { Readable } from 'node:stream';
import { columnTitle, formValue, matchHeadings, readLines, refusedColumn, type ValueReader } from './import.ts';
import { resourceTitle } from '../../../resources/labels.ts';
import { importColumns, type ImportReport } from '../../../resources/transfer.ts';
import { selectAsText, snowflakeColumns } from './textKeys.ts';
import type { Call, Row } from './call.ts';
import type { Behaviour, SaveContext } from './unit.ts';

/** Database constraint failures become messages the admin can act on instead of server errors. */
function constraintError(err: unknown): Refusal | null {
  const e = err as { code?: string; message?: string; column?: string };
  const text = `${e.code ?? ''} ${e.message ?? ''}`;
  if (e.code === '23503' || /FOREIGNKEY|FOREIGN KEY/i.test(text)) return new Refusal('crud:inUse');
  if (e.code === '23505' || /UNIQUE/i.test(text)) return new Refusal('crud:duplicate');
  // A column the form left empty that the table requires (a table designed by hand, say).
  if (e.code === '23502' || /NOTNULL|NOT NULL/i.test(text)) {
    const column = e.column ?? /NOT NULL constraint failed: [\w"]+\.(\w+)/i.exec(e.message ?? '')?.[1] ?? '';
    return new Refusal('crud:notNull', 0, null, { column });
  }
  return null;
}

async function translatingConstraints<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw constraintError(err) ?? err;
  }
}

/** A file an action answers with instead of the envelope (an export). */
export interface ExportFile {
  filename: string;
  type: string;
  body: Readable;
}

/** What became of one line of an import: added (or addable, in a dry run), or refused and why. */
export interface ImportOutcome {
  line: number;
  refusal: Refusal | null;
}

export interface ListResult {
  list: Row[];
  /** Exact up to EngineOptions.exactCountLimit matching rows, an estimate above (reference 2.1 has a number here). */
  total: number;
  /** Present (true) when `total` is an estimate: our admin shows "about N"; BuildAdmin's client ignores it. */
  totalEstimated?: true;
  remark: string;
}

export interface EngineOptions {
  knex: Knex;
  def: ResourceDef;
  behaviour: Behaviour;
  /** Other resources by name, for remote selects. */
  resolve(name: string): ResourceDef | undefined;
  /** The site's time zone, in which searches and forms give wall-clock date-times. */
  timeZone(): Promise<string>;
  /** The translated help banner of the resource's menu rule. */
  remark(call: Call): Promise<string>;
  /** Seals the secrets a copy of a row keeps apart (recycle bin, sensitive-data log). */
  secrets: SecretBox;
  /** Drops the cached copies of what a write changed (in every process). */
  invalidate(tags: 'all' | readonly string[]): Promise<void>;
  /** A value of the site's config. */
  setting(name: string): Promise<string>;
  /** What the capabilities a definition declares (search, sign-ups) do on its writes. */
  capabilities: CapabilityHooks;
  /** A new snowflake id, the key of a new row of a resource keyed by them. */
  snowflakeId(): Promise<string>;
  /** Lists count their matching rows up to this many; above it their total is an estimate (listTotal.ts). */
  exactCountLimit: number;
}

/**
 * The declared capabilities' part in every write of a resource (ResourceDef `search`, `signup`), written once
 * for all resources, hand-written or generated. Each hook looks at the definition and does nothing for a
 * resource that does not declare its capability.
 */
export interface CapabilityHooks {
  /** Checks a row about to be stored (the form's values over the stored row); throws a Refusal to refuse. */
  check(def: ResourceDef, row: Row): void;
  /** Refuses to delete rows that may not go (an activity members signed up for). */
  guardDelete(def: ResourceDef, rows: readonly Row[], trx: Knex.Transaction): Promise<void>;
  /** Rows were added, changed, deleted or put back: inside the write's transaction, so what follows them is never behind. */
  changed(def: ResourceDef, keys: readonly string[], trx: Knex.Transaction): Promise<void>;
}

/** The config item that lets a drag between rows of equal weight reorder the whole list first (reference 2.2). */
/** Rows an export reads at a time: what it holds in memory, whatever the total. */
const LISTED_BATCH = 500;

export const AUTO_SORT_SETTING = 'auto_sort_eq_weight';

/**
 * The generic index/add/edit/del/sortable of reference section 2, driven by a resource's definition and the
 * hooks of its behaviour. It takes plain calls and answers plain results or throws a Refusal: what a call
 * came over (HTTP, a test, a command) is none of its business.
 */
export class ResourceEngine {
  readonly def: ResourceDef;
  private readonly knex: Knex;
  readonly behaviour: Behaviour;
  private readonly relations: Relation[];
  private readonly unanswered: readonly string[];
  /** The columns a revision keeps, for a resource that declares revisions (else none). */
  private readonly revised: readonly string[];
  /** Columns holding snowflake ids, read as text (textKeys.ts). */
  private readonly textKeys: readonly string[];
  private readonly lists: ListMemory;

  constructor(private readonly options: EngineOptions) {
    const { def } = options;
    this.def = def;
    this.knex = options.knex;
    this.behaviour = options.behaviour;
    this.unanswered = unansweredColumns(def);
    this.revised = def.revisions ? revisedColumns(def, options.behaviour.readonly) : [];
    this.textKeys = snowflakeColumns(def, options.resolve);
    this.lists = new ListMemory(() => listVersion(this.knex, def.table));
    this.relations = def.fields
      .filter((f) => f.type === 'remoteSelect' && f.remote && !f.virtual)
      .map((f) => {
        const target = options.resolve(f.remote!.resource);
        if (!target) throw new Error(`${def.name}.${f.name}: unknown remote resource ${f.remote!.resource}`);
        const labelField = f.remote!.labelField;
        const localizedLabel = target.fields.some((t) => t.name === labelField && t.localized);
        return { name: f.name.replace(/_id$/, ''), field: f, table: target.table, pk: target.pk, labelField, localizedLabel, columns: f.remote!.columns ?? [] };
      });
  }

  /** The translated help banner of the resource's menu rule (reference 2.1 `remark`). */
  remark(call: Call): Promise<string> {
    return this.options.remark(call);
  }

  /** The generic actions this resource serves. */
  generic(): GenericAction[] {
    return genericActionsOf(this.def).filter((a) => a !== 'sortable' || this.def.weighField);
  }

  /**
   * Rows the caller may see: the behaviour's scope plus the data limit of reference 2.3. `db` must be the
   * open transaction when there is one: SQLite has a single connection, so using the pool would deadlock.
   * It narrows the query in place: a query builder is thenable, so returning it from an async function
   * would run it.
   */
  private async applyScope(query: Knex.QueryBuilder, call: Call, db: Knex | Knex.Transaction): Promise<void> {
    this.behaviour.scope?.(query, call);
    await this.applyDataLimit(query, call, db);
  }

  private async applyDataLimit(query: Knex.QueryBuilder, call: Call, db: Knex | Knex.Transaction): Promise<void> {
    const allowed = await this.allowedAdmins(call, db);
    if (allowed) query.whereIn(`${this.def.table}.${this.def.dataLimitField ?? 'admin_id'}`, allowed);
  }

  private async allowedAdmins(call: Call, db: Knex | Knex.Transaction): Promise<number[] | null> {
    const mode = this.def.dataLimit;
    const { admin, permissions } = call.actor;
    if (!mode || permissions.super) return null;
    if (mode === 'personal') return [admin.id];
    const groups =
      mode === 'parent' ? await descendantGroupIds(db, await groupsOf(db, admin.id)) : await coveredGroupIds(db, permissions, mode === 'allAuthAndOthers');
    return [...new Set([admin.id, ...(await adminsInGroups(db, groups))])];
  }

  private base(db: Knex | Knex.Transaction = this.knex): Knex.QueryBuilder {
    const { table } = this.def;
    const query = this.joinRelations(db(table).select(`${table}.*`));
    for (const r of this.relations) {
      for (const column of [r.labelField, ...(r.localizedLabel ? [`${r.labelField}_en`] : []), ...r.columns]) query.select(`${r.name}.${column} as ${r.name}__${column}`);
    }
    return selectAsText(query, db, table, this.textKeys);
  }

  /** A row as the table holds it now (after a write), its snowflake ids as text. */
  private async stored(trx: Knex.Transaction, key: string): Promise<Row> {
    const { table, pk } = this.def;
    return (await selectAsText(trx(table).select(`${table}.*`), trx, table, this.textKeys).where(`${table}.${pk}`, key).first()) as Row;
  }

  private joinRelations(query: Knex.QueryBuilder): Knex.QueryBuilder {
    for (const r of this.relations) query.leftJoin(`${r.table} as ${r.name}`, `${r.name}.${r.pk}`, `${this.def.table}.${r.field.name}`);
    return query;
  }

  /**
   * Rows as the caller gets them: joined columns nested under their relation, unanswered columns dropped,
   * password fields empty in a form and absent from a list (reference 3.1, 3.5), then the behaviour's shaping.
   */
  private async present(rows: Row[], call: Call, form: boolean): Promise<Row[]> {
    const shaped = rows.map((row) => {
      const out: Row = {};
      for (const [key, value] of Object.entries(row)) {
        if (this.unanswered.includes(key)) continue;
        const sep = key.indexOf('__');
        if (sep > 0) {
          const rel = key.slice(0, sep);
          out[rel] = { ...((out[rel] as Row | undefined) ?? {}), [key.slice(sep + 2)]: value };
        } else {
          out[key] = value;
        }
      }
      if (!form) this.inCallersLanguage(out, call.lang);
      for (const field of this.def.fields) {
        if (field.type === 'password') {
          if (form) out[field.name] = '';
          else delete out[field.name];
        }
        // PostgreSQL hands decimals over as text (reference 5.3: a float is read as a number).
        if (field.type === 'float' && typeof out[field.name] === 'string' && out[field.name] !== '') out[field.name] = Number(out[field.name]);
        if (field.cents && typeof out[field.name] === 'number') out[field.name] = (out[field.name] as number) / 100;
      }
      return out;
    });
    return this.behaviour.output ? this.behaviour.output(shaped, call, form ? 'form' : 'list') : shaped;
  }

  /** After a generic write: the caches that show this resource (its `cacheTags`, its behaviour's own). */
  private async written(): Promise<void> {
    const own = this.behaviour.invalidates;
    await this.options.invalidate(own === 'all' ? 'all' : [...(this.def.cacheTags ?? []), ...(own ?? [])]);
  }

  /**
   * Every key a remote select is about to hold must name an existing row of the remote table. It runs after
   * the behaviour's own checks, so a resource that checks its keys itself refuses with its own message.
   */
  private async checkRemoteKeys(data: Row, trx: Knex.Transaction): Promise<void> {
    for (const field of this.def.fields) {
      if ((field.type !== 'remoteSelect' && field.type !== 'remoteSelects') || field.virtual || !field.remote || data[field.name] === undefined) continue;
      const target = this.options.resolve(field.remote.resource);
      const keys = [...new Set(String(data[field.name] ?? '').split(',').filter((k) => k !== '' && k !== '0'))];
      if (!target || keys.length === 0 || keys.some((k) => !ID.test(k))) continue;
      const found = (await trx(target.table).whereIn(target.pk, keys).select(target.pk)) as Row[];
      if (found.length !== keys.length) throw new Refusal('crud:remoteMissing', 0, null, { field: field.name });
    }
  }

  /**
   * A list row's bilingual values in the caller's language (reference clients show `title`, `name`, the
   * relation's label as they are): `<name>` holds the English when the caller reads English, the Chinese when
   * there is none, and `<name>_en` stays for clients that tell the two apart. Forms get the stored values.
   */
  private inCallersLanguage(row: Row, lang: Call['lang']): void {
    for (const field of this.def.fields) if (field.localized) row[field.name] = localizedText(row, field.name, lang).text;
    for (const r of this.relations) {
      const nested = row[r.name] as Row | undefined;
      if (r.localizedLabel && nested && typeof nested === 'object') nested[r.labelField] = localizedText(nested, r.labelField, lang).text;
    }
  }

  /** The maintained time columns among these that the definition lists. */
  private times(columns: readonly string[]): Row {
    return Object.fromEntries(columns.filter((c) => this.def.fields.some((f) => f.name === c)).map((c) => [c, now()]));
  }

  /**
   * Labels shown beside stored keys in the list (reference 5.3 item 4): a remoteSelects field gets
   * `<stem>_name_arr` (the labels of its rows), a city field `<name>_text` (the area names), one query per
   * field for the whole page.
   */
  private async addLabels(rows: Row[]): Promise<void> {
    // Only what can be a key is looked up: a stored '*' (every rule) would be a type error on PostgreSQL.
    const ids = (field: FieldDef) => [...new Set(rows.flatMap((r) => String(r[field.name] ?? '').split(',').map((v) => v.trim()).filter((v) => ID.test(v))))];
    for (const field of this.def.fields) {
      if (field.type === 'remoteSelects' && field.remote && !field.virtual) {
        const target = this.options.resolve(field.remote.resource);
        if (!target) continue;
        const keys = ids(field);
        // Keys as text: a snowflake key read as a number would come back rounded and match no stored one.
        const select = [this.knex.raw('CAST(?? AS TEXT) as k', [target.pk]), `${field.remote.labelField} as l`];
        const found = keys.length ? ((await this.knex(target.table).whereIn(target.pk, keys).select(select)) as { k: string; l: unknown }[]) : [];
        const labels = new Map(found.map((f) => [String(f.k), String(f.l ?? '')]));
        const stem = field.name.replace(/_(arr|ids)$/, '');
        for (const row of rows) {
          row[`${stem}_name_arr`] = String(row[field.name] ?? '').split(',').map((v) => v.trim()).filter(Boolean).map((k) => labels.get(k) ?? `#${k}`);
        }
      }
      if (field.type === 'city') {
        const keys = ids(field);
        const found = keys.length ? ((await this.knex('area').whereIn('id', keys).select('id', 'name')) as { id: number; name: string }[]) : [];
        const names = new Map(found.map((a) => [String(a.id), a.name]));
        for (const row of rows) {
          row[`${field.name}_text`] = String(row[field.name] ?? '').split(',').map((v) => names.get(v.trim()) ?? '').filter(Boolean).join(' / ');
        }
      }
    }
  }

  /** The list of reference 2.1, or the whole tree of a tree resource; `select=true` lookups included. */
  async index(call: Call): Promise<unknown> {
    // A `select` lookup answers options (or rows) only: the extras belong to the list screen.
    const extras = this.behaviour.listExtras && !isTrue(call.input.select) ? await this.behaviour.listExtras(call) : {};
    if (this.def.tree) return { ...(await this.treeIndex(call)), ...extras };
    const { table, pk } = this.def;
    const { matching, counting, page, limit, order, joinsRelations } = await this.matching(call, call.input);
    const offset = (page - 1) * limit;
    // The page's keys first, then its rows: an index on the sort column holds the key, so a deep OFFSET skips
    // index entries instead of reading and joining every row it passes. What the list found before (its total,
    // where deep pages start: listMemory.ts) is used unless a joined table, which has no version, decides which
    // rows match.
    const known = joinsRelations ? null : await this.lists.of(matching);
    const places = await readDeepPage(known, matching, order, offset, limit);
    const keys = places ? places.map((p) => p.k) : matching.clone().select(`${table}.${pk}`).limit(limit).offset(offset);
    const query = this.base().whereIn(`${table}.${pk}`, keys);
    for (const [column, direction] of order) query.orderBy(column, direction);
    const rows = (await query) as Row[];
    const { total, estimated } = await listTotal(this.knex, { matching, counting }, table, pk, { offset, limit, found: rows.length }, this.options.exactCountLimit, known);
    await this.addLabels(rows);
    const result: ListResult = { list: await this.present(rows, call, false), total, ...(estimated && { totalEstimated: true }), remark: await this.remark(call) };
    return { ...result, ...extras };
  }

  /**
   * The rows a list matches (scope, filters, quick search) in its order, joined only when a filter or the order
   * names a relation's column: every join is on a relation's key (at most one row), so it never changes which
   * rows match, and without it an index answers the count alone. A quick search the index finds in few rows
   * reads those; one it finds in many is checked on each row the list walks, and `counting` then walks the
   * index's keys instead, from the first on (SQLite's CROSS JOIN keeps that order), so a count that stops at
   * the exact-count limit never reads the table for it.
   */
  private async matching(call: Call, input: Record<string, unknown>): Promise<{ matching: Knex.QueryBuilder; counting: Knex.QueryBuilder } & ListParams> {
    const { table, pk } = this.def;
    const quick = typeof input.quickSearch === 'string' ? input.quickSearch.trim() : '';
    const lookup = quick ? await quickSearchLookup(this.knex, table, quick) : null;
    const timeZone = await this.options.timeZone();
    const build = async (query: Knex.QueryBuilder) => {
      await this.applyScope(query, call, this.knex);
      const params = applyListParams(query, this.def, this.relations, input, this.unanswered, timeZone, (columns) => (lookup?.few && lookup.covers(columns) ? lookup.keys : null));
      if (params.joinsRelations) this.joinRelations(query);
      return { query, params };
    };
    const { query: matching, params } = await build(this.knex(table));
    // Only when the index holds every column searched: a relation's label would match rows it does not name.
    const walksKeys = lookup && !lookup.few && !this.def.quickSearch.some((name) => name.includes('.'));
    const counting = walksKeys ? (await build(this.knex.from(this.knex.raw('? AS quick CROSS JOIN ?? ON ?? = quick.id', [lookup.keys, table, `${table}.${pk}`])))).query : matching;
    return { matching, counting, ...params };
  }

  /**
   * Every row the list shows with its current filters, order and quick search (not one page), a batch at a
   * time, shaped as the list answers them: what an export writes. Memory holds one batch, whatever the total.
   */
  async *listed(call: Call, batch = LISTED_BATCH): AsyncGenerator<Row[]> {
    const { table, pk } = this.def;
    const { matching, order } = await this.matching(call, { ...call.input, initValue: undefined });
    for await (const keys of keysetPages(matching, order, batch)) {
      const query = this.base().whereIn(`${table}.${pk}`, keys);
      for (const [column, direction] of order) query.orderBy(column, direction);
      const rows = (await query) as Row[];
      await this.addLabels(rows);
      yield await this.present(rows, call, false);
    }
  }

  /**
   * The list as a file (CSV or XLSX) with its current filters, order and quick search: the columns the
   * admin shows (`columns`), titled in their language, values as the list renders them. Streamed.
   */
  async export(call: Call): Promise<ExportFile> {
    const format: ExportFormat = call.input.format === 'xlsx' ? 'xlsx' : 'csv';
    if (call.input.format !== undefined && !EXPORT_FORMATS.includes(call.input.format as ExportFormat)) throw new Refusal('staff:transfer.badFormat');
    const columns = exportColumns(this.def, call.input.columns, call);
    // Relative file addresses become absolute, as the list links them.
    const ctx = cellContext(this.def, call, await this.options.timeZone(), (await this.options.setting('cdn_url')) || call.origin);
    const input = { def: this.def, columns, rows: await primed(this.listed(call)), ctx, call };
    const title = resourceTitle(this.def, call.lang, call.t);
    const stamp = formatTime(now(), 'yyyymmdd-hhMMss', await this.options.timeZone());
    return format === 'xlsx'
      ? { filename: `${title}-${stamp}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: xlsxStream(input, title) }
      : { filename: `${title}-${stamp}.csv`, type: 'text/csv; charset=utf-8', body: csvStream(input) };
  }

  /**
   * A tree resource's index (reference 3.2, 3.3): every visible row, ordered by the definition, a quick
   * search needing every word in the label. `select` offers the selectable rows indented under their
   * parents, and the labels of current values (`initValue`) whatever they are.
   */
  private async treeIndex(call: Call): Promise<Row> {
    const { tree, table, pk, defaultOrder } = this.def;
    const query = this.knex(table).select('*').orderBy(defaultOrder[0], defaultOrder[1]);
    if (defaultOrder[0] !== pk) query.orderBy(pk, 'asc');
    // What a tree shows is the behaviour's `visible`: its scope says which rows may be changed.
    await this.applyDataLimit(query, call, this.knex);
    whereAllWords(query, tree!.label, call.input.quickSearch);
    const filtered = whereInitValue(query, this.def, call.input);
    let rows = (await query) as Row[];
    if (this.behaviour.visible) rows = await this.behaviour.visible(rows, call);
    const asTree = (list: Row[]) => nest(list as unknown as TreeRow[]) as unknown as Row[];
    if (isTrue(call.input.select)) {
      const labelled = rows.map((r) => {
        const copy = { ...r };
        this.inCallersLanguage(copy, call.lang);
        return copy;
      });
      const selectable = this.behaviour.selectable ? labelled.filter((r) => this.behaviour.selectable!(r)) : labelled;
      return { options: filtered ? labelled : flattenWithPrefix(nest(selectable as unknown as TreeRow[]), tree!.label as keyof TreeRow) };
    }
    const list = await this.present(rows, call, false);
    return { list: !filtered && wantsTree(call.input.isTree) ? asTree(list) : list, remark: await this.remark(call) };
  }

  private async findScoped(call: Call, id: unknown, db: Knex | Knex.Transaction = this.knex): Promise<Row> {
    if (id === undefined || id === null || id === '' || typeof id === 'object') throw new Refusal('crud:parameterError');
    const query = this.base(db);
    await this.applyScope(query, call, db);
    const row = (await query.where(`${this.def.table}.${this.def.pk}`, String(id)).first()) as Row | undefined;
    if (row) return row;
    // Tell "outside your scope" from "does not exist", as the reference does.
    const exists = await db(this.def.table).where(this.def.pk, String(id)).first();
    throw new Refusal(exists ? 'noPermission' : 'crud:recordNotFound');
  }

  /** One row as the caller may see it (the edit form's `row`), shaped like a list row. */
  async row(call: Call, id: unknown = call.input[this.def.pk]): Promise<Row> {
    const [row] = await this.present([await this.findScoped(call, id)], call, true);
    return row!;
  }

  /** GET edit: the row, and what the behaviour adds for its form. */
  async read(call: Call): Promise<Row> {
    const row = await this.row(call);
    return this.behaviour.editForm ? this.behaviour.editForm(row, call) : { row };
  }

  /** GET add: what the add form needs from the server (only resources whose behaviour loads something). */
  async addForm(call: Call): Promise<unknown> {
    if (!this.behaviour.addForm) throw new Refusal('crud:parameterError');
    return this.behaviour.addForm(call);
  }

  /**
   * Validated, normalised data of a form post: the resource's own columns (never system ones) and, apart,
   * the values of its virtual fields.
   */
  private async formData(input: Record<string, unknown>, mode: 'add' | 'edit', timeZone: string): Promise<{ data: Row; virtual: Row }> {
    const present = mode === 'edit' ? new Set(Object.keys(input)) : undefined;
    const data = parseInput(resourceSchema(this.def, present, timeZone), input) as Row;
    for (const column of this.behaviour.readonly ?? []) delete data[column];
    const virtual: Row = {};
    for (const field of this.def.fields.filter((f) => f.virtual)) {
      if (field.name in data) virtual[field.name] = data[field.name];
      delete data[field.name];
    }
    for (const field of this.def.fields) {
      if (field.type !== 'editor') continue;
      for (const c of field.localized ? [field.name, `${field.name}_en`] : [field.name]) {
        if (typeof data[c] === 'string') data[c] = await sanitizeRichText(data[c] as string);
      }
    }
    return { data, virtual };
  }

  /**
   * A stored password field (a generated one; accounts hash theirs in their hooks) keeps a scrypt hash, left
   * as it is when an edit sends none.
   */
  private async hashPasswords(data: Row, input: Record<string, unknown>, mode: 'add' | 'edit'): Promise<void> {
    for (const field of this.def.fields) {
      if (field.type !== 'password' || field.virtual || field.form === false) continue;
      const plain = input[field.name];
      if (typeof plain === 'string' && plain !== '') {
        if (plain.length > 128) throw new Refusal('validate:tooLong', 0, null, { field: field.name });
        data[field.name] = await hashPassword(plain);
      } else if (mode === 'add' && field.required) {
        throw new Refusal('validate:fieldRequired', 0, null, { field: field.name });
      }
    }
  }

  async add(call: Call): Promise<Success<null>> {
    // Read before the transaction: on SQLite it holds the only connection.
    const timeZone = await this.options.timeZone();
    const key = await this.newKey();
    await translatingConstraints(() => this.knex.transaction((trx) => this.insert(call, trx, timeZone, key)));
    await this.written();
    return new Success(null, 'crud:added');
  }

  /**
   * The key of a new row where the server makes it (a snowflake id), else undefined: taken before the write's
   * transaction, since the first one takes this process's worker row and SQLite's transaction holds the only
   * connection.
   */
  private async newKey(): Promise<string | undefined> {
    return this.def.snowflake ? await this.options.snowflakeId() : undefined;
  }

  /** One new row from a form post (`call.input`), inside the caller's transaction: what add and import do. */
  private async insert(call: Call, trx: Knex.Transaction, timeZone: string, snowflakeId: string | undefined): Promise<Row> {
    const def = this.def;
    const form = await this.formData(call.input, 'add', timeZone);
    const ctx: SaveContext = { mode: 'add', call, trx, virtual: form.virtual };
    let data = form.data;
    if (snowflakeId) data[def.pk] = snowflakeId;
    await this.hashPasswords(data, call.input, 'add');
    if (def.dataLimit) data[def.dataLimitField ?? 'admin_id'] = call.actor.admin.id;
    if (def.timestamps) data = { ...data, ...this.times(['create_time', 'update_time']) };
    if (this.behaviour.beforeSave) data = await this.behaviour.beforeSave(data, ctx);
    await this.checkRemoteKeys(data, trx);
    this.options.capabilities.check(def, data);
    const [inserted] = await trx(def.table).insert(data).returning(def.pk);
    const id = snowflakeId ?? String(typeof inserted === 'object' ? (inserted as Row)[def.pk] : inserted);
    // A new row without an explicit order goes to the top of its list (reference: weigh = id; a snowflake id
    // does not fit the column, so the row count, as the reference does).
    if (def.weighField && !Number(data[def.weighField])) {
      const [{ n }] = snowflakeId ? ((await trx(def.table).count({ n: '*' })) as [{ n: number | string }]) : [{ n: id }];
      await trx(def.table).where(def.pk, id).update({ [def.weighField]: Number(n) });
    }
    const row = await this.stored(trx, id);
    await this.behaviour.afterSave?.(row, ctx);
    await this.options.capabilities.changed(def, [id], trx);
    return row;
  }

  /**
   * An import of a CSV or XLSX file (import.ts): a dry run (the default) that says per line what would be
   * added or refused and why, in the caller's language; with `dryRun=0`, the same in one transaction, kept
   * only when no line is refused.
   */
  async import(call: Call, file: string): Promise<ImportReport> {
    const dryRun = !['0', 'false'].includes(String(call.input.dryRun ?? '1'));
    const [headings = [], ...body] = await readLines(file, await this.options.timeZone());
    const columns = matchHeadings(this.def, headings);
    const reader: ValueReader = { def: this.def, knex: this.knex, resolve: this.options.resolve, fileBase: (await this.options.setting('cdn_url')) || call.origin, found: new Map() };
    const lines = [];
    for (const [i, cells] of body.entries()) {
      const input: Record<string, unknown> = {};
      for (const [c, column] of columns.entries()) if (column) input[column.column] = await formValue(reader, column.field, cells[c] ?? '');
      lines.push({ line: i + 2, input });
    }
    const outcomes = await this.importRows(call, lines, dryRun);
    const refused = outcomes.filter((o) => o.refusal).length;
    return {
      dryRun,
      imported: !dryRun && refused === 0 && outcomes.length > 0,
      total: outcomes.length,
      added: outcomes.length - refused,
      refused,
      columns: headings.map((heading, i) => ({ heading, column: columns[i]?.column ?? null })),
      lines: outcomes.map(({ line, refusal }) => {
        if (!refusal) return { line, status: 'add', column: '', message: '' };
        const column = refusedColumn(this.def, refusal.params.field, call.lang);
        const message = refusal.raw ? refusal.msgKey : String(call.t(refusal.msgKey, { ...refusal.params, field: column || refusal.params.field }));
        return { line, status: 'refused', column, message };
      }),
    };
  }

  /** The empty file an import takes: the headings of the columns it fills, in the caller's language. */
  importTemplate(call: Call): ExportFile {
    const headings = importColumns(this.def).map((c) => columnTitle(this.def, c, call.lang));
    const title = resourceTitle(this.def, call.lang, call.t);
    return { filename: `${title}-${call.t('staff:transfer.template')}.csv`, type: 'text/csv; charset=utf-8', body: Readable.from([BOM + csvLine(headings)]) };
  }

  /**
   * Adds the rows of an import (form posts, one per line of the file) in one transaction, each through
   * the checks of an add. Each line is tried in a savepoint, so a refused one is reported and the others
   * go on; the whole import is kept only when it is not a dry run and no line was refused.
   */
  async importRows(call: Call, lines: readonly { line: number; input: Record<string, unknown> }[], dryRun: boolean): Promise<ImportOutcome[]> {
    const timeZone = await this.options.timeZone();
    const keys = await Promise.all(lines.map(() => this.newKey()));
    const outcomes: ImportOutcome[] = [];
    const keep = new Error('kept apart');
    try {
      await this.knex.transaction(async (trx) => {
        for (const [i, { line, input }] of lines.entries()) {
          try {
            await translatingConstraints(() => trx.transaction((savepoint) => this.insert({ ...call, input, idempotencyKey: null }, savepoint, timeZone, keys[i])));
            outcomes.push({ line, refusal: null });
          } catch (err) {
            const refusal = err instanceof Refusal ? err : isBadValueError(err) ? new Refusal('api:invalidValue') : null;
            if (!refusal) throw err;
            outcomes.push({ line, refusal });
          }
        }
        if (dryRun || outcomes.some((o) => o.refusal)) throw keep;
      });
    } catch (err) {
      if (err !== keep) throw err;
    }
    if (!dryRun && outcomes.every((o) => !o.refusal) && outcomes.length) await this.written();
    return outcomes;
  }

  async edit(call: Call): Promise<Success<null>> {
    const def = this.def;
    const timeZone = await this.options.timeZone();
    const keep = await this.revisionKeep();
    await translatingConstraints(() =>
      this.knex.transaction(async (trx) => {
        const current = await this.findScoped(call, call.input[def.pk], trx);
        await this.behaviour.guard?.(current, { call, trx });
        const form = await this.formData(call.input, 'edit', timeZone);
        const ctx: SaveContext = { mode: 'edit', call, trx, current, virtual: form.virtual };
        let data = form.data;
        await this.hashPasswords(data, call.input, 'edit');
        if (def.dataLimit) delete data[def.dataLimitField ?? 'admin_id'];
        if (def.timestamps) Object.assign(data, this.times(['update_time']));
        if (this.behaviour.beforeSave) data = await this.behaviour.beforeSave(data, ctx);
        await this.checkRemoteKeys(data, trx);
        this.options.capabilities.check(def, { ...current, ...data });
        if (Object.keys(data).length) await trx(def.table).where(def.pk, String(current[def.pk])).update(data);
        const after = await this.stored(trx, String(current[def.pk]));
        await logSensitiveChanges(trx, def, current, after, call.actor, this.options.secrets);
        await this.keepRevision(trx, current, after, call, 'edit', keep);
        await this.behaviour.afterSave?.(after, ctx);
        await this.options.capabilities.changed(def, [String(current[def.pk])], trx);
      }),
    );
    await this.written();
    return new Success(null, 'crud:updated');
  }

  async del(call: Call): Promise<unknown> {
    const def = this.def;
    const raw = call.input.ids ?? call.input[def.pk];
    const ids = (Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : String(raw ?? '').split(',')).map((v) => String(v).trim()).filter(Boolean);
    if (ids.length === 0) throw new Refusal('crud:parameterError');
    let done: Row[] = [];
    await translatingConstraints(() =>
      this.knex.transaction(async (trx) => {
        const query = selectAsText(trx(def.table).select(`${def.table}.*`), trx, def.table, this.textKeys);
        await this.applyScope(query, call, trx);
        let rows = (await query.whereIn(`${def.table}.${def.pk}`, ids)) as Row[];
        if (this.behaviour.beforeDelete) rows = await this.behaviour.beforeDelete(rows, { call, trx });
        for (const row of rows) await this.behaviour.guard?.(row, { call, trx });
        await this.options.capabilities.guardDelete(def, rows, trx);
        done = [];
        for (const row of rows) {
          if ((await trx(def.table).where(def.pk, String(row[def.pk])).delete()) > 0) done.push(row);
        }
        await copyToRecycleBin(trx, def, done, call.actor, this.options.secrets);
        await this.behaviour.afterDelete?.(done, { call, trx });
        await this.options.capabilities.changed(def, done.map((row) => String(row[def.pk])), trx);
      }),
    );
    if (done.length === 0) throw new Refusal('crud:noRowsDeleted');
    await this.written();
    const answer = this.behaviour.deleted ? await this.behaviour.deleted(done, call) : undefined;
    return answer ?? new Success(null, 'crud:deleted', { count: done.length });
  }

  /** Changing a row outside its own routes (a restore, a rollback) needs the rule of editing it. */
  private requireEditRule(call: Call): void {
    // Without the request's parameters, a rule with conditions never passes here: a restore is not its request.
    if (!checkRules(call.actor.permissions, `${this.def.name}/edit`)) throw new Refusal('crud:changeDenied');
  }

  /**
   * The row as stored, when the caller could edit it: the edit rule, the scope and data limit, the rank
   * check. What shows more of a row than its list does (a preview link, its revisions) asks this first.
   */
  async editable(call: Call, id: unknown = call.input[this.def.pk]): Promise<Row> {
    this.requireEditRule(call);
    return this.knex.transaction(async (trx) => {
      const row = await this.findScoped(call, id, trx);
      await this.behaviour.guard?.(row, { call, trx });
      return row;
    });
  }

  /**
   * Puts a deleted row back (the recycle bin's restore), inside the caller's transaction: allowed only where
   * the caller could edit the row once it is back (its rule, its scope, its rank check).
   */
  async restore(call: Call, row: Row, trx: Knex.Transaction): Promise<void> {
    this.requireEditRule(call);
    await trx(this.def.table).insert(row);
    const back = await this.findScoped(call, row[this.def.pk], trx);
    await this.behaviour.guard?.(back, { call, trx });
    await this.options.capabilities.changed(this.def, [String(row[this.def.pk])], trx);
  }

  /**
   * Sets columns of a row back to earlier values (the sensitive-data rollback), inside the caller's
   * transaction, with the checks of an edit: the rule, the scope, the rank check and the save hooks.
   * Returns whether the row was found and changed.
   */
  async restoreValues(call: Call, id: unknown, values: Row, trx: Knex.Transaction, action: RevisionAction = 'rollback', keep = 0): Promise<boolean> {
    this.requireEditRule(call);
    // A row deleted since the change was logged has nothing to roll back.
    if (!(await trx(this.def.table).where(this.def.pk, String(id)).first())) return false;
    const current = await this.findScoped(call, id, trx);
    await this.behaviour.guard?.(current, { call, trx });
    const ctx: SaveContext = { mode: 'edit', call, trx, current, virtual: {} };
    const data = this.behaviour.beforeSave ? await this.behaviour.beforeSave({ ...values }, ctx) : values;
    if (Object.keys(data).length === 0) return false;
    const key = String(current[this.def.pk]);
    if ((await trx(this.def.table).where(this.def.pk, key).update(data)) === 0) return false;
    const after = await this.stored(trx, key);
    await this.keepRevision(trx, current, after, call, action, keep);
    await this.behaviour.afterSave?.(after, ctx);
    await this.options.capabilities.changed(this.def, [key], trx);
    return true;
  }

  /** How many revisions of each row stay: the definition's own number, else the site's setting (0: all). */
  private async revisionKeep(): Promise<number> {
    const declared = this.def.revisions;
    if (!declared) return 0;
    if (declared !== true) return declared.keep;
    const setting = Number.parseInt(await this.options.setting(REVISION_KEEP_SETTING), 10);
    return Number.isInteger(setting) && setting >= 0 ? setting : DEFAULT_REVISION_KEEP;
  }

  /** Keeps the version a save replaced, for a resource that declares revisions. */
  private async keepRevision(trx: Knex.Transaction, before: Row, after: Row, call: Call, action: RevisionAction, keep: number): Promise<void> {
    if (this.revised.length) await recordRevision(trx, this.def, this.revised, before, after, call.actor, action, keep);
  }

  /** A row's kept revisions and its current values, for a caller who could edit it. */
  async revisions(call: Call): Promise<RevisionList> {
    if (!this.revised.length) throw new Refusal('crud:parameterError');
    const row = await this.editable(call);
    const current = Object.fromEntries(this.revised.filter((c) => c in row).map((c) => [c, row[c]]));
    return { list: await listRevisions(this.knex, this.def, String(row[this.def.pk]), this.revised), current };
  }

  /**
   * Puts a row back as a revision kept it, with the checks of an edit (rule, scope, rank, save hooks); the
   * version it replaces is kept as a revision of its own, and watched fields are logged as by an edit.
   */
  async restoreRevision(call: Call): Promise<Success<null>> {
    if (!this.revised.length) throw new Refusal('crud:parameterError');
    const revisionId = Number(call.input.revision_id);
    if (!Number.isSafeInteger(revisionId) || revisionId <= 0) throw new Refusal('crud:parameterError');
    const keep = await this.revisionKeep();
    await translatingConstraints(() =>
      this.knex.transaction(async (trx) => {
        const current = await this.findScoped(call, call.input[this.def.pk], trx);
        const key = String(current[this.def.pk]);
        const revision = await findRevision(trx, this.def, key, revisionId, this.revised);
        if (!revision) throw new Refusal('staff:revisions.notFound');
        const values = { ...revision.data, ...(this.def.timestamps ? this.times(['update_time']) : {}) };
        await this.restoreValues(call, key, values, trx, 'restore', keep);
        const after = await this.stored(trx, key);
        await logSensitiveChanges(trx, this.def, current, after, call.actor, this.options.secrets);
      }),
    );
    await this.written();
    return new Success(null, 'staff:revisions.restored');
  }

  /**
   * Swaps the order of two rows (reference 2.2). Equal weights cannot be ordered: they are refused, or, with
   * the `auto_sort_eq_weight` setting on, every row's weight becomes its key first.
   */
  async sortable(call: Call): Promise<null> {
    const field = this.def.weighField;
    if (!field) throw new Refusal('crud:parameterError');
    const autoSort = (await this.options.setting(AUTO_SORT_SETTING)) === '1';
    await this.knex.transaction(async (trx) => {
      let a = await this.findScoped(call, call.input.id, trx);
      let b = await this.findScoped(call, call.input.targetId, trx);
      for (const row of [a, b]) await this.behaviour.guard?.(row, { call, trx });
      if (Number(a[field]) === Number(b[field])) {
        if (!autoSort) throw new Refusal('crud:equalWeigh');
        const { table, pk } = this.def;
        // Every weight becomes the row's key, or its rank by key where keys are snowflake ids (too big for it).
        await trx(table).update({ [field]: this.def.snowflake ? trx.raw('(select count(*) from ?? as o where o.?? <= ??.??)', [table, pk, table, pk]) : trx.ref(pk) });
        [a, b] = [await this.findScoped(call, a[this.def.pk], trx), await this.findScoped(call, b[this.def.pk], trx)];
      }
      await trx(this.def.table).where(this.def.pk, String(a[this.def.pk])).update({ [field]: b[field] });
      await trx(this.def.table).where(this.def.pk, String(b[this.def.pk])).update({ [field]: a[field] });
    });
    await this.written();
    return null;
  }
}
