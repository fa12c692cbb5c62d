import scoreLogResource from '../../../resources/user/scoreLog.ts';
import type { Services } from '../../../server/services/index.ts';
import type { ApiRoute } from '../../types.ts';
import { adminLedgerRoutes } from './moneyLog.ts';

/** Whole points, positive or negative, as a number or a numeric string. */
function parsePoints(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[-+]?\d{1,12}$/.test(text) ? Number(text) : null;
}

/** user/scoreLog: points changes (reference 3.9), the same ledger as the balance in whole points. */
export function scoreLogRoutes(services: Services): ApiRoute[] {
  return adminLedgerRoutes(services, {
    def: scoreLogResource,
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
  });
}
