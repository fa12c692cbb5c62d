import { SMS_DRIVERS, SMS_LOG_STATUSES } from '../../shared/sms.ts';
import { defineResource } from '../types.ts';

/** sms/log: every send attempt, read-only: the masked number, template, provider, text and its answer. */
export default defineResource({
  name: 'sms/log',
  table: 'sms_log',
  pk: 'id',
  fields: [
    { name: 'id', type: 'number', form: false, list: { sortable: true, operator: 'RANGE', width: 70 } },
    { name: 'mobile', type: 'string', form: false, list: { operator: 'LIKE' } },
    { name: 'template_code', type: 'string', form: false, list: { operator: 'eq' } },
    { name: 'provider', type: 'select', options: SMS_DRIVERS, form: false, list: { render: 'tag', operator: 'eq' } },
    { name: 'content', type: 'textarea', form: false, list: { operator: 'LIKE' } },
    { name: 'status', type: 'select', options: SMS_LOG_STATUSES, form: false, list: { render: 'tag', operator: 'eq' } },
    { name: 'answer', type: 'textarea', form: false, list: { operator: 'LIKE' } },
    { name: 'create_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
  ],
  quickSearch: ['mobile', 'template_code'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'sms', icon: 'fa fa-history', weigh: 1 },
  actions: ['index', 'del'],
});
