import type { TFunction } from 'i18next';
import { fieldTitle, resourceTitle } from '../../resources/labels.ts';
import type { ResourceDef } from '../../resources/types.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import { connectionInfo, listTables, tableColumns, type TableColumn } from '../../server/dbTables.ts';
import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';
import { Refusal } from '../../server/errors.ts';

/** The one database connection, by the key BuildAdmin's client sends back (`""` also means it). */
export const CONNECTION_KEY = 'default';

/** Tables have no prefix here; the client strips and re-adds `prefix` as it would BuildAdmin's `ba_`. */
const PREFIX = '';

/** A column's title in the reader's language: its field label, or the label plus "(English)" for a sibling. */
function columnTitle(def: ResourceDef | undefined, column: string, lang: Lang, t: TFunction): string {
  if (!def) return '';
  if (def.fields.some((f) => f.name === column && !f.virtual)) return fieldTitle(def, column, lang, t, '');
  const localized = def.fields.find((f) => f.localized && `${f.name}_en` === column);
  return localized ? t('tables:englishColumn', { label: fieldTitle(def, localized.name, lang, t) }) : '';
}

/** A column as MySQL's information_schema.COLUMNS row, the shape BuildAdmin's CRUD designer reads. */
function columnRow(table: string, column: TableColumn, title: string) {
  return {
    TABLE_NAME: table,
    COLUMN_NAME: column.name,
    ORDINAL_POSITION: column.position,
    COLUMN_DEFAULT: column.defaultValue,
    IS_NULLABLE: column.nullable ? 'YES' : 'NO',
    DATA_TYPE: column.dataType,
    CHARACTER_MAXIMUM_LENGTH: column.maxLength,
    COLUMN_TYPE: column.columnType,
    COLUMN_KEY: column.primary ? 'PRI' : '',
    EXTRA: column.autoIncrement ? 'auto_increment' : '',
    COLUMN_COMMENT: title,
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The `connection` parameter: absent, empty or our key; another key names a connection we do not have. */
function connectionOf(input: Record<string, unknown>): string {
  const key = text(input.connection);
  if (key && key !== CONNECTION_KEY) throw new Refusal('tables:connectionNotFound', 0, null, { connection: key });
  return key;
}

/** `clean` is on unless it says 0 or false (reference 4). */
function isClean(value: unknown): boolean {
  return !['0', 'false'].includes(text(value).toLowerCase());
}

/**
 * Who may list the tables and their columns: the CRUD generator's admins. The reference opens these to any
 * logged-in admin, which shows every table (`token`, `secret`...) and its columns to an admin trusted with
 * nothing but a profile; the data-recycle and sensitive-data forms get their tables from their own routes.
 */
const TABLES_RULE = 'crud/crud/index';

/**
 * The table helpers of reference admin-api section 4, with which a CRUD designer picks tables and columns.
 * SQLite has no comments, so titles come from the resource definitions, in the reader's language.
 */
export function tableHelperRoutes(services: Services): ApiRoute[] {
  const { knex, config } = services;

  async function columnsOf(input: Record<string, unknown>): Promise<{ table: string; columns: TableColumn[] }> {
    connectionOf(input);
    const table = text(input.table);
    if (!table) throw new Refusal('crud:parameterError');
    const columns = await tableColumns(knex, table);
    if (!columns) throw new Refusal('tables:tableNotFound', 0, null, { table });
    return { table, columns };
  }

  /** The key column, as ThinkPHP's getPk gives it: a name, the names of a composite key, or '' for none. */
  const pkOf = (columns: TableColumn[]): string | string[] => {
    const keys = columns.filter((c) => c.primary).map((c) => c.name);
    return keys.length > 1 ? keys : (keys[0] ?? '');
  };

  return [
    {
      methods: ['GET'],
      path: '/admin/ajax/getDatabaseConnectionList',
      auth: 'adminRule',
      rule: TABLES_RULE,
      handler({ input }) {
        const search = text(input.quickSearch).toLowerCase();
        const list = [{ ...connectionInfo(config.databaseUrl), key: CONNECTION_KEY }];
        return { list: list.filter((c) => c.key.toLowerCase().includes(search)) };
      },
    },
    {
      methods: ['GET'],
      path: '/admin/ajax/getTableList',
      auth: 'adminRule',
      rule: TABLES_RULE,
      async handler({ input, ctx }) {
        const connection = connectionOf(input);
        const t = ctx.state.t;
        const search = text(input.quickSearch).toLowerCase();
        const excluded = new Set((Array.isArray(input.excludeTable) ? input.excludeTable : [input.excludeTable]).map(text).filter(Boolean));
        const list = [];
        for (const table of await listTables(knex)) {
          if (excluded.has(table)) continue;
          // A table's resource (hand-written or generated) titles it, standing in for MySQL's comments.
          const def = services.resources.byTable(table);
          const comment = def ? `${PREFIX}${table} - ${resourceTitle(def, ctx.state.lang, t)}` : `${PREFIX}${table}`;
          if (search && !comment.toLowerCase().includes(search)) continue;
          list.push({ table, comment, connection, prefix: PREFIX });
        }
        return { list };
      },
    },
    {
      methods: ['GET'],
      path: '/admin/ajax/getTablePk',
      auth: 'adminRule',
      rule: TABLES_RULE,
      async handler({ input }) {
        const { columns } = await columnsOf(input);
        return { pk: pkOf(columns) };
      },
    },
    {
      methods: ['GET'],
      path: '/admin/ajax/getTableFieldList',
      auth: 'adminRule',
      rule: TABLES_RULE,
      async handler({ input, ctx }) {
        const { table, columns } = await columnsOf(input);
        const def = services.resources.byTable(table);
        const t = ctx.state.t;
        const fieldList = Object.fromEntries(
          columns.map((c) => {
            const title = columnTitle(def, c.name, ctx.state.lang, t);
            return [c.name, isClean(input.clean) ? title : columnRow(table, c, title)];
          }),
        );
        return { pk: pkOf(columns), fieldList };
      },
    },
  ];
}
