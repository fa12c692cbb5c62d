import { VARIABLE_SOURCES } from '../../shared/sms.ts';
import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * sms/variable: what a template's `${name}` placeholder becomes: the code being sent, the site name, the
 * minutes the code stays valid, or a fixed text (`value`).
 */
export default defineResource({
  name: 'sms/variable',
  table: 'sms_variable',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'title', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'name', type: 'string', required: true, max: 30, list: { operator: 'LIKE' } },
    { name: 'value_source', type: 'select', required: true, options: VARIABLE_SOURCES, default: 'literal', list: { render: 'tag', operator: 'eq' } },
    { name: 'value', type: 'string', max: 255, list: { operator: 'LIKE' } },
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['title', 'name'],
  defaultOrder: ['id', 'asc'],
  timestamps: true,
  menu: { parent: 'sms', icon: 'fa fa-code', weigh: 2 },
});
