import type { DesignFieldInput } from '../../src/resources/generator/design.ts';

/** A designer field with the defaults the designer sends; `extra` overrides. */
export function designField(name: string, designType: DesignFieldInput['designType'], extra: Partial<DesignFieldInput> = {}): DesignFieldInput {
  return {
    name,
    designType,
    type: '',
    comment: extra.comment ?? name,
    commentEn: extra.commentEn ?? name,
    defaultType: 'NONE',
    null: designType !== 'pk',
    table: {},
    form: {},
    ...extra,
  };
}

export interface DesignOptions {
  comment?: string;
  commentEn?: string;
  quickSearch?: string[];
  columns?: string[];
  form?: string[];
  sort?: [string, 'asc' | 'desc'];
  rebuild?: 'Yes' | 'No';
  designChange?: { type: string; oldName?: string; newName?: string; sync?: boolean; after?: string }[];
  path?: string;
  type?: 'create' | 'db' | 'log';
}

/** The generate payload of a table: every field in the list and the form unless told otherwise. */
export function design(table: string, fields: DesignFieldInput[], o: DesignOptions = {}) {
  const names = fields.map((f) => f.name);
  return {
    type: o.type ?? 'create',
    table: {
      name: table,
      comment: o.comment ?? `${table}表`,
      commentEn: o.commentEn ?? table,
      quickSearchField: o.quickSearch ?? [],
      defaultSortField: o.sort?.[0] ?? 'id',
      defaultSortType: o.sort?.[1] ?? 'desc',
      columnFields: o.columns ?? names,
      formFields: o.form ?? names,
      designChange: o.designChange ?? [],
      rebuild: o.rebuild ?? 'No',
      generateRelativePath: o.path ?? '',
    },
    fields,
  };
}
