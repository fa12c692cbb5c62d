import type { FieldType } from '../types.ts';

/**
 * The CRUD designer's design types (reference admin-api 5.2) and how a column of an existing table is
 * guessed to be one of them. Shared by the server (parseFieldData) and the designer island.
 */
export const DESIGN_TYPES = [
  'pk',
  'spk',
  'weigh',
  'timestamp',
  'string',
  'password',
  'number',
  'float',
  'radio',
  'checkbox',
  'switch',
  'textarea',
  'array',
  'datetime',
  'year',
  'date',
  'time',
  'select',
  'selects',
  'remoteSelect',
  'remoteSelects',
  'editor',
  'city',
  'image',
  'images',
  'file',
  'files',
  'icon',
  'color',
] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];

/** The key of a table: an auto-increment number, or a snowflake id the server sets before the insert. */
export const KEY_TYPES: readonly DesignType[] = ['pk', 'spk'];
/** Types whose values come from the field's dictionary (`Title:k1=Label1,k2=Label2`). */
export const CHOICE_TYPES: readonly DesignType[] = ['radio', 'checkbox', 'select', 'selects', 'switch'];
/** Types that pick rows of another table. */
export const REMOTE_TYPES: readonly DesignType[] = ['remoteSelect', 'remoteSelects'];
/** The multi switch of the form options turns these into their plural forms. */
export const MULTI_FORMS: Readonly<Partial<Record<DesignType, DesignType>>> = { select: 'selects', image: 'images', file: 'files', remoteSelect: 'remoteSelects' };
/** Types kept in a text column: no default value, no length. */
export const TEXT_COLUMN_TYPES: readonly DesignType[] = ['textarea', 'editor', 'array', 'images', 'files'];

/** The field type of the engine for a design type; a key is a number the form leaves out. */
export function fieldTypeOf(type: DesignType): FieldType {
  return type === 'pk' || type === 'spk' ? 'number' : type;
}

/** A column of an existing table, as the table helpers describe it (src/server/dbTables.ts). */
export interface ColumnFacts {
  name: string;
  /** Base type in lower case: 'varchar', 'int', 'tinyint', 'text'... */
  dataType: string;
  /** The declared type: 'tinyint(1)', 'varchar(100)', "enum('a','b')". */
  columnType: string;
  autoIncrement: boolean;
}

const INT_TYPES = ['int', 'integer', 'tinyint', 'smallint', 'mediumint', 'bigint', 'int2', 'int4', 'int8', 'serial', 'bigserial'];
const FLOAT_TYPES = ['float', 'double', 'decimal', 'real', 'numeric', 'float4', 'float8', 'double precision'];
const TEXT_TYPES = ['text', 'tinytext', 'mediumtext', 'longtext'];
const VARCHAR_TYPES = ['varchar', 'char', 'character varying', 'character', 'bpchar', 'nvarchar'];

const endsWith = (name: string, suffixes: readonly string[]) => suffixes.some((s) => name.toLowerCase().endsWith(s));

/**
 * Guesses the design type of a column (reference 5.2, first match wins). Decimal columns are `float` rather
 * than `number` so that a generated float field reads back as one.
 */
export function detectDesignType(column: ColumnFacts): DesignType {
  const name = column.name.toLowerCase();
  const type = column.dataType.toLowerCase();
  const declared = column.columnType.toLowerCase().replace(/\s+/g, '');
  const isInt = INT_TYPES.includes(type);
  const isOneChar = declared === 'tinyint(1)' || declared === 'char(1)';
  const isText = TEXT_TYPES.includes(type);
  const isVarchar = VARCHAR_TYPES.includes(type);

  if (column.autoIncrement && name.includes('id')) return 'pk';
  if (name === 'weigh') return 'weigh';
  if (['create_time', 'update_time', 'createtime', 'updatetime'].includes(name)) return 'timestamp';
  if (endsWith(name, ['switch', 'toggle']) && (isInt || type === 'enum' || isOneChar || type === 'boolean' || type === 'bool')) return 'switch';
  if (endsWith(name, ['content', 'editor']) && isText) return 'editor';
  if (endsWith(name, ['textarea', 'multiline', 'rows']) && isVarchar) return 'textarea';
  if (endsWith(name, ['array'])) return 'array';
  if (isInt && endsWith(name, ['time', 'datetime'])) return 'timestamp';
  if (['datetime', 'timestamp', 'timestamptz'].includes(type)) return 'datetime';
  if (type === 'date') return 'date';
  if (type === 'year') return 'year';
  if (type === 'time' || type === 'timetz') return 'time';
  if (endsWith(name, ['selects', 'multi', 'lists'])) return 'selects';
  if (endsWith(name, ['select', 'list', 'data'])) return 'select';
  if (endsWith(name, ['_ids'])) return 'remoteSelects';
  if (endsWith(name, ['_id'])) return 'remoteSelect';
  if (endsWith(name, ['city'])) return 'city';
  if (endsWith(name, ['images', 'avatars'])) return 'images';
  if (endsWith(name, ['image', 'avatar'])) return 'image';
  if (endsWith(name, ['files'])) return 'files';
  if (endsWith(name, ['file'])) return 'file';
  if (endsWith(name, ['icon'])) return 'icon';
  if (isOneChar && endsWith(name, ['status', 'state', 'type'])) return 'radio';
  if (endsWith(name, ['number', 'int', 'num']) && (isInt || FLOAT_TYPES.includes(type))) return 'number';
  if (FLOAT_TYPES.includes(type)) return 'float';
  if (isInt) return 'number';
  if (isText) return 'textarea';
  if (type === 'enum') return 'radio';
  if (type === 'set') return 'checkbox';
  if (endsWith(name, ['color'])) return 'color';
  return 'string';
}

/** A field comment in the reference convention: `Title:k1=Label1,k2=Label2` (full-width `：` and `，` too). */
export interface ParsedComment {
  title: string;
  dict: { value: string; label: string }[];
}

export function parseComment(comment: string): ParsedComment {
  const text = comment.replace(/：/g, ':').replace(/，/g, ',').trim();
  const colon = text.indexOf(':');
  if (colon < 0) return { title: text, dict: [] };
  const dict = text
    .slice(colon + 1)
    .split(',')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? null : { value: pair.slice(0, eq).trim(), label: pair.slice(eq + 1).trim() };
    })
    .filter((e): e is { value: string; label: string } => e !== null && e.value !== '');
  return { title: text.slice(0, colon).trim(), dict };
}

/** The comment of a title and a dictionary, as parseComment reads it back. */
export function formatComment(title: string, dict: readonly { value: string; label: string }[]): string {
  return dict.length ? `${title}:${dict.map((d) => `${d.value}=${d.label}`).join(',')}` : title;
}

/** Characters a title or dictionary entry cannot hold: they separate the parts of a comment. */
export const COMMENT_SEPARATORS = /[:：,，=]/;
