import { defineResource } from '../types.ts';
import { ORDER_STATES, PAY_PROVIDERS } from '../../shared/pay.ts';
import { CREATE_TIME_FIELD, ID_FIELD } from '../fields.ts';

/**
 * pay/order: members' top-up orders. Written only by the payment flow (members create them, providers'
 * notifications settle them); staff search them and refund paid ones. Amounts are stored in cents and shown
 * as yuan.
 */
export default defineResource({
  name: 'pay/order',
  table: 'pay_order',
  pk: 'id',
  fields: [
    ID_FIELD,
    { name: 'order_no', type: 'string', max: 32, form: false, list: { operator: 'LIKE' } },
    { name: 'user_id', type: 'remoteSelect', remote: { resource: 'user/user', labelField: 'username' }, form: false, list: { operator: 'eq' } },
    { name: 'amount', type: 'float', form: false, list: { sortable: true, operator: false } },
    { name: 'provider', type: 'select', options: PAY_PROVIDERS, form: false, list: { render: 'tag', operator: 'eq' } },
    { name: 'status', type: 'select', options: ORDER_STATES, form: false, list: { render: 'tag', operator: 'eq' } },
    { name: 'transaction_id', type: 'string', max: 64, form: false, list: { operator: 'LIKE', hidden: true } },
    { name: 'paid_time', type: 'timestamp', form: false, list: { render: 'datetime', sortable: true, operator: 'RANGE' } },
    { name: 'refund_time', type: 'timestamp', form: false, list: { render: 'datetime', operator: 'RANGE', hidden: true } },
    CREATE_TIME_FIELD,
  ],
  quickSearch: ['order_no', 'user.username'],
  // Orders are never added, edited or deleted by hand: the list, and refunds through their own route.
  actions: ['index', 'refund'],
  defaultOrder: ['id', 'desc'],
  timestamps: false,
  menu: { parent: 'pay', icon: 'fa fa-cny', weigh: 2 },
  // The provider's payment link of an open order: the member's to pay, not a column of the list.
  hidden: ['code_url'],
});
