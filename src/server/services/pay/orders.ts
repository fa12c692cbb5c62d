import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { centsToYuan, yuanToCents } from '../../../shared/account.ts';
import type { OrderState, PayProvider, TopupOptions, TopupOrder } from '../../../shared/pay.ts';
import { formatTime } from '../../../shared/time.ts';
import { bilingual, columns } from '../bilingual.ts';
import { now } from '../clock.ts';
import { moveLedger } from '../ledger.ts';
import { notifyMember } from '../memberMessages.ts';
import { AlipayGateway } from './alipay.ts';
import { PayProviderError, type NotifyAnswer, type PaidNotice, type PayGateway } from './gateway.ts';
import { recordNotifyFailure } from './notifyFailures.ts';
import { alipayConfigOf, wechatConfigOf, type PaySettings } from './settings.ts';
import { WechatPayGateway } from './wechatPay.ts';
import { Refusal } from '../../errors.ts';
import { qrCodeSvg } from '../qrCode.ts';

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number;
  amount: number;
  provider: PayProvider;
  status: OrderState;
  transaction_id: string;
  code_url: string;
  expire_time: number;
  paid_time: number | null;
  close_time: number | null;
  refund_time: number | null;
  refund_no: string;
  create_time: number;
  update_time: number;
}

/** What happened to a paid notice or query result. */
export type Settlement = 'credited' | 'duplicate' | 'mismatch' | 'unknown';

/** Unpaid orders a member may hold at once (each is a QR code someone could still pay). */
const MAX_PENDING = 5;
/** Orders the background check looks at per round, oldest first. */
const CHECK_BATCH = 100;

/** A ledger memo the system writes, in both languages (`memo` / `memo_en`). */
function memo(key: string, params: Record<string, unknown>): { memo: string; memo_en: string } {
  return columns('memo', bilingual('pay', key, params), 255);
}

function orderNumber(time: number): string {
  // Time first (readable, sortable), then 8 random digits; the unique index catches the rare clash.
  return formatTime(time, 'yyyymmddhhMMss', 'Asia/Shanghai') + String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * Top-up orders: created by members, paid through a provider, settled exactly once by the provider's
 * notification or the background check (order status, balance and money log change in one transaction).
 */
export class PayService {
  constructor(
    private readonly knex: Knex,
    readonly settings: PaySettings,
    private readonly log: Logger,
  ) {}

  /** The provider's API as configured now; `anyState` also gives a switched-off one (to refund or close its orders). */
  async gateway(provider: PayProvider, anyState = false): Promise<PayGateway | null> {
    const { values } = await this.settings.load();
    if (provider === 'wechat') {
      const config = wechatConfigOf(values, anyState);
      return config ? new WechatPayGateway(config, this.settings.outbound) : null;
    }
    const config = alipayConfigOf(values, anyState);
    return config ? new AlipayGateway(config, this.settings.outbound) : null;
  }

  async options(): Promise<TopupOptions> {
    const limits = await this.settings.limits();
    return {
      providers: await this.settings.enabledProviders(),
      amounts: limits.amounts.map(centsToYuan),
      min: centsToYuan(limits.min),
      max: centsToYuan(limits.max),
    };
  }

  private async present(order: OrderRow): Promise<TopupOrder> {
    const payable = order.status === 'pending' && order.code_url !== '' && Number(order.expire_time) > now();
    return {
      order_no: order.order_no,
      provider: order.provider,
      amount: centsToYuan(Number(order.amount)),
      status: order.status,
      expire_time: Number(order.expire_time),
      qr_svg: payable ? await qrCodeSvg(order.code_url) : '',
    };
  }

  /** The member's latest order that can still be paid, to show again after a reload. */
  async openOrder(userId: number): Promise<TopupOrder | null> {
    const order = await this.knex<OrderRow>('pay_order')
      .where({ user_id: userId, status: 'pending' })
      .where('expire_time', '>', now())
      .whereNot('code_url', '')
      .orderBy('id', 'desc')
      .first();
    return order ? this.present(order) : null;
  }

  async create(userId: number, input: { provider: unknown; amount: unknown }, context: { notifyBase: string; subject: string }): Promise<TopupOrder> {
    const provider = input.provider === 'wechat' || input.provider === 'alipay' ? input.provider : null;
    const gateway = provider && (await this.gateway(provider));
    if (!provider || !gateway) throw new Refusal('pay:providerOff');
    const amount = yuanToCents(input.amount);
    if (amount === null || amount <= 0) throw new Refusal('pay:amountInvalid');
    const limits = await this.settings.limits();
    if (amount < limits.min || amount > limits.max) throw new Refusal('pay:amountRange', 0, null, { min: centsToYuan(limits.min), max: centsToYuan(limits.max) });
    const time = now();
    const [{ n }] = (await this.knex('pay_order').where({ user_id: userId, status: 'pending' }).where('expire_time', '>', time).count({ n: '*' })) as [{ n: number | string }];
    if (Number(n) >= MAX_PENDING) throw new Refusal('pay:tooManyPending', 0, null, { max: MAX_PENDING });

    const order: Omit<OrderRow, 'id'> = {
      order_no: orderNumber(time),
      user_id: userId,
      amount,
      provider,
      status: 'pending',
      transaction_id: '',
      code_url: '',
      expire_time: time + limits.expireMinutes * 60,
      paid_time: null,
      close_time: null,
      refund_time: null,
      refund_no: '',
      create_time: time,
      update_time: time,
    };
    // Saved before the provider hears of it, so a notification can never find no order.
    const [inserted] = await this.knex('pay_order').insert(order).returning('id');
    const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
    try {
      const codeUrl = await gateway.createQr({
        orderNo: order.order_no,
        amount,
        subject: context.subject,
        expireTime: order.expire_time,
        notifyUrl: `${context.notifyBase}/api/pay/notify/${provider}`,
      });
      await this.knex('pay_order').where({ id }).update({ code_url: codeUrl, update_time: now() });
      return this.present({ ...order, id, code_url: codeUrl });
    } catch (err) {
      await this.knex('pay_order').where({ id, status: 'pending' }).update({ status: 'closed', close_time: now(), update_time: now() });
      if (!(err instanceof PayProviderError)) throw err;
      this.log.warn({ provider, orderNo: order.order_no, detail: err.detail }, 'payment provider refused a new order');
      throw new Refusal('pay:providerFailed', 0, null, { detail: err.detail });
    }
  }

  /** One of the member's orders, and their balance (the page shows both when the order is paid). */
  async status(userId: number, orderNo: unknown): Promise<{ order: TopupOrder; money: string }> {
    const order = typeof orderNo === 'string' && orderNo ? await this.knex<OrderRow>('pay_order').where({ order_no: orderNo, user_id: userId }).first() : undefined;
    if (!order) throw new Refusal('pay:orderNotFound');
    const user = await this.knex('user').where({ id: userId }).first<{ money: number }>('money');
    return { order: await this.present(order), money: centsToYuan(Number(user.money)) };
  }

  /**
   * Marks the order paid and credits the member, in one transaction, exactly once: the conditional UPDATE
   * lets one caller through however many notifications (or checks) arrive together. A closed order that the
   * provider reports paid is credited too: the money did arrive.
   */
  async settle(provider: PayProvider, notice: PaidNotice): Promise<Settlement> {
    return this.knex.transaction(async (trx) => {
      const order = await trx<OrderRow>('pay_order').where({ order_no: notice.orderNo }).first();
      if (!order || order.provider !== provider) return 'unknown';
      if (notice.amount !== Number(order.amount)) return 'mismatch';
      const time = now();
      const updated = await trx('pay_order')
        .where({ id: order.id })
        .whereIn('status', ['pending', 'closed'])
        .update({ status: 'paid', transaction_id: notice.transactionId.slice(0, 64), paid_time: time, update_time: time });
      if (updated === 0) return 'duplicate';
      const params = { orderNo: order.order_no, amount: centsToYuan(Number(order.amount)) };
      const moved = await moveLedger(trx, { userId: order.user_id, column: 'money', change: Number(order.amount), ...memo(`ledger.topup.${provider}`, params) });
      if (!moved.ok) throw new Error(`member ${order.user_id} of order ${order.order_no} is gone`);
      await notifyMember(trx, order.user_id, { title: bilingual('pay', 'message.paidTitle', params), content: bilingual('pay', 'message.paidContent', { ...params, after: centsToYuan(moved.after) }) }, time);
      return 'credited';
    });
  }

  /**
   * A provider's notification: verified, then settled; anything else changes nothing, and is logged and kept
   * for the dashboard (notifyFailures.ts).
   */
  async notify(provider: PayProvider, headers: Record<string, string | string[] | undefined>, body: string, ip: string): Promise<NotifyAnswer> {
    const gateway = await this.gateway(provider, true);
    if (!gateway) {
      this.log.warn({ provider, ip }, 'payment notification for a provider that is not configured');
      await recordNotifyFailure(this.knex, { provider, reason: 'unconfigured', ip }, now());
      return { status: 404, type: 'text/plain', body: 'not configured' };
    }
    const read = gateway.readNotice(headers, body, now());
    if (!read.ok) {
      this.log.warn({ provider, ip, reason: read.reason }, 'payment notification refused');
      await recordNotifyFailure(this.knex, { provider, reason: read.reason, ip }, now());
      return gateway.answer(false);
    }
    const { notice } = read;
    // A notice of an unpaid or closed trade is received and needs nothing from us.
    if (!notice.paid) return gateway.answer(true);
    const outcome = await this.settle(provider, notice);
    if (outcome === 'unknown' || outcome === 'mismatch') {
      this.log.warn({ provider, ip, orderNo: notice.orderNo, amount: notice.amount, outcome }, 'payment notification does not match an order');
      await recordNotifyFailure(this.knex, { provider, reason: outcome, orderNo: notice.orderNo, amount: notice.amount, ip }, now());
      return gateway.answer(false);
    }
    this.log.info({ provider, orderNo: notice.orderNo, outcome }, 'payment notification');
    return gateway.answer(true);
  }

  /**
   * Refunds a paid order in full: the balance comes back off the member (who must still hold it) before the
   * provider is asked, so the money cannot leave twice. A refusal puts everything back; no answer at all
   * leaves the order `refunding`, and pressing refund again repeats the same refund number safely.
   */
  async refund(orderId: unknown): Promise<void> {
    const order = await this.knex<OrderRow>('pay_order').where({ id: Number(orderId) || 0 }).first();
    if (!order) throw new Refusal('crud:recordNotFound');
    if (order.status !== 'paid' && order.status !== 'refunding') throw new Refusal('pay:notRefundable');
    const gateway = await this.gateway(order.provider, true);
    if (!gateway) throw new Refusal('pay:providerOff');
    const amount = Number(order.amount);
    const refundNo = `R${order.order_no}`;
    const params = { orderNo: order.order_no, amount: centsToYuan(amount) };
    if (order.status === 'paid') {
      await this.knex.transaction(async (trx) => {
        const taken = await trx('pay_order').where({ id: order.id, status: 'paid' }).update({ status: 'refunding', refund_no: refundNo, update_time: now() });
        if (taken === 0) throw new Refusal('pay:notRefundable');
        const moved = await moveLedger(trx, { userId: order.user_id, column: 'money', change: -amount, ...memo('ledger.refund', params) });
        if (!moved.ok) {
          throw new Refusal('pay:refundInsufficient', 0, null, { balance: moved.reason === 'insufficient' ? centsToYuan(moved.balance) : '0.00', amount: centsToYuan(amount) });
        }
      });
    }
    try {
      await gateway.refund({ orderNo: order.order_no, refundNo, amount });
    } catch (err) {
      if (!(err instanceof PayProviderError)) throw err;
      this.log.warn({ orderNo: order.order_no, detail: err.detail, code: err.code }, 'refund not accepted');
      if (err.code === 'TIMEOUT' || err.code === 'UNREACHABLE') throw new Refusal('pay:refundUnknown', 0, null, { detail: err.detail });
      await this.knex.transaction(async (trx) => {
        const back = await trx('pay_order').where({ id: order.id, status: 'refunding' }).update({ status: 'paid', update_time: now() });
        if (back === 1) await moveLedger(trx, { userId: order.user_id, column: 'money', change: amount, ...memo('ledger.refundReversed', params) });
      });
      throw new Refusal('pay:providerFailed', 0, null, { detail: err.detail });
    }
    await this.knex('pay_order').where({ id: order.id, status: 'refunding' }).update({ status: 'refunded', refund_time: now(), update_time: now() });
  }

  /**
   * The background check: asks the provider about pending orders (a lost notification still credits the
   * member) and closes the expired ones, at the provider first so they can no longer be paid.
   */
  async checkPending(): Promise<{ credited: number; closed: number }> {
    const result = { credited: 0, closed: 0 };
    const orders = await this.knex<OrderRow>('pay_order').where({ status: 'pending' }).orderBy('id').limit(CHECK_BATCH);
    for (const order of orders) {
      const expired = Number(order.expire_time) <= now();
      try {
        const gateway = await this.gateway(order.provider, true);
        if (gateway) {
          const trade = await gateway.query(order.order_no);
          if (trade.state === 'paid') {
            const outcome = await this.settle(order.provider, { orderNo: order.order_no, transactionId: trade.transactionId, amount: trade.amount, paid: true });
            if (outcome === 'credited') result.credited++;
            else if (outcome === 'mismatch') this.log.error({ orderNo: order.order_no, amount: trade.amount }, 'provider reports a different amount paid');
            continue;
          }
          if (!expired && trade.state === 'pending') continue;
          if (trade.state === 'pending') await gateway.close(order.order_no);
        } else if (!expired) {
          continue;
        }
        const closed = await this.knex('pay_order').where({ id: order.id, status: 'pending' }).update({ status: 'closed', close_time: now(), update_time: now() });
        result.closed += closed;
      } catch (err) {
        // Left pending: the next round asks again.
        this.log.warn({ err, orderNo: order.order_no }, 'pending order check failed');
      }
    }
    return result;
  }
}
