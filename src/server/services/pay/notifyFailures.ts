import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { resourceTitle } from '../../../resources/labels.ts';
import orderResource from '../../../resources/pay/order.ts';
import type { TodoSection } from '../../../resources/todo.ts';
import type { Lang } from '../../../shared/i18n/langs.ts';
import type { PayProvider } from '../../../shared/pay.ts';
import type { NoticeRefusal } from './gateway.ts';

/**
 * Payment notifications that failed (table pay_notify_failure): kept so staff see them on the dashboard, not
 * only in the log. Anyone can post to the notification address, so what is kept is bounded: a day holds at
 * most MAX_PER_DAY of them, and none older than KEEP_DAYS.
 */

/** Why a notification failed: refused unread (gateway.ts), for a provider not set up, or verified but matching no order. */
export type NotifyFailureReason = NoticeRefusal | 'unconfigured' | 'unknown' | 'mismatch';

export interface NotifyFailure {
  provider: PayProvider;
  reason: NotifyFailureReason;
  /** What a verified notification named; empty otherwise. */
  orderNo?: string;
  /** Cents. */
  amount?: number;
  ip: string;
}

const TABLE = 'pay_notify_failure';
const DAY = 86400;
const MAX_PER_DAY = 1000;
const KEEP_DAYS = 30;
/** How far back the dashboard looks. */
export const FAILED_DAYS = 7;
/** Failures named on the dashboard; the count says how many there are in all. */
const SHOWN = 5;

/** Keeps a failure (unless a day's worth are kept already), and drops those past keeping. */
export async function recordNotifyFailure(knex: Knex, failure: NotifyFailure, at: number): Promise<void> {
  await knex(TABLE).where('create_time', '<', at - KEEP_DAYS * DAY).delete();
  const [{ n }] = (await knex(TABLE).where('create_time', '>', at - DAY).count({ n: '*' })) as [{ n: number | string }];
  if (Number(n) >= MAX_PER_DAY) return;
  await knex(TABLE).insert({
    provider: failure.provider,
    reason: failure.reason,
    order_no: (failure.orderNo ?? '').slice(0, 32),
    amount: failure.amount ?? null,
    ip: failure.ip.slice(0, 50),
    create_time: at,
  });
}

/**
 * The dashboard's section of failed notifications (linking to the top-up orders): those of the last
 * FAILED_DAYS days, but for orders paid since (the background check asks the provider about every pending
 * order, so a lost or refused notification of a real payment still credits the member). Null when none.
 */
export async function failedNotificationsTodo(knex: Knex, at: number, lang: Lang, t: TFunction): Promise<TodoSection | null> {
  const rows = knex(`${TABLE} as f`)
    .leftJoin('pay_order as o', 'o.order_no', 'f.order_no')
    .where('f.create_time', '>', at - FAILED_DAYS * DAY)
    .where((q) => q.whereNull('o.status').orWhereNotIn('o.status', ['paid', 'refunding', 'refunded']));
  const [{ n }] = (await rows.clone().count({ n: '*' })) as [{ n: number | string }];
  const total = Number(n);
  if (total === 0) return null;
  const latest = (await rows.orderBy('f.create_time', 'desc').orderBy('f.id', 'desc').limit(SHOWN).select('f.id', 'f.provider', 'f.reason', 'f.order_no', 'f.create_time')) as {
    id: number;
    provider: string;
    reason: string;
    order_no: string;
    create_time: number | string;
  }[];
  return {
    name: orderResource.name,
    kind: 'failed',
    title: resourceTitle(orderResource, lang, t),
    days: FAILED_DAYS,
    total,
    items: latest.map((r) => ({
      id: Number(r.id),
      label: t('pay:notifyFailure.item', { provider: t(`pay:providers.${r.provider}`), order: r.order_no || t('pay:notifyFailure.noOrder'), reason: t(`pay:notifyFailure.reason.${r.reason}`) }),
      time: Number(r.create_time),
    })),
  };
}
