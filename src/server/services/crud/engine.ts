import type { Knex } from 'knex';
import type { ApiRequest } from '../../../api/types.ts';
import { ID, resourceSchema } from '../../../resources/schema.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { parseInput } from '../../../api/validate.ts';
import { adminsInGroups, coveredGroupIds, descendantGroupIds, groupsOf } from '../adminGroups.ts';
import { now } from '../clock.ts';
import { hashPassword } from '../passwords.ts';
import { sanitizeRichText } from '../richText.ts';
import { quickSearchKeys } from '../quickSearchIndex.ts';
import { applyListParams, type Relation } from './query.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/time.ts';
import { copyToRecycleBin, logSensitiveChanges, type Row } from './security.ts';
import { Refusal, Success } from '../../errors.ts';

export interface SaveContext {
  mode: 'add' | 'edit';
  req: ApiRequest;
  trx: Knex.Transaction;
  /** The row as stored before an edit. */
  current?: Row;
  /** The raw request input (fields outside the form schema, e.g. a plain-text password). */
  input: Record<string, unknown>;
  /** Validated values of the resource's virtual fields (not columns), for the hooks to store elsewhere. */
  virtual: Row;
}

/**
 * Per-resource behaviour layered on the generic CRUD (the reference's controller overrides). Hooks that get
 * a transaction must query through it only (SQLite has one connection; the pool would wait forever).
 */
export interface CrudHooks {
  /** Columns never sent to clients (password hashes, salts). */
  hidden?: readonly string[];
  /** Columns a form may never write (balances, counters), whatever the definition says. */
  readonly?: readonly string[];
  /** Shapes a row for the client. */
  output?(row: Row, req: ApiRequest): Row | Promise<Row>;
  /** Adjusts or checks the data about to be written; throw Refusal to refuse. */
  beforeSave?(data: Row, ctx: SaveContext): Row | Promise<Row>;
  afterSave?(row: Row, ctx: SaveContext): void | Promise<void>;
  /** Returns the rows that may really be deleted (others are skipped silently), or throws to refuse. */
  beforeDelete?(rows: Row[], ctx: { req: ApiRequest; trx: Knex.Transaction }): Row[] | Promise<Row[]>;
  afterDelete?(rows: Row[], ctx: { req: ApiRequest; trx: Knex.Transaction }): void | Promise<void>;
  /** Extra filtering of every query (on top of the data scope). */
  scope?(query: Knex.QueryBuilder, req: ApiRequest): void;
}

/**
 * The save check of a resource with no hand-written hooks (a generated one): every key its remote selects
 * hold must name an existing row of the remote table. Hand-written resources check theirs in their own hooks,
 * with messages of their own.
 */
export function remoteKeysExist(def: ResourceDef, resolve: (name: string) => ResourceDef | undefined): NonNullable<CrudHooks['beforeSave']> {
  return async (data, { trx }) => {
    for (const field of def.fields) {
      if ((field.type !== 'remoteSelect' && field.type !== 'remoteSelects') || !field.remote || data[field.name] === undefined) continue;
      const target = resolve(field.remote.resource);
      const keys = [...new Set(String(data[field.name] ?? '').split(',').filter((k) => k !== '' && k !== '0'))];
      if (!target || keys.length === 0) continue;
      const found = (await trx(target.table).whereIn(target.pk, keys).select(target.pk)) as Row[];
      if (found.length !== keys.length) throw new Refusal('crud:remoteMissing', 0, null, { field: field.name });
    }
    return data;
  };
}

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

export interface ListResult {
  list: Row[];
  total: number;
  remark: string;
}

/** The generic index/add/edit/del/sortable of reference section 2, driven by one resource definition. */
export class CrudEngine {
  private readonly relations: Relation[];

  constructor(
    private readonly knex: Knex,
    readonly def: ResourceDef,
    private readonly hooks: CrudHooks,
    private readonly resolve: (name: string) => ResourceDef | undefined,
    /** The site's time zone, in which searches and forms give wall-clock date-times. */
    private readonly timeZone: () => Promise<string> = async () => DEFAULT_TIME_ZONE,
  ) {
    this.relations = def.fields
      .filter((f) => f.type === 'remoteSelect' && f.remote)
      .map((f) => {
        const target = this.resolve(f.remote!.resource);
        if (!target) throw new Error(`${def.name}.${f.name}: unknown remote resource ${f.remote!.resource}`);
        const labelField = f.remote!.labelField;
        const localizedLabel = target.fields.some((t) => t.name === labelField && t.localized);
        return { name: f.name.replace(/_id$/, ''), field: f, table: target.table, pk: target.pk, labelField, localizedLabel };
      });
  }

  /**
   * Rows the caller may see: the resource's scope hook plus the data limit of reference 2.3. `db` must be the
   * open transaction when there is one: SQLite has a single connection, so using the pool would deadlock.
   * It narrows the query in place: a query builder is thenable, so returning it from an async function
   * would run it.
   */
  private async applyScope(query: Knex.QueryBuilder, req: ApiRequest, db: Knex | Knex.Transaction): Promise<void> {
    this.hooks.scope?.(query, req);
    const allowed = await this.allowedAdmins(req, db);
    if (allowed) query.whereIn(`${this.def.table}.${this.def.dataLimitField ?? 'admin_id'}`, allowed);
  }

  private async allowedAdmins(req: ApiRequest, db: Knex | Knex.Transaction): Promise<number[] | null> {
    const mode = this.def.dataLimit;
    const perms = req.adminPermissions;
    if (!mode || !req.admin || !perms || perms.super) return null;
    const me = req.admin.id;
    if (mode === 'personal') return [me];
    const groups =
      mode === 'parent'
        ? await descendantGroupIds(db, await groupsOf(db, me))
        : await coveredGroupIds(db, perms, mode === 'allAuthAndOthers');
    return [...new Set([me, ...(await adminsInGroups(db, groups))])];
  }

  private base(db: Knex | Knex.Transaction = this.knex): Knex.QueryBuilder {
    const { table } = this.def;
    const query = this.joinRelations(db(table).select(`${table}.*`));
    for (const r of this.relations) {
      query.select(`${r.name}.${r.labelField} as ${r.name}__${r.labelField}`);
      if (r.localizedLabel) query.select(`${r.name}.${r.labelField}_en as ${r.name}__${r.labelField}_en`);
    }
    return query;
  }

  private joinRelations(query: Knex.QueryBuilder): Knex.QueryBuilder {
    for (const r of this.relations) query.leftJoin(`${r.table} as ${r.name}`, `${r.name}.${r.pk}`, `${this.def.table}.${r.field.name}`);
    return query;
  }

  /**
   * Nests joined columns under their relation and drops hidden columns. Password fields are write-only: an
   * edit form gets them empty, a list leaves them out (reference 3.1, 3.5).
   */
  private async present(row: Row, req: ApiRequest, form: boolean): Promise<Row> {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (this.hooks.hidden?.includes(key)) continue;
      const sep = key.indexOf('__');
      if (sep > 0) {
        const rel = key.slice(0, sep);
        out[rel] = { ...((out[rel] as Row | undefined) ?? {}), [key.slice(sep + 2)]: value };
      } else {
        out[key] = value;
      }
    }
    for (const field of this.def.fields) {
      if (field.type === 'password') {
        if (form) out[field.name] = '';
        else delete out[field.name];
      }
      // PostgreSQL hands decimals over as text (reference 5.3: a float is read as a number).
      if (field.type === 'float' && typeof out[field.name] === 'string' && out[field.name] !== '') out[field.name] = Number(out[field.name]);
    }
    return this.hooks.output ? this.hooks.output(out, req) : out;
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
        const target = this.resolve(field.remote.resource);
        if (!target) continue;
        const keys = ids(field);
        const found = keys.length ? ((await this.knex(target.table).whereIn(target.pk, keys).select(`${target.pk} as k`, `${field.remote.labelField} as l`)) as { k: unknown; l: unknown }[]) : [];
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

  async index(req: ApiRequest, remark: string): Promise<ListResult> {
    const { table, pk } = this.def;
    // The rows that match, joined only when a filter or the order names a relation's column: every join is
    // on a relation's key (at most one row), so it never changes which rows match, and without it an index
    // answers the count alone.
    const matching = this.knex(table);
    await this.applyScope(matching, req, this.knex);
    const { page, limit, order, joinsRelations } = applyListParams(matching, this.def, this.relations, req.input, this.hooks.hidden, await this.timeZone(), (columns, term) =>
      quickSearchKeys(this.knex, table, columns, term),
    );
    if (joinsRelations) this.joinRelations(matching);
    const [{ total }] = (await matching.clone().clearOrder().count({ total: '*' })) as [{ total: number | string }];
    // The page's keys first, then its rows: an index on the sort column holds the key, so a deep OFFSET skips
    // index entries instead of reading and joining every row it passes.
    const keys = matching.select(`${table}.${pk}`).limit(limit).offset((page - 1) * limit);
    const query = this.base().whereIn(`${table}.${pk}`, keys);
    for (const [column, direction] of order) query.orderBy(column, direction);
    const rows = (await query) as Row[];
    await this.addLabels(rows);
    return { list: await Promise.all(rows.map((r) => this.present(r, req, false))), total: Number(total), remark };
  }

  private async findScoped(req: ApiRequest, id: unknown, db: Knex | Knex.Transaction = this.knex): Promise<Row> {
    if (id === undefined || id === null || id === '') throw new Refusal('crud:parameterError');
    const query = this.base(db);
    await this.applyScope(query, req, db);
    const row = (await query.where(`${this.def.table}.${this.def.pk}`, String(id)).first()) as Row | undefined;
    if (row) return row;
    // Tell "outside your scope" from "does not exist", as the reference does.
    const exists = await db(this.def.table).where(this.def.pk, String(id)).first();
    throw new Refusal(exists ? 'noPermission' : 'crud:recordNotFound');
  }

  async read(req: ApiRequest): Promise<{ row: Row }> {
    return { row: await this.present(await this.findScoped(req, req.input[this.def.pk]), req, true) };
  }

  /**
   * Validated, normalised data of a form post: the resource's own columns (never system ones) and, apart,
   * the values of its virtual fields.
   */
  private formData(input: Record<string, unknown>, mode: 'add' | 'edit', timeZone: string): { data: Row; virtual: Row } {
    const present = mode === 'edit' ? new Set(Object.keys(input)) : undefined;
    const data = parseInput(resourceSchema(this.def, present, timeZone), input) as Row;
    for (const column of this.hooks.readonly ?? []) delete data[column];
    const virtual: Row = {};
    for (const field of this.def.fields.filter((f) => f.virtual)) {
      if (field.name in data) virtual[field.name] = data[field.name];
      delete data[field.name];
    }
    for (const field of this.def.fields) {
      if (field.type !== 'editor') continue;
      for (const c of field.localized ? [field.name, `${field.name}_en`] : [field.name]) {
        if (typeof data[c] === 'string') data[c] = sanitizeRichText(data[c] as string);
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

  async add(req: ApiRequest): Promise<Success<null>> {
    const def = this.def;
    // Read before the transaction: on SQLite it holds the only connection.
    const timeZone = await this.timeZone();
    await translatingConstraints(() => this.knex.transaction(async (trx) => {
      const form = this.formData(req.input, 'add', timeZone);
      const ctx: SaveContext = { mode: 'add', req, trx, input: req.input, virtual: form.virtual };
      let data = form.data;
      await this.hashPasswords(data, req.input, 'add');
      if (def.dataLimit && req.admin) data[def.dataLimitField ?? 'admin_id'] = req.admin.id;
      if (def.timestamps) data = { ...data, ...this.times(['create_time', 'update_time']) };
      if (this.hooks.beforeSave) data = await this.hooks.beforeSave(data, ctx);
      const [inserted] = await trx(def.table).insert(data).returning(def.pk);
      const id = typeof inserted === 'object' ? (inserted as Row)[def.pk] : inserted;
      // A new row without an explicit order goes to the top of its list (reference: weigh = id).
      if (def.weighField && !Number(data[def.weighField])) await trx(def.table).where(def.pk, id as string).update({ [def.weighField]: id });
      const row = (await trx(def.table).where(def.pk, id as string).first()) as Row;
      await this.hooks.afterSave?.(row, ctx);
    }));
    return new Success(null, 'crud:added');
  }

  async edit(req: ApiRequest): Promise<Success<null>> {
    const def = this.def;
    const timeZone = await this.timeZone();
    await translatingConstraints(() => this.knex.transaction(async (trx) => {
      const current = await this.findScoped(req, req.input[def.pk], trx);
      const form = this.formData(req.input, 'edit', timeZone);
      const ctx: SaveContext = { mode: 'edit', req, trx, current, input: req.input, virtual: form.virtual };
      let data = form.data;
      await this.hashPasswords(data, req.input, 'edit');
      if (def.dataLimit) delete data[def.dataLimitField ?? 'admin_id'];
      if (def.timestamps) Object.assign(data, this.times(['update_time']));
      if (this.hooks.beforeSave) data = await this.hooks.beforeSave(data, ctx);
      if (Object.keys(data).length) await trx(def.table).where(def.pk, String(current[def.pk])).update(data);
      const after = (await trx(def.table).where(def.pk, String(current[def.pk])).first()) as Row;
      await logSensitiveChanges(trx, def.name, def.table, current, after, req);
      await this.hooks.afterSave?.(after, ctx);
    }));
    return new Success(null, 'crud:updated');
  }

  async del(req: ApiRequest): Promise<Success<null>> {
    const def = this.def;
    const raw = req.input.ids ?? req.input[def.pk];
    const ids = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map((v) => String(v).trim()).filter(Boolean);
    if (ids.length === 0) throw new Refusal('crud:parameterError');
    let deleted = 0;
    await translatingConstraints(() => this.knex.transaction(async (trx) => {
      const query = trx(def.table).select(`${def.table}.*`);
      await this.applyScope(query, req, trx);
      let rows = (await query.whereIn(`${def.table}.${def.pk}`, ids)) as Row[];
      if (this.hooks.beforeDelete) rows = await this.hooks.beforeDelete(rows, { req, trx });
      const done: Row[] = [];
      for (const row of rows) {
        if ((await trx(def.table).where(def.pk, String(row[def.pk])).delete()) > 0) done.push(row);
      }
      await copyToRecycleBin(trx, def.name, def.table, done, req);
      await this.hooks.afterDelete?.(done, { req, trx });
      deleted = done.length;
    }));
    if (deleted === 0) throw new Refusal('crud:noRowsDeleted');
    return new Success(null, 'crud:deleted', { count: deleted });
  }

  /** Swaps the order of two rows (reference 2.2); equal weights cannot be ordered and are refused. */
  async sortable(req: ApiRequest): Promise<null> {
    const field = this.def.weighField;
    if (!field) throw new Refusal('crud:parameterError');
    await this.knex.transaction(async (trx) => {
      const a = await this.findScoped(req, req.input.id, trx);
      const b = await this.findScoped(req, req.input.targetId, trx);
      if (Number(a[field]) === Number(b[field])) throw new Refusal('crud:equalWeigh');
      await trx(this.def.table).where(this.def.pk, String(a[this.def.pk])).update({ [field]: b[field] });
      await trx(this.def.table).where(this.def.pk, String(b[this.def.pk])).update({ [field]: a[field] });
    });
    return null;
  }
}
