import { defineUnit } from '../../server/services/crud/unit.ts';
import { ledgerBehaviour } from './ledger.server.ts';
import scoreLogResource from './scoreLog.ts';

/** Whole points, positive or negative, as a number or a numeric string. */
function parsePoints(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[-+]?\d{1,12}$/.test(text) ? Number(text) : null;
}

/** user/scoreLog: points changes (reference 3.9), the same ledger as the balance in whole points. */
export default defineUnit(scoreLogResource, (services) =>
  ledgerBehaviour(services, {
    table: 'user_score_log',
    column: 'score',
    parse: parsePoints,
    show: (points) => points,
    keys: {
      invalid: 'admin-auth:invalidScore',
      insufficient: 'admin-auth:insufficientScore',
      messageTitle: 'admin-auth:scoreMessageTitle',
      messageContent: 'admin-auth:scoreMessageContent',
    },
  }),
);
