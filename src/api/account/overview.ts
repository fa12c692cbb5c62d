import { centsToYuan } from '../../shared/account.ts';
import { formatTime } from '../../shared/time.ts';
import type { Services } from '../../server/services/index.ts';
import { now } from '../../server/services/clock.ts';
import type { ApiRoute } from '../types.ts';

const DAYS = 7;

/** GET /api/account/overview: daily sums of the member's points and balance changes, last 7 days to today. */
export function overviewRoutes(services: Services): ApiRoute[] {
  const { knex, settings } = services;
  return [
    {
      methods: ['GET'],
      path: '/api/account/overview',
      auth: 'userRule',
      async handler({ user }) {
        const timeZone = await settings.timeZone();
        const t = now();
        const days = Array.from({ length: DAYS }, (_, i) => formatTime(t - (DAYS - 1 - i) * 86400, 'yyyy-mm-dd', timeZone));
        // A day and a half of margin covers any time zone; grouping by local date does the exact cut.
        const since = t - (DAYS + 1) * 86400;
        const sums = async (table: 'user_money_log' | 'user_score_log', column: 'money' | 'score') => {
          const rows = await knex(table).where('user_id', user!.id).where('create_time', '>=', since).select<{ v: number; create_time: number }[]>(`${column} as v`, 'create_time');
          const byDay = new Map<string, number>();
          for (const r of rows) {
            const day = formatTime(r.create_time, 'yyyy-mm-dd', timeZone);
            byDay.set(day, (byDay.get(day) ?? 0) + Number(r.v));
          }
          return days.map((d) => byDay.get(d) ?? 0);
        };
        return {
          days,
          score: await sums('user_score_log', 'score'),
          money: (await sums('user_money_log', 'money')).map(centsToYuan),
        };
      },
    },
  ];
}
