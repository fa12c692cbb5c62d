import { resources } from '../../resources/index.ts';
import { centsToYuan } from '../../shared/account.ts';
import { formatTime } from '../../shared/time.ts';
import { now } from '../../server/services/clock.ts';
import type { Services } from '../../server/services/index.ts';
import { ruleRemark } from '../../server/services/remarks.ts';
import { failedNotificationsTodo } from '../../server/services/pay/notifyFailures.ts';
import { needsDoing } from '../../server/services/todo.ts';
import type { ApiRoute } from '../types.ts';
import { verificationTypes } from '../user/checkIn.ts';

const DAYS = 30;
const RECENT = 10;

/** Content kinds with a publish switch: published ('1') against all rows. */
const PUBLISHABLE = resources.filter((r) => r.name.startsWith('content/') && r.fields.some((f) => f.name === 'status' && f.type === 'switch'));

/** Counts come back as strings from PostgreSQL and as numbers from SQLite. */
function count(rows: { n: number | string }[]): number {
  return Number(rows[0]?.n ?? 0);
}

/**
 * The dashboard (reference 3.17, which only shows demo charts): real figures from the database. Members
 * who joined per day over the last 30 days (in the site's time zone), totals, published content per kind,
 * the latest admin activity (an admin who is not super sees only their own, as in the admin log), and what
 * needs doing (src/resources/todo.ts) among the lists the admin may open, failed payment notifications
 * with the top-up orders.
 */
export function dashboardRoutes(services: Services): ApiRoute[] {
  const { knex, settings } = services;
  return [
    {
      methods: ['GET'],
      path: '/admin/Dashboard/index',
      auth: 'adminRule',
      async handler({ ctx, admin, adminPermissions }) {
        const t = ctx.state.t;
        const timeZone = await settings.timeZone();
        const day = (seconds: number) => formatTime(seconds, 'yyyy-mm-dd', timeZone);
        const today = now();
        const dates = Array.from({ length: DAYS }, (_, i) => day(today - (DAYS - 1 - i) * 86400));
        // A day's window is at most 25 h in a zone with daylight saving: read a day more and bucket by date.
        // Members an admin created may have no join time: their creation time stands in.
        const joined = await knex('user')
          .whereRaw('coalesce(join_time, create_time) >= ?', [today - (DAYS + 1) * 86400])
          .select<{ joined: number | string }[]>(knex.raw('coalesce(join_time, create_time) as joined'));
        const perDay = new Map(dates.map((d) => [d, 0]));
        for (const row of joined) {
          const d = day(Number(row.joined));
          if (perDay.has(d)) perDay.set(d, perDay.get(d)! + 1);
        }

        // Top-ups paid per day, for admins who may see the orders.
        let paidPerDay: { dates: string[]; amounts: string[] } | null = null;
        const seesOrders = !!adminPermissions && services.auth.can(adminPermissions, 'pay/order/index');
        if (seesOrders) {
          const paid = await knex('pay_order')
            .whereIn('status', ['paid', 'refunding', 'refunded'])
            .where('paid_time', '>=', today - (DAYS + 1) * 86400)
            .select<{ paid_time: number | string; amount: number | string }[]>('paid_time', 'amount');
          const cents = new Map(dates.map((d) => [d, 0]));
          for (const row of paid) {
            const d = day(Number(row.paid_time));
            if (cents.has(d)) cents.set(d, cents.get(d)! + Number(row.amount));
          }
          paidPerDay = { dates, amounts: dates.map((d) => centsToYuan(cents.get(d)!)) };
        }

        const content = [];
        for (const def of PUBLISHABLE) {
          const [row] = (await knex(def.table)
            .count({ total: '*' })
            .select(knex.raw(`sum(case when ?? = '1' then 1 else 0 end) as published`, ['status']))) as { total: number | string; published: number | string | null }[];
          content.push({ name: def.name, title: t(`resources:${def.name}.title`, { defaultValue: def.name }), published: Number(row?.published ?? 0), total: Number(row?.total ?? 0) });
        }

        const activity = knex('admin_log').orderBy('id', 'desc').limit(RECENT).select<{ id: number; create_time: number; username: string; title: string }[]>('id', 'create_time', 'username', 'title');
        if (!adminPermissions?.super) activity.where('admin_id', admin!.id);

        const todo = await needsDoing(knex, services.resources.all(), (def) => !!adminPermissions && services.auth.can(adminPermissions, `${def.name}/index`), today, ctx.state.lang, t);
        const failed = seesOrders ? await failedNotificationsTodo(knex, today, ctx.state.lang, t) : null;
        if (failed) todo.push(failed);

        return {
          remark: await ruleRemark(knex, 'dashboard', t),
          todo,
          // Members register (and reset passwords) with a code by mail or SMS: closed until one can be sent.
          registration: { open: (await verificationTypes(services)).length > 0 },
          stats: {
            memberJoins: { dates, counts: dates.map((d) => perDay.get(d)!) },
            paidPerDay,
            totals: {
              members: count(await knex('user').count({ n: '*' })),
              admins: count(await knex('admin').count({ n: '*' })),
              attachments: count(await knex('attachment').count({ n: '*' })),
            },
            content,
            recentActivity: (await activity).map((r) => ({ id: r.id, time: Number(r.create_time), username: r.username, title: r.title })),
          },
        };
      },
    },
  ];
}
