import { centsToYuan, yuanToCents } from '../../shared/account.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { ledgerBehaviour } from './ledger.server.ts';
import moneyLogResource from './moneyLog.ts';

/** user/moneyLog: balance changes in yuan (stored in cents). */
export default defineUnit(moneyLogResource, (services) =>
  ledgerBehaviour(services, {
    table: 'user_money_log',
    column: 'money',
    parse: yuanToCents,
    show: centsToYuan,
    keys: {
      invalid: 'admin-auth:invalidMoney',
      insufficient: 'admin-auth:insufficientMoney',
      messageTitle: 'admin-auth:moneyMessageTitle',
      messageContent: 'admin-auth:moneyMessageContent',
    },
  }),
);
