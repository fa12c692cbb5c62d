import { defineResource, type FieldDef, type ResourceDef } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * What the recycle and sensitive-data rules share (reference 3.13, 3.15): a titled rule on one admin
 * function (`controller`, a resource name; `controller_as`, its lower-case form the hooks compare with the
 * route), the table it reads and that table's key.
 */
export function securityRuleResource(kind: {
  name: string;
  table: string;
  /** Fields of this kind of rule only, listed after the table's key. */
  fields: readonly FieldDef[];
  menu: { icon: ResourceDef['menu']['icon']; weigh: number };
}): ResourceDef {
  return defineResource({
    name: kind.name,
    table: kind.table,
    pk: 'id',
    fields: [
      ID_FIELD,
      { name: 'name', type: 'string', localized: true, required: true, max: 50, list: { operator: 'LIKE' } },
      { name: 'controller', type: 'select', required: true, max: 100, list: { operator: 'LIKE' } },
      { name: 'controller_as', type: 'string', form: false, list: { operator: 'LIKE', hidden: true } },
      { name: 'data_table', type: 'string', max: 100, list: { operator: 'LIKE' } },
      { name: 'primary_key', type: 'string', max: 50, list: { operator: 'eq' } },
      ...kind.fields,
      STATUS_FIELD,
      UPDATE_TIME_FIELD,
      CREATE_TIME_FIELD,
    ],
    quickSearch: ['name'],
    defaultOrder: ['id', 'desc'],
    timestamps: true,
    menu: { parent: 'security', ...kind.menu },
  });
}
