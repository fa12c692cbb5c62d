import type { Knex } from 'knex';
import { bilingual, columns } from '../bilingual.ts';
import { compileDesign, designColumns, fieldColumn, menuTitleOf, type TableResolver } from '../../../resources/generator/compile.ts';
import type { ColumnSpec } from '../../../resources/generator/columns.ts';
import { DesignError, designSchema, effectiveType, type Design, type DesignChange, type DesignField } from '../../../resources/generator/design.ts';
import { KEY_TYPES } from '../../../resources/generator/designTypes.ts';
import { actionUrl } from '../../../resources/naming.ts';
import { actionsOf, type ResourceDef } from '../../../resources/types.ts';
import { adminView } from '../../../shared/views.ts';
import { migrationTables, syncKeySequence, tableColumns as describeColumns } from '../../dbTables.ts';
import { ApiCode } from '../../../shared/api/envelope.ts';
import { now } from '../clock.ts';
import { bumpRegistryVersion, type ResourceRegistry } from '../resourceRegistry.ts';
import { buttons, insertRuleTree } from '../ruleTree.ts';
import { controllerAlias } from '../securityRules.ts';
import { applyColumn } from './ddl.ts';
import { Refusal } from '../../errors.ts';


export type LogStatus = 'start' | 'success' | 'error' | 'delete';

export interface CrudLogRow {
  id: number;
  table_name: string;
  table: string;
  fields: string;
  status: LogStatus;
  connection: string;
  created_table: boolean | number;
  error: string | null;
  create_time: number;
}

export interface GenerateOptions {
  /** Whether another part of the portal already answers this API path (a route of the generated resource itself does not count). */
  routeTaken(path: string, resource: string): boolean;
  /** The admin confirmed dropping a table that holds rows (rebuild). */
  confirm: boolean;
}

export interface GenerateResult {
  name: string;
  table: string;
  version: number;
  /** Where the rows of a rebuilt table were copied first, if it had any. */
  backupTable: string;
}

/** A refusal of the design, in the admin's language (catalogue `crud-generator`). */
export function designRefusal(err: DesignError): Refusal {
  return new Refusal(`crud-generator:${err.key}`, 0, null, err.params);
}

function parseDesign(input: Record<string, unknown>): Design {
  const result = designSchema().safeParse({ type: input.type, table: input.table, fields: input.fields });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  // Name the field the problem is in ("fields.3.length" → the field's own name when it has one).
  const fields = Array.isArray(input.fields) ? (input.fields as unknown[]) : [];
  const at = path[0] === 'fields' && typeof path[1] === 'number' ? fields[path[1]] : undefined;
  const name = at && typeof at === 'object' && typeof (at as Record<string, unknown>).name === 'string' ? String((at as Record<string, unknown>).name) : '';
  const where = [name, ...path.slice(name ? 2 : 0).map(String)].filter(Boolean).join('.');
  const key = issue && /^crud-generator:\w+$/.test(issue.message) ? issue.message : 'crud-generator:payloadInvalid';
  throw new Refusal(key, 0, null, { field: where || '-' });
}

/** The column names of a table in order (none when it does not exist). */
async function tableColumns(db: Knex | Knex.Transaction, table: string): Promise<string[]> {
  return ((await describeColumns(db, table)) ?? []).map((c) => c.name);
}

async function rowCount(db: Knex | Knex.Transaction, table: string): Promise<number> {
  const [row] = (await db(table).count('* as n')) as [{ n: number | string }];
  return Number(row.n);
}

/**
 * A column added to a table that may hold rows: a NOT NULL column needs a value for them, so one without a
 * default gets the empty value of its kind (both databases refuse the column otherwise).
 */
function fillable(spec: ColumnSpec): ColumnSpec {
  const required = spec.calls.some((c) => c.method === 'notNullable');
  if (!required || spec.calls.some((c) => c.method === 'defaultTo')) return spec;
  const numeric = ['increments', 'integer', 'bigInteger', 'tinyint', 'decimal'].includes(spec.calls[0]!.method);
  return { ...spec, calls: [...spec.calls, { method: 'defaultTo', args: [numeric ? 0 : ''] }] };
}

/** The order design changes are applied in (reference 5.3): renames and deletions, then attributes and additions, then order. */
const CHANGE_PHASES: DesignChange['type'][][] = [['change-field-name', 'del-field'], ['change-field-attr', 'add-field'], ['change-field-order']];

/**
 * A name of the designed table in both languages, as menus and recycle rules store it: an English name only
 * where the design gave one, so a Chinese-only design falls back visibly like other staff-entered names.
 */
function designedName(def: ResourceDef, shape: (title: string) => string = (title) => title): { zh: string; en: string } {
  const zh = shape(def.labels?.title['zh-cn'] ?? def.name);
  const en = def.labels?.title.en ?? '';
  return { zh, en: en && en !== def.labels?.title['zh-cn'] ? en : '' };
}

/**
 * The CRUD generator (reference admin-api 5): turns a design into a table, a stored resource definition and
 * its menu rules, all in one transaction, and takes a module out again. The resource registry then serves
 * the new routes and screen without a restart.
 */
export class CrudGenerator {
  /** The resource managing a table, for remote selects. */
  private readonly resolveTable: TableResolver;

  constructor(
    private readonly knex: Knex,
    private readonly registry: ResourceRegistry,
  ) {
    this.resolveTable = (table) => registry.byTable(table);
  }

  /** Did the generator create this table (and may therefore drop it on a rebuild)? */
  async createdTable(table: string, db: Knex | Knex.Transaction = this.knex): Promise<boolean> {
    return !!(await db('crud_log').where({ table_name: table, created_table: true }).first('id'));
  }

  /** The portal's own tables: never designed, altered or dropped by the generator. */
  async isSystemTable(table: string): Promise<boolean> {
    if ((await migrationTables()).has(table)) return true;
    if (/^(knex_|sqlite_|pg_)/.test(table)) return true;
    const def = this.registry.byTable(table);
    return !!def && !this.registry.isGenerated(def.name);
  }

  /** Checks the names a design takes against what exists: system tables, other resources, routes, rules. */
  private async checkNames(def: ResourceDef, options: GenerateOptions): Promise<void> {
    if (await this.isSystemTable(def.table)) throw new Refusal('crud-generator:tableSystem', 0, null, { table: def.table });
    const byTable = this.registry.byTable(def.table);
    if (byTable && byTable.name !== def.name) throw new Refusal('crud-generator:tableManaged', 0, null, { table: def.table, name: byTable.name });
    const byName = this.registry.find(def.name);
    if (byName && (!this.registry.isGenerated(def.name) || byName.table !== def.table)) {
      throw new Refusal('crud-generator:pathTaken', 0, null, { path: def.name });
    }
    for (const action of actionsOf(def)) {
      const path = actionUrl(def, action);
      if (options.routeTaken(path, def.name)) throw new Refusal('crud-generator:routeTaken', 0, null, { path });
    }
    if (!byName) {
      const rule = await this.knex('admin_rule').whereRaw('lower(name) = ?', [def.name.toLowerCase()]).first('id');
      if (rule) throw new Refusal('crud-generator:ruleTaken', 0, null, { path: def.name });
      // A rule opening the view the new screen would have (the generator's own is `crud`, as in BuildAdmin).
      const view = await this.knex('admin_rule').where({ component: adminView(def.name) }).first<{ name: string } | undefined>('name');
      if (view) throw new Refusal('crud-generator:viewTaken', 0, null, { path: def.name, rule: view.name });
    }
  }

  /** generateCheck: does the table, or the resource, exist already? */
  async check(table: string, path: string): Promise<{ table: boolean; controller: boolean; rows: number; generated: boolean }> {
    const exists = /^[a-z][a-z0-9_]{0,63}$/.test(table) && (await this.knex.schema.hasTable(table));
    const controller = !!(path && this.registry.find(path)) || !!(exists && this.registry.byTable(table));
    return { table: exists, controller, rows: exists ? await rowCount(this.knex, table) : 0, generated: exists ? await this.createdTable(table) : false };
  }

  /** Compiles a design posted by the designer; refusals are Refusals in the admin's language. */
  compile(input: Record<string, unknown>): { design: Design; def: ResourceDef; columns: ColumnSpec[] } {
    const design = parseDesign(input);
    try {
      return { design, ...compileDesign(design, this.resolveTable) };
    } catch (err) {
      if (err instanceof DesignError) throw designRefusal(err);
      throw err;
    }
  }

  async generate(input: Record<string, unknown>, options: GenerateOptions): Promise<GenerateResult> {
    const { design, def, columns } = this.compile(input);
    await this.checkNames(def, options);
    const table = def.table;
    const exists = await this.knex.schema.hasTable(table);
    const rebuild = exists && design.table.rebuild === 'Yes';
    const ours = exists && (await this.createdTable(table));
    if (rebuild && !ours) throw new Refusal('crud-generator:rebuildNotOurs', 0, null, { table });
    const rows = exists ? await rowCount(this.knex, table) : 0;
    if (rebuild && rows > 0 && !options.confirm) {
      throw new Refusal('crud-generator:rebuildConfirm', ApiCode.generateConflict, { table: true, controller: this.registry.isGenerated(def.name), rows }, { table, rows });
    }

    const [logRow] = await this.knex('crud_log')
      .insert({ table_name: table, table: JSON.stringify(design.table), fields: JSON.stringify(design.fields), status: 'start', connection: '', create_time: now() })
      .returning('id');
    const logId = Number(typeof logRow === 'object' ? (logRow as { id: number }).id : logRow);
    let result: GenerateResult;
    try {
      result = await this.knex.transaction(async (trx) => {
        let created = false;
        let backupTable = '';
        if (!exists) {
          await this.createTable(trx, table, columns);
          created = true;
        } else if (rebuild) {
          if (rows > 0) backupTable = await this.backup(trx, table);
          await trx.schema.dropTable(table);
          await this.createTable(trx, table, columns);
          created = true;
        } else {
          await this.applyChanges(trx, design, ours);
        }
        const existing = await tableColumns(trx, table);
        const missing = design.fields.map((f) => f.name).filter((n) => !existing.includes(n));
        if (missing.length) throw new Refusal('crud-generator:columnMissing', 0, null, { table, field: missing.join(', ') });
        const version = await this.storeDefinition(trx, def, logId);
        await this.ensureMenu(trx, def);
        await this.ensureRecycleRule(trx, def);
        await bumpRegistryVersion(trx);
        await trx('crud_log').where({ id: logId }).update({ status: 'success', created_table: created });
        return { name: def.name, table, version, backupTable };
      });
    } catch (err) {
      const error = err instanceof DesignError ? designRefusal(err) : err;
      const message = error instanceof Refusal ? `${error.msgKey} ${JSON.stringify(error.params)}` : String((error as Error).message ?? error);
      await this.knex('crud_log').where({ id: logId }).update({ status: 'error', error: message.slice(0, 2000) });
      throw error;
    }
    await this.registry.sync(true);
    return result;
  }

  private async createTable(trx: Knex.Transaction, table: string, columns: readonly ColumnSpec[]): Promise<void> {
    await trx.schema.createTable(table, (t) => {
      for (const spec of columns) applyColumn(t, spec);
    });
  }

  /** Copies a table's rows into `<table>_bak_<time>` before a rebuild drops it; returns that name. */
  private async backup(trx: Knex.Transaction, table: string): Promise<string> {
    let name = `${table}_bak_${now()}`;
    for (let i = 1; await trx.schema.hasTable(name); i++) name = `${table}_bak_${now()}_${i}`;
    await trx.raw('create table ?? as select * from ??', [name, table]);
    return name;
  }

  /**
   * Applies the synced design changes to an existing table, keeping its rows (SQLite: knex rebuilds the
   * table by copy and swap for an altered column). A change naming a missing column, or a new name that is
   * taken, stops everything with a message. Physical column order is changed only in tables the generator
   * made (a copy and swap of the whole table); elsewhere the design's order drives the list and form only.
   */
  private async applyChanges(trx: Knex.Transaction, design: Design, ours: boolean): Promise<void> {
    const table = design.table.name;
    const fieldOf = (name: string): DesignField | undefined => design.fields.find((f) => f.name === name);
    let reorder = false;
    for (const phase of CHANGE_PHASES) {
      for (const change of design.table.designChange.filter((c) => c.sync && phase.includes(c.type))) {
        const columns = await tableColumns(trx, table);
        const has = (n: string) => columns.includes(n);
        switch (change.type) {
          case 'change-field-name':
            if (!has(change.oldName)) throw new Refusal('crud-generator:changeMissing', 0, null, { field: change.oldName });
            if (has(change.newName)) throw new Refusal('crud-generator:changeTaken', 0, null, { field: change.newName });
            await trx.schema.alterTable(table, (t) => t.renameColumn(change.oldName, change.newName));
            break;
          case 'del-field':
            if (!has(change.oldName)) throw new Refusal('crud-generator:changeMissing', 0, null, { field: change.oldName });
            await trx.schema.alterTable(table, (t) => t.dropColumn(change.oldName));
            break;
          case 'add-field': {
            const field = fieldOf(change.newName);
            if (!field) throw new Refusal('crud-generator:changeUnknown', 0, null, { field: change.newName });
            if (has(change.newName)) throw new Refusal('crud-generator:changeTaken', 0, null, { field: change.newName });
            await trx.schema.alterTable(table, (t) => applyColumn(t, fillable(fieldColumn(field, this.resolveTable))));
            break;
          }
          case 'change-field-attr': {
            const name = change.newName || change.oldName;
            const field = fieldOf(name);
            if (!field) throw new Refusal('crud-generator:changeUnknown', 0, null, { field: name });
            if (!has(name)) throw new Refusal('crud-generator:changeMissing', 0, null, { field: name });
            // The key column keeps its definition: altering it would renumber nothing but risk everything.
            if (!KEY_TYPES.includes(effectiveType(field))) await trx.schema.alterTable(table, (t) => applyColumn(t, fieldColumn(field, this.resolveTable), true));
            break;
          }
          case 'change-field-order':
            reorder = true;
            break;
        }
      }
    }
    if (reorder && ours) await this.reorder(trx, design);
  }

  /** Rebuilds a generated table with its columns in the design's order: copy, drop, rename. */
  private async reorder(trx: Knex.Transaction, design: Design): Promise<void> {
    const table = design.table.name;
    const current = await tableColumns(trx, table);
    const wanted = design.fields.map((f) => f.name);
    // Only a table holding exactly the designed columns can be rebuilt from the design without losing any.
    if (current.length !== wanted.length || !wanted.every((n) => current.includes(n))) return;
    if (current.every((n, i) => n === wanted[i])) return;
    const scratch = `${table}__reorder`;
    await this.createTable(trx, scratch, designColumns(design, this.resolveTable));
    await trx.raw(`insert into ?? (${wanted.map(() => '??').join(', ')}) select ${wanted.map(() => '??').join(', ')} from ??`, [scratch, ...wanted, ...wanted, table]);
    await trx.schema.dropTable(table);
    await trx.schema.renameTable(scratch, table);
    const pk = design.fields.find((f) => f.designType === 'pk');
    if (pk) await syncKeySequence(trx, table, pk.name);
  }

  /** Inserts or updates the stored definition; returns its new version. */
  private async storeDefinition(trx: Knex.Transaction, def: ResourceDef, logId: number): Promise<number> {
    const current = await trx('crud_resource').where({ name: def.name }).first<{ id: number; version: number } | undefined>('id', 'version');
    const time = now();
    if (current) {
      await trx('crud_resource').where({ id: current.id }).update({ definition: JSON.stringify(def), version: current.version + 1, log_id: logId, update_time: time });
      return current.version + 1;
    }
    await trx('crud_resource').insert({ name: def.name, table_name: def.table, definition: JSON.stringify(def), version: 1, log_id: logId, create_time: time, update_time: time });
    return 1;
  }

  /**
   * The menu of a generated resource (reference 5.3 item 10): a `menu_dir` per missing path segment, the
   * menu (its title the table's with 表 turned into 管理), and its permission buttons. Existing rows are
   * kept as an admin may have renamed or moved them; buttons a new design needs (sortable) are added.
   * New rules are granted to nobody: super admins have them all, others once an admin assigns them.
   */
  private async ensureMenu(trx: Knex.Transaction, def: ResourceDef): Promise<void> {
    const segments = def.name.split('/');
    let pid = 0;
    for (let i = 1; i < segments.length; i++) {
      const name = segments.slice(0, i).join('/');
      const dir = await trx('admin_rule').where({ name, type: 'menu_dir' }).first<{ id: number } | undefined>('id');
      if (dir) {
        pid = dir.id;
        continue;
      }
      const title = columns('title', bilingual('admin', `menu.${name}`, { defaultValue: segments[i - 1] }), 50);
      const ids = await insertRuleTree(trx, 'admin_rule', [{ type: 'menu_dir', name, ...title, icon: 'fa fa-folder', weigh: 0 }], pid);
      pid = ids.get(name)!;
    }
    let menu = await trx('admin_rule').where({ name: def.name, type: 'menu' }).first<{ id: number } | undefined>('id');
    if (!menu) {
      const ids = await insertRuleTree(
        trx,
        'admin_rule',
        [{ type: 'menu', name: def.name, ...columns('title', designedName(def, menuTitleOf), 50), icon: def.menu.icon, component: adminView(def.name), weigh: def.menu.weigh, keepalive: 1 }],
        pid,
      );
      menu = { id: ids.get(def.name)! };
    }
    const present = new Set((await trx('admin_rule').where({ pid: menu.id, type: 'button' }).select<{ name: string }[]>('name')).map((r) => r.name));
    const missing = buttons(def.name, [...actionsOf(def)]).filter((b) => !present.has(b.name));
    if (missing.length) await insertRuleTree(trx, 'admin_rule', missing, menu.id);
  }

  /** The recycle rule that makes deleted rows of the resource restorable (reference 3.13). */
  private async ensureRecycleRule(trx: Knex.Transaction, def: ResourceDef): Promise<void> {
    if (!def.recycle) return;
    const time = now();
    const row = { ...columns('name', designedName(def), 50), controller_as: controllerAlias(def.name), data_table: def.table, connection: '', primary_key: def.pk };
    const existing = await trx('security_data_recycle').where({ controller: def.name }).first<{ id: number } | undefined>('id');
    if (existing) await trx('security_data_recycle').where({ id: existing.id }).update({ ...row, update_time: time });
    else await trx('security_data_recycle').insert({ ...row, controller: def.name, status: '1', create_time: time, update_time: time });
  }

  /**
   * delete (reference 5.4): the definition, its menu rules (and folders left empty), its recycle rule and so
   * its routes go; the log is marked deleted; the table and its rows stay.
   */
  async remove(logId: number): Promise<void> {
    const log = await this.knex('crud_log').where({ id: logId }).first<CrudLogRow | undefined>();
    if (!log) throw new Refusal('crud:recordNotFound');
    const stored = await this.knex('crud_resource').where({ table_name: log.table_name }).first<{ id: number; name: string } | undefined>('id', 'name');
    if (stored) {
      const users = this.registry
        .all()
        .filter((r) => r.name !== stored.name)
        .flatMap((r) => r.fields.filter((f) => f.remote?.resource === stored.name).map((f) => `${r.name}.${f.name}`));
      if (users.length) throw new Refusal('crud-generator:deleteInUse', 0, null, { name: stored.name, users: users.join(', ') });
    }
    await this.knex.transaction(async (trx) => {
      if (stored) {
        await trx('crud_resource').where({ id: stored.id }).delete();
        await this.removeMenu(trx, stored.name);
        await trx('security_data_recycle').where({ controller: stored.name }).delete();
        await bumpRegistryVersion(trx);
      }
      await trx('crud_log').where({ table_name: log.table_name, status: 'success' }).update({ status: 'delete' });
      await trx('crud_log').where({ id: logId }).update({ status: 'delete' });
    });
    await this.registry.sync(true);
  }

  /** Deletes a menu rule with everything under it, then the folders above it that are left empty. */
  private async removeMenu(trx: Knex.Transaction, name: string): Promise<void> {
    const menu = await trx('admin_rule').where({ name, type: 'menu' }).first<{ id: number; pid: number } | undefined>('id', 'pid');
    if (!menu) return;
    let level = [menu.id];
    const all: number[] = [];
    while (level.length) {
      all.push(...level);
      level = (await trx('admin_rule').whereIn('pid', level).select<{ id: number }[]>('id')).map((r) => r.id);
    }
    await trx('admin_rule').whereIn('id', all).delete();
    let pid = menu.pid;
    while (pid) {
      const parent = await trx('admin_rule').where({ id: pid }).first<{ id: number; pid: number; type: string } | undefined>('id', 'pid', 'type');
      if (!parent || parent.type !== 'menu_dir' || (await trx('admin_rule').where({ pid }).first('id'))) break;
      await trx('admin_rule').where({ id: pid }).delete();
      pid = parent.pid;
    }
  }

  /** checkCrudLog: the newest log of a table when it succeeded, else 0. */
  async newestSuccessfulLog(table: string): Promise<number> {
    const log = await this.knex('crud_log').where({ table_name: table }).orderBy('id', 'desc').first<{ id: number; status: string } | undefined>('id', 'status');
    return log?.status === 'success' ? log.id : 0;
  }

  /** logStart: the design of a log, and whether its table is empty now (the client then offers a rebuild). */
  async logDesign(logId: number): Promise<{ table: Record<string, unknown>; fields: unknown[] }> {
    const log = await this.knex('crud_log').where({ id: logId }).first<CrudLogRow | undefined>();
    if (!log) throw new Refusal('crud:recordNotFound');
    const table = JSON.parse(log.table) as Record<string, unknown>;
    const fields = JSON.parse(log.fields) as unknown[];
    const exists = await this.knex.schema.hasTable(log.table_name);
    return { table: { ...table, empty: !exists || (await rowCount(this.knex, log.table_name)) === 0 }, fields };
  }

  /** The design a generated resource was last made from, and its table's columns (for export), or null. */
  async designOf(name: string): Promise<{ def: ResourceDef; design: Design; columns: ColumnSpec[]; logId: number } | null> {
    const stored = await this.knex('crud_resource').where({ name }).first<{ log_id: number } | undefined>('log_id');
    const def = this.registry.isGenerated(name) ? this.registry.find(name) : undefined;
    if (!stored || !def) return null;
    const log = await this.knex('crud_log').where({ id: stored.log_id }).first<CrudLogRow | undefined>();
    if (!log) return null;
    const design = designSchema().parse({ table: JSON.parse(log.table) as unknown, fields: JSON.parse(log.fields) as unknown });
    return { def, design, columns: designColumns(design, this.resolveTable), logId: log.id };
  }
}
