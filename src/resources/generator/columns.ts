import { DesignError, effectiveType, type DesignField } from './design.ts';
import { KEY_TYPES, TEXT_COLUMN_TYPES, type DesignType } from './designTypes.ts';

/**
 * The table column of a design field, as a list of knex schema-builder calls. The same calls create the
 * column at run time (src/server/services/crud/ddl.ts) and are written into an exported migration
 * (exportSource.ts), so the two cannot drift apart.
 */
export type ColumnMethod = 'increments' | 'integer' | 'bigInteger' | 'tinyint' | 'decimal' | 'string' | 'text' | 'unsigned' | 'notNullable' | 'nullable' | 'defaultTo' | 'primary';
export type CallArg = string | number | null;

export interface ColumnCall {
  method: ColumnMethod;
  args: CallArg[];
}

export interface ColumnSpec {
  name: string;
  calls: ColumnCall[];
}

/** Lengths of string columns when the design gives none. */
const STRING_LENGTHS: Partial<Record<DesignType, number>> = { date: 10, time: 8, icon: 50, color: 50 };
const NUMERIC: readonly DesignType[] = ['pk', 'weigh', 'timestamp', 'datetime', 'year', 'number', 'float', 'switch', 'remoteSelect'];

function columnOf(type: DesignType, field: DesignField, snowflakeTarget: boolean): ColumnCall[] {
  const name = field.name;
  switch (type) {
    case 'pk':
      return [{ method: 'increments', args: [name] }];
    case 'spk':
      // Set by the server before the insert (src/server/services/snowflake.ts): 63 bits, so a signed bigint.
      return [
        { method: 'bigInteger', args: [name] },
        { method: 'notNullable', args: [] },
        { method: 'primary', args: [] },
      ];
    case 'weigh':
    case 'year':
      return [{ method: 'integer', args: [name] }];
    case 'timestamp':
    case 'datetime':
      return [{ method: 'bigInteger', args: [name] }];
    case 'number':
      return [{ method: (field.length ?? 0) > 10 ? 'bigInteger' : 'integer', args: [name] }];
    case 'float':
      return [{ method: 'decimal', args: [name, Math.min(Math.max(field.length || 10, 1), 30), Math.min(field.precision ?? 2, 10)] }];
    case 'switch':
      return [{ method: 'tinyint', args: [name] }];
    case 'remoteSelect':
      return [{ method: snowflakeTarget ? 'bigInteger' : 'integer', args: [name] }];
    default:
      if (TEXT_COLUMN_TYPES.includes(type)) return [{ method: 'text', args: [name] }];
      return [{ method: 'string', args: [name, Math.min(field.length || STRING_LENGTHS[type] || 255, 2000)] }];
  }
}

/** The default a column gets (undefined: none), checked against the type: a refusal names the field. */
export function columnDefault(field: DesignField): string | number | null | undefined {
  const type = effectiveType(field);
  if (KEY_TYPES.includes(type) || TEXT_COLUMN_TYPES.includes(type)) return undefined;
  const numeric = NUMERIC.includes(type);
  switch (field.defaultType) {
    case 'NONE':
      return type === 'weigh' ? 0 : undefined;
    case 'NULL':
      if (!field.null) throw new DesignError('defaultNullNotNullable', { field: field.name });
      return null;
    case 'EMPTY STRING':
      if (numeric) throw new DesignError('defaultInvalid', { field: field.name });
      return '';
    case 'INPUT': {
      const raw = field.default;
      if (raw === null || raw === undefined) return undefined;
      const text = typeof raw === 'boolean' ? (raw ? '1' : '0') : String(raw).trim();
      if (!numeric) return text;
      if (text === '') return undefined;
      const n = Number(text);
      if (!Number.isFinite(n) || (type !== 'float' && !Number.isInteger(n))) throw new DesignError('defaultInvalid', { field: field.name });
      if (type === 'switch' && n !== 0 && n !== 1) throw new DesignError('defaultInvalid', { field: field.name });
      return n;
    }
  }
}

/**
 * The column of a design field: its type, sign, nullability and default. `snowflakeTarget`: the field is a
 * remote select of a table keyed by snowflake ids, whose keys need 64 bits.
 */
export function columnSpec(field: DesignField, snowflakeTarget = false): ColumnSpec {
  const type = effectiveType(field);
  const calls = columnOf(type, field, snowflakeTarget);
  if (KEY_TYPES.includes(type)) return { name: field.name, calls };
  if (field.unsigned && NUMERIC.includes(type) && !['timestamp', 'datetime'].includes(type)) calls.push({ method: 'unsigned', args: [] });
  calls.push({ method: field.null ? 'nullable' : 'notNullable', args: [] });
  const dflt = columnDefault(field);
  if (dflt !== undefined) calls.push({ method: 'defaultTo', args: [dflt] });
  return { name: field.name, calls };
}

/** A TypeScript string literal in single quotes. */
export function tsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/** One column as the line of a migration: `t.string('title', 100).notNullable().defaultTo('')`. */
export function columnSource(spec: ColumnSpec, builder = 't'): string {
  const arg = (a: CallArg) => (typeof a === 'string' ? tsString(a) : JSON.stringify(a));
  return `${builder}.${spec.calls.map((c) => `${c.method}(${c.args.map(arg).join(', ')})`).join('.')}`;
}
