import { centsToYuan } from '../../shared/account.ts';
import { Success } from '../../server/errors.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import orderResource from './order.ts';

/** pay/order: members' top-up orders, listed with amounts in yuan; paid ones can be refunded. */
export default defineUnit(orderResource, ({ pay }) => ({
  output: (rows) => rows.map((row) => ({ ...row, amount: centsToYuan(Number(row.amount)) })),
  actions: {
    refund: {
      async post({ input }) {
        await pay.refund(input.id);
        return new Success(null, 'pay:refunded');
      },
    },
  },
}));
