import { defineResource } from '../types.ts';
import { ID_FIELD } from '../fields.ts';

/**
 * routine/attachment: uploaded files (reference 3.11). Only the display name and the topic can be edited;
 * deleting a row deletes its file.
 */
export default defineResource({
  name: 'routine/attachment',
  table: 'attachment',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'topic', type: 'string', required: true, max: 20, list: { operator: 'eq', width: 110 } },
    { name: 'admin_id', type: 'number', form: false, list: { operator: 'eq', width: 90 } },
    { name: 'user_id', type: 'number', form: false, list: { operator: 'eq', width: 90 } },
    { name: 'url', type: 'string', form: false, list: { render: 'image', operator: false } },
    { name: 'name', type: 'string', required: true, max: 120, list: { operator: 'LIKE' } },
    { name: 'width', type: 'number', form: false, list: { operator: 'RANGE', hidden: true } },
    { name: 'height', type: 'number', form: false, list: { operator: 'RANGE', hidden: true } },
    { name: 'size', type: 'number', form: false, list: { sortable: true, operator: 'RANGE' } },
    { name: 'mimetype', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'quote', type: 'number', form: false, list: { sortable: true, operator: 'RANGE' } },
    { name: 'storage', type: 'string', form: false, list: { operator: 'eq', hidden: true } },
    { name: 'sha1', type: 'string', form: false, list: { operator: 'eq', hidden: true } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE', hidden: true } },
    { name: 'last_upload_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
  ],
  quickSearch: ['name'],
  defaultOrder: ['last_upload_time', 'desc'],
  timestamps: false,
  menu: { parent: 'routine', icon: 'fa fa-folder', weigh: 87 },
  actions: ['index', 'edit', 'del'],
});
