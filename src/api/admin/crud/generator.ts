import type { TFunction } from 'i18next';
import { fieldTitle, optionTitle, resourceTitle } from '../../../resources/labels.ts';
import { controllerOf } from '../../../resources/naming.ts';
import { COMMENT_SEPARATORS, DESIGN_TYPES, KEY_TYPES, detectDesignType, formatComment, type DesignType } from '../../../resources/generator/designTypes.ts';
import { migrationFilePath, migrationSource, resourceFilePath, resourceSource } from '../../../resources/generator/exportSource.ts';
import { resourceNameOf } from '../../../resources/generator/identifiers.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import { tableColumns, type TableColumn } from '../../../server/dbTables.ts';
import { serverT } from '../../../server/i18n.ts';
import type { Services } from '../../../server/services/index.ts';
import { ApiCode } from '../../../shared/api/envelope.ts';
import { adminView } from '../../../shared/views.ts';
import type { ApiRegistry } from '../../router.ts';
import type { ApiRoute } from '../../types.ts';
import { unitGroup, unitRoutes } from '../resources.ts';
import { defineUnit } from '../../../server/services/crud/unit.ts';
import crudLog from '../../../resources/crud/log.ts';
import { Refusal, Success } from '../../../server/errors.ts';

/** Every generator action but generate and delete needs the generator's page (reference 1.3, tightened). */
const VIEW_RULE = 'crud/crud/index';

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** A text parameter the action cannot do without. */
function required(value: unknown): string {
  const found = text(value);
  if (!found) throw new Refusal('crud:parameterError');
  return found;
}

/** A generator action that needs only the generator's page. */
function viewing(route: Omit<ApiRoute, 'auth' | 'rule'>): ApiRoute {
  return { ...route, auth: 'adminRule', rule: VIEW_RULE };
}

function idOf(value: unknown): number {
  const id = Number(text(value));
  if (!Number.isInteger(id) || id <= 0) throw new Refusal('crud:parameterError');
  return id;
}

/** A label fit for the comment convention: its separators would split it, so they become spaces. */
function commentPart(label: string): string {
  return label.replace(new RegExp(COMMENT_SEPARATORS.source, 'g'), ' ').trim();
}

/** A managed table's field as its definition has it, in the comment convention of one language. */
function commentOf(def: ResourceDef | undefined, column: string, lang: 'zh-cn' | 'en', t: TFunction): string {
  const field = def?.fields.find((f) => f.name === column);
  if (!def || !field) return '';
  const dict = (field.options ?? []).map(String).map((value) => ({ value, label: commentPart(optionTitle(def, column, value, lang, t) ?? value) }));
  return formatComment(commentPart(fieldTitle(def, column, lang, t)), field.type === 'switch' && !def.labels?.options?.[column] ? [] : dict);
}

/** The design type of a column: its definition's type where a resource manages the table, else the guess. */
function designTypeOf(def: ResourceDef | undefined, column: TableColumn): DesignType {
  if (def?.pk === column.name) return def.snowflake ? 'spk' : 'pk';
  const type = def?.fields.find((f) => f.name === column.name)?.type;
  return type && (DESIGN_TYPES as readonly string[]).includes(type) ? (type as DesignType) : detectDesignType(column);
}

/** A column as the designer's field (reference 5.1), for parseFieldData. */
function designField(column: TableColumn, def: ResourceDef | undefined, zh: TFunction, en: TFunction) {
  const decimal = /\((\d+)\s*,\s*(\d+)\)/.exec(column.columnType);
  const designType = designTypeOf(def, column);
  const dflt = column.defaultValue;
  return {
    name: column.name,
    type: column.dataType,
    dataType: column.columnType,
    length: decimal ? Number(decimal[1]) : (column.maxLength ?? 0),
    precision: decimal ? Number(decimal[2]) : 0,
    default: dflt ?? '',
    defaultType: KEY_TYPES.includes(designType) ? 'NONE' : dflt === null ? (column.nullable ? 'NULL' : 'NONE') : dflt === '' ? 'EMPTY STRING' : 'INPUT',
    null: column.nullable,
    primaryKey: column.primary,
    unsigned: false,
    autoIncrement: column.autoIncrement,
    comment: commentOf(def, column.name, 'zh-cn', zh),
    commentEn: commentOf(def, column.name, 'en', en),
    designType,
    table: {},
    form: {},
  };
}

/**
 * A log row with its design decoded, as the reference's model casts `table` and `fields` (BuildAdmin's log
 * dialog reads `row.table.name`); they are stored as JSON text.
 */
function decodeDesign(row: Record<string, unknown>): Record<string, unknown> {
  const decoded = { ...row };
  for (const key of ['table', 'fields']) if (typeof row[key] === 'string') decoded[key] = JSON.parse(row[key]) as unknown;
  return decoded;
}

/**
 * The CRUD generator's API (reference admin-api 5) and its log list. Generated resources get their routes
 * from the registry binding (generated.ts), not from here.
 */
export function crudGeneratorRoutes(services: Services, registry: ApiRegistry): ApiRoute[] {
  const { crudGenerator: generator, knex } = services;
  const zh = serverT('zh-cn');
  const en = serverT('en');
  const routeTaken = (path: string, resource: string) => {
    const owner = registry.ownerOf(path);
    return owner !== null && owner !== unitGroup(resource);
  };
  const logUnit = defineUnit(crudLog, () => ({ output: (rows) => rows.map(decodeDesign) }));
  const logRoutes = unitRoutes(services, logUnit, services.engines.for(logUnit), { rule: VIEW_RULE });

  return [
    ...logRoutes,
    {
      methods: ['POST'],
      path: '/admin/crud.Crud/generate',
      auth: 'adminRule',
      async handler({ input }) {
        const confirm = input.confirm === true || input.confirm === 1 || input.confirm === '1' || input.confirm === 'true';
        const result = await generator.generate(input, { routeTaken, confirm });
        return new Success(result, result.backupTable ? 'crud-generator:generatedWithBackup' : 'crud-generator:generated', { name: result.name, backup: result.backupTable });
      },
    },
    viewing({
      methods: ['POST'],
      path: '/admin/crud.Crud/generateCheck',
      logTitle: 'Generate check',
      async handler({ input }) {
        const table = required((input.table as Record<string, unknown> | undefined)?.name ?? input.table);
        const path = resourceNameOf(table, text(input.generateRelativePath));
        const found = await generator.check(table, path);
        if (found.table || found.controller) throw new Refusal('crud-generator:exists', ApiCode.generateConflict, found, { table, path });
        return null;
      },
    }),
    viewing({
      methods: ['POST'],
      path: '/admin/crud.Crud/parseFieldData',
      logTitle: 'Parse field data',
      async handler({ input }) {
        if (text(input.type || 'db') !== 'db') throw new Refusal('crud-generator:parseTypeUnsupported', 0, null, { type: text(input.type) });
        const table = text(input.table);
        const columns = table ? await tableColumns(knex, table) : null;
        if (!columns) throw new Refusal('crud:recordNotFound');
        if (await generator.isSystemTable(table)) throw new Refusal('crud-generator:tableSystem', 0, null, { table });
        const def = services.resources.byTable(table);
        const [{ n }] = (await knex(table).count('* as n')) as [{ n: number | string }];
        return {
          columns: Object.fromEntries(columns.map((c) => [c.name, designField(c, def, zh, en)])),
          comment: def ? commentPart(resourceTitle(def, 'zh-cn', zh)) : '',
          commentEn: def ? commentPart(resourceTitle(def, 'en', en)) : '',
          empty: Number(n) === 0,
        };
      },
    }),
    viewing({
      methods: ['GET'],
      path: '/admin/crud.Crud/getFileData',
      handler({ input }) {
        const table = required(input.table);
        const name = services.resources.byTable(table)?.name ?? resourceNameOf(table, text(input.generateRelativePath));
        // Nothing is written to disk: the definition lives in crud_resource, and export gives these files.
        return {
          resource: name,
          stored: 'crud_resource',
          resourceFile: resourceFilePath(name),
          migrationFile: migrationFilePath(table, new Date()),
          apiPath: `/admin/${controllerOf(name)}/`,
          webViewsDir: adminView(name),
          controllerFileList: [],
          modelFileList: [],
        };
      },
    }),
    viewing({
      methods: ['GET'],
      path: '/admin/crud.Crud/checkCrudLog',
      async handler({ input }) {
        return { id: await generator.newestSuccessfulLog(required(input.table)) };
      },
    }),
    viewing({
      methods: ['POST'],
      path: '/admin/crud.Crud/logStart',
      logTitle: 'Log start',
      handler: ({ input }) => generator.logDesign(idOf(input.id)),
    }),
    {
      methods: ['POST'],
      path: '/admin/crud.Crud/delete',
      auth: 'adminRule',
      async handler({ input }) {
        await generator.remove(idOf(input.id));
        return new Success(null, 'crud-generator:deleted');
      },
    },
    viewing({
      methods: ['GET'],
      path: '/admin/crud.Crud/export',
      async handler({ input }) {
        const name = text(input.name);
        const found = name ? await generator.designOf(name) : null;
        if (!found) throw new Refusal('crud:recordNotFound');
        const note = `generated by the CRUD generator from crud_log #${found.logId}`;
        return {
          files: [
            { path: resourceFilePath(found.def.name), content: resourceSource(found.def, note) },
            { path: migrationFilePath(found.def.table, new Date()), content: migrationSource(found.def.table, found.columns, note) },
          ],
        };
      },
    }),
  ];
}
