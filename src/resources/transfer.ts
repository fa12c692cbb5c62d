/**
 * Spreadsheets in and out (issue 28, item 3), a capability of the resource: what the server routes
 * (`export`, `import`, `importTemplate`) and what the list toolbar offers are both read from here.
 */
import { formFields } from './schema.ts';
import { offers, unansweredColumns, type FieldDef, type ResourceDef } from './types.ts';

/** What an import answers: per line of the file, added (or addable, in a dry run) or refused and why. */
export interface ImportReport {
  dryRun: boolean;
  /** Whether the rows were added (not a dry run, and no line refused). */
  imported: boolean;
  total: number;
  added: number;
  refused: number;
  /** Each heading of the file and the column it fills (null: ignored). */
  columns: { heading: string; column: string | null }[];
  /** Per line: its number in the file, and for a refused one the column at fault (its heading) and why. */
  lines: { line: number; status: 'add' | 'refused'; column: string; message: string }[];
}

/** A column an import may fill: the table column and the field it belongs to. */
export interface ImportColumn {
  column: string;
  field: FieldDef;
}

/** The columns an import may fill: the form's, both languages of a localized field, never a secret or hidden one. */
export function importColumns(def: ResourceDef): ImportColumn[] {
  const never = new Set(unansweredColumns(def));
  return formFields(def)
    .filter((f) => !f.virtual && f.type !== 'password' && !never.has(f.name))
    .flatMap((field) => (field.localized ? [field.name, `${field.name}_en`] : [field.name]).map((column) => ({ column, field })));
}

/**
 * What a resource declares: every list exports (under its index rule) unless `transfer.export` is false;
 * rows come in (under the add rule) where the generic add takes form columns, unless `transfer.import` is false.
 */
export function transfersOf(def: ResourceDef): { export: boolean; import: boolean } {
  return {
    export: offers(def, 'index') && def.transfer?.export !== false,
    import: offers(def, 'add') && def.transfer?.import !== false && importColumns(def).length > 0,
  };
}
