import type { PayProvider } from '../../../shared/pay.ts';
import { OutboundRefused, OutboundTimeout, type Outbound, type OutboundInit, type OutboundResponse } from '../outbound.ts';

/** What the provider says about a trade. `amount` is what was paid, in cents. */
export type TradeState = { state: 'pending' } | { state: 'closed' } | { state: 'paid'; transactionId: string; amount: number };

/** A provider's notification, once its signature (and WeChat's encryption) checked out. */
export interface PaidNotice {
  orderNo: string;
  transactionId: string;
  /** Cents. */
  amount: number;
  /** False for notices of trades that are not (or no longer) paid, which change nothing. */
  paid: boolean;
}

/** Why a notification was refused; logged, and the provider is told it failed. */
export type NoticeRefusal = 'malformed' | 'badSignature' | 'stale' | 'wrongKey' | 'undecryptable' | 'wrongMerchant';

export type NoticeResult = { ok: true; notice: PaidNotice } | { ok: false; reason: NoticeRefusal };

export interface NewTrade {
  orderNo: string;
  /** Cents. */
  amount: number;
  subject: string;
  /** Unix seconds. */
  expireTime: number;
  notifyUrl: string;
}

/** How the notification endpoint answers the provider (each has its own convention). */
export interface NotifyAnswer {
  status: number;
  type: string;
  body: string;
}

/** One payment provider's API, as the orders need it. */
export interface PayGateway {
  readonly provider: PayProvider;
  /** Creates the trade and returns what its QR code encodes. */
  createQr(trade: NewTrade): Promise<string>;
  query(orderNo: string): Promise<TradeState>;
  /** Closes an unpaid trade so it can no longer be paid. */
  close(orderNo: string): Promise<void>;
  /** Refunds a paid trade in full; `refundNo` makes a repeated request the same refund. */
  refund(refund: { orderNo: string; refundNo: string; amount: number }): Promise<void>;
  /** Checks and reads a notification from its headers and raw body. */
  readNotice(headers: Record<string, string | string[] | undefined>, body: string, nowSeconds: number): NoticeResult;
  answer(ok: boolean): NotifyAnswer;
}

/** The provider refused or could not be reached; `detail` is its own message, shown to staff and logged. */
export class PayProviderError extends Error {
  constructor(
    readonly detail: string,
    /** The provider's code, e.g. ORDER_PAID or ACQ.TRADE_NOT_EXIST. */
    readonly code = '',
  ) {
    super(detail);
  }
}

const TIMEOUT_MS = 10_000;

/** One HTTP exchange with a provider through the outbound check: a timeout, no redirects, and failures as PayProviderError. */
export async function providerFetch(outbound: Outbound, url: string, init: Omit<OutboundInit, 'timeoutMs'>): Promise<OutboundResponse> {
  try {
    return await outbound.request(url, { ...init, timeoutMs: TIMEOUT_MS });
  } catch (err) {
    if (err instanceof OutboundTimeout) throw new PayProviderError('timeout', 'TIMEOUT');
    if (err instanceof OutboundRefused) throw new PayProviderError(`not connected: ${err.message}`, 'ADDRESS_REFUSED');
    throw new PayProviderError(`unreachable: ${err instanceof Error ? err.message : String(err)}`, 'UNREACHABLE');
  }
}
