import type { Knex } from 'knex';
import type { ColumnSpec } from '../../../resources/generator/columns.ts';

/**
 * Makes a generated column with knex's schema builder, from the same calls an exported migration writes
 * (src/resources/generator/columns.ts). `alter` changes an existing column instead (SQLite: knex rebuilds
 * the table by copy and swap, keeping its rows).
 */
export function applyColumn(t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, spec: ColumnSpec, alter = false): void {
  let column: Knex.ColumnBuilder | null = null;
  for (const { method, args } of spec.calls) {
    const [a, b, c] = args;
    switch (method) {
      case 'increments':
        column = t.increments(String(a));
        break;
      case 'integer':
        column = t.integer(String(a));
        break;
      case 'bigInteger':
        column = t.bigInteger(String(a));
        break;
      case 'tinyint':
        column = t.tinyint(String(a));
        break;
      case 'decimal':
        column = t.decimal(String(a), Number(b), Number(c));
        break;
      case 'string':
        column = t.string(String(a), Number(b));
        break;
      case 'text':
        column = t.text(String(a));
        break;
      case 'unsigned':
        column = column!.unsigned();
        break;
      case 'notNullable':
        column = column!.notNullable();
        break;
      case 'nullable':
        column = column!.nullable();
        break;
      case 'defaultTo':
        column = column!.defaultTo(a ?? null);
        break;
      case 'primary':
        column = column!.primary();
        break;
    }
  }
  if (alter) column?.alter();
}
