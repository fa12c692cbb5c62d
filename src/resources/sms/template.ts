import { defineResource } from '../types.ts';
import { CREATE_TIME_FIELD, ID_FIELD, STATUS_FIELD, UPDATE_TIME_FIELD } from '../fields.ts';

/**
 * sms/template: the text messages the site sends, one per event (`code` = the template_code of
 * /api/Sms/send). `content` holds `${variable}` placeholders; `template` is the provider's template id.
 */
export default defineResource({
  name: 'sms/template',
  table: 'sms_template',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'title', type: 'string', localized: true, required: true, max: 100, list: { operator: 'LIKE' } },
    { name: 'code', type: 'string', required: true, max: 50, list: { operator: 'LIKE' } },
    { name: 'template', type: 'string', max: 100, list: { operator: 'LIKE' } },
    { name: 'content', type: 'textarea', localized: true, required: true, max: 500, list: { operator: 'LIKE' }, form: { rows: 3 } },
    STATUS_FIELD,
    CREATE_TIME_FIELD,
    UPDATE_TIME_FIELD,
  ],
  quickSearch: ['title', 'code'],
  defaultOrder: ['id', 'asc'],
  timestamps: true,
  menu: { parent: 'sms', icon: 'fa fa-file-text', weigh: 3 },
  recycle: true,
});
