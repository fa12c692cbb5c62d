import { centsToYuan } from '../../shared/account.ts';
import { pageSchema } from '../../shared/schemas/account.ts';
import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';
import { parseInput } from '../../server/validate.ts';

interface LedgerRow {
  id: number;
  user_id: number;
  before: number;
  after: number;
  memo: string;
  memo_en: string;
  create_time: number;
  money?: number;
  score?: number;
}

/**
 * GET /api/account/balance and /integral: the member's own ledger, newest first (reference 3.6), with the
 * reference's columns and the English memo; who booked a change and its idempotency key stay with staff.
 */
export function ledgerRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  const ledger = (path: string, table: 'user_money_log' | 'user_score_log', toOutput: (r: LedgerRow) => LedgerRow | Record<string, unknown>): ApiRoute => ({
    methods: ['GET'],
    path,
    auth: 'userRule',
    async handler({ user, input }) {
      const { page, limit } = parseInput(pageSchema(), input);
      const base = knex<LedgerRow>(table).where('user_id', user!.id);
      const [{ total }] = (await base.clone().count<{ total: number }[]>('id as total')) as [{ total: number }];
      const columns = ['id', 'user_id', table === 'user_money_log' ? 'money' : 'score', 'before', 'after', 'memo', 'memo_en', 'create_time'];
      const rows = await base.orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).select<LedgerRow[]>(columns);
      return { list: rows.map(toOutput), total: Number(total) };
    },
  });
  return [
    ledger('/api/account/balance', 'user_money_log', (r) => ({
      ...r,
      money: centsToYuan(r.money ?? 0),
      before: centsToYuan(r.before),
      after: centsToYuan(r.after),
    })),
    ledger('/api/account/integral', 'user_score_log', (r) => r),
  ];
}
