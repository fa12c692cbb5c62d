import { isDeepStrictEqual } from 'node:util';
import type { Column, ForeignKey, Index, Schema, Table } from './describe.ts';

/**
 * What changed from one schema to another, one line each: `+` only in `after`, `-` only in `before`, `~` changed
 * (before → after). Empty when they are the same, column order included.
 */
export function schemaDifferences(before: Schema, after: Schema): string[] {
  const out: string[] = [];
  for (const name of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const [was, is] = [before[name], after[name]];
    if (!is) out.push(`- table ${name}`);
    else if (!was) out.push(`+ table ${name}: ${is.columns.map((c) => c.name).join(', ')}`);
    else out.push(...tableDifferences(name, was, is));
  }
  return out;
}

function tableDifferences(table: string, was: Table, is: Table): string[] {
  const out = [
    ...keyed(`${table}.`, was.columns, is.columns, (c) => c.name, showColumn),
    ...keyed(`${table} index `, was.indexes, is.indexes, (i) => i.name, showIndex),
    ...keyed(`${table} foreign key `, was.foreignKeys, is.foreignKeys, (k) => `(${k.columns.join(', ')})`, showForeignKey),
  ];
  if (!isDeepStrictEqual(was.primaryKey, is.primaryKey)) out.push(`~ ${table} primary key: (${was.primaryKey.join(', ')}) → (${is.primaryKey.join(', ')})`);
  // The order of the columns both have (an added or removed one is reported above).
  const order = (columns: Table['columns'], other: Table['columns']) => columns.filter((c) => other.some((o) => o.name === c.name)).map((c) => c.name).join(', ');
  const [wasOrder, isOrder] = [order(was.columns, is.columns), order(is.columns, was.columns)];
  if (wasOrder !== isOrder) out.push(`~ ${table} column order: ${wasOrder} → ${isOrder}`);
  return out;
}

// Each in the words of SQL, which reads more easily in a list of changes than JSON.
const showColumn = (c: Column) => `${c.type}${c.nullable ? '' : ' not null'}${c.default === null ? '' : ` default ${c.default}`}`;
const showIndex = (i: Index) => `${i.unique ? 'unique ' : ''}(${i.columns.join(', ')})${i.where ? ` where ${i.where}` : ''}`;
const showForeignKey = (k: ForeignKey) => `references ${k.table} (${k.references.join(', ')}) on update ${k.onUpdate} on delete ${k.onDelete}`;

/** Items matched by key: those removed, added, and changed. */
function keyed<T>(label: string, was: T[], is: T[], key: (item: T) => string, show: (item: T) => string): string[] {
  const before = new Map(was.map((item) => [key(item), item]));
  const after = new Map(is.map((item) => [key(item), item]));
  const out: string[] = [];
  for (const [k, item] of before) if (!after.has(k)) out.push(`- ${label}${k}: ${show(item)}`);
  for (const [k, item] of after) {
    const old = before.get(k);
    if (old === undefined) out.push(`+ ${label}${k}: ${show(item)}`);
    else if (!isDeepStrictEqual(old, item)) out.push(`~ ${label}${k}: ${show(old)} → ${show(item)}`);
  }
  return out;
}
