import { formatTime } from '../../../shared/time.ts';
import type { Outbound } from '../outbound.ts';
import type { WechatConfig } from './settings.ts';
import { PayProviderError, providerFetch, type NewTrade, type NoticeResult, type NotifyAnswer, type PayGateway, type TradeState } from './gateway.ts';
import { decryptWechatResource, verifyWechat, wechatAuthorization, wechatSignedHeaders, type WechatEncrypted } from './wechatSign.ts';

interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number };
}

/** RFC 3339 in China time, as `time_expire` wants it (China has no daylight saving). */
function chinaTime(seconds: number): string {
  return `${formatTime(seconds, 'yyyy-mm-ddThh:MM:ss', 'Asia/Shanghai')}+08:00`;
}

function headerOf(headers: Record<string, string | string[] | undefined>) {
  return (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
}

const PAID_STATES = new Set(['SUCCESS', 'REFUND']);
const OPEN_STATES = new Set(['NOTPAY', 'USERPAYING']);

/** WeChat Pay API v3, Native payment (the member scans a QR code). */
export class WechatPayGateway implements PayGateway {
  readonly provider = 'wechat' as const;

  constructor(
    private readonly config: WechatConfig,
    private readonly outbound: Outbound,
  ) {}

  /** A signed request; a successful answer must carry a valid platform signature or it is not believed. */
  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = wechatAuthorization(this.config, { method, pathWithQuery, body });
    const res = await providerFetch(this.outbound, this.config.baseUrl + pathWithQuery, {
      method,
      headers: { authorization, accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'canal-portal' },
      body: method === 'GET' ? undefined : body,
    });
    let json: Record<string, unknown> = {};
    try {
      json = res.text ? (JSON.parse(res.text) as Record<string, unknown>) : {};
    } catch {
      throw new PayProviderError(`unreadable answer (HTTP ${res.status})`);
    }
    if (res.status >= 300) {
      throw new PayProviderError(typeof json.message === 'string' ? json.message : `HTTP ${res.status}`, typeof json.code === 'string' ? json.code : '');
    }
    const signed = wechatSignedHeaders((n) => res.headers.get(n) ?? undefined);
    if (!signed || verifyWechat(signed, res.text, this.config.platform, Math.floor(Date.now() / 1000)) !== 'ok') {
      throw new PayProviderError('answer signature does not verify', 'SIGN_ERROR');
    }
    return { status: res.status, json };
  }

  async createQr(trade: NewTrade): Promise<string> {
    const { json } = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.config.appid,
      mchid: this.config.mchid,
      description: trade.subject.slice(0, 127),
      out_trade_no: trade.orderNo,
      time_expire: chinaTime(trade.expireTime),
      notify_url: trade.notifyUrl,
      amount: { total: trade.amount, currency: 'CNY' },
    });
    if (typeof json.code_url !== 'string' || !json.code_url) throw new PayProviderError('no code_url in the answer');
    return json.code_url;
  }

  async query(orderNo: string): Promise<TradeState> {
    let json: WechatTransaction;
    try {
      json = (await this.call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.config.mchid)}`)).json;
    } catch (err) {
      if (err instanceof PayProviderError && err.code === 'ORDER_NOT_EXIST') return { state: 'pending' };
      throw err;
    }
    const state = json.trade_state ?? '';
    if (PAID_STATES.has(state)) return { state: 'paid', transactionId: json.transaction_id ?? '', amount: Number(json.amount?.total ?? 0) };
    return OPEN_STATES.has(state) ? { state: 'pending' } : { state: 'closed' };
  }

  async close(orderNo: string): Promise<void> {
    try {
      await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: this.config.mchid });
    } catch (err) {
      // Never created there (the QR request failed) or closed already: either way it cannot be paid.
      if (err instanceof PayProviderError && (err.code === 'ORDER_NOT_EXIST' || err.code === 'ORDER_CLOSED')) return;
      throw err;
    }
  }

  async refund({ orderNo, refundNo, amount }: { orderNo: string; refundNo: string; amount: number }): Promise<void> {
    const { json } = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: orderNo,
      out_refund_no: refundNo,
      amount: { refund: amount, total: amount, currency: 'CNY' },
    });
    // PROCESSING completes on WeChat's side; CLOSED and ABNORMAL need the merchant's attention.
    if (json.status !== 'SUCCESS' && json.status !== 'PROCESSING') throw new PayProviderError(`refund ${String(json.status)}`, String(json.status));
  }

  readNotice(headers: Record<string, string | string[] | undefined>, body: string, nowSeconds: number): NoticeResult {
    const signed = wechatSignedHeaders(headerOf(headers));
    if (!signed) return { ok: false, reason: 'malformed' };
    const verdict = verifyWechat(signed, body, this.config.platform, nowSeconds);
    if (verdict !== 'ok') return { ok: false, reason: verdict };
    let resource: WechatEncrypted;
    let eventType: unknown;
    try {
      const parsed = JSON.parse(body) as { event_type?: unknown; resource?: WechatEncrypted };
      if (!parsed.resource || typeof parsed.resource.ciphertext !== 'string' || typeof parsed.resource.nonce !== 'string') return { ok: false, reason: 'malformed' };
      resource = parsed.resource;
      eventType = parsed.event_type;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    let trade: WechatTransaction;
    try {
      trade = JSON.parse(decryptWechatResource(resource, this.config.apiV3Key)) as WechatTransaction;
    } catch {
      return { ok: false, reason: 'undecryptable' };
    }
    if (trade.mchid !== this.config.mchid || trade.appid !== this.config.appid) return { ok: false, reason: 'wrongMerchant' };
    if (typeof trade.out_trade_no !== 'string') return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      notice: {
        orderNo: trade.out_trade_no,
        transactionId: trade.transaction_id ?? '',
        amount: Number(trade.amount?.total ?? -1),
        paid: eventType === 'TRANSACTION.SUCCESS' && trade.trade_state === 'SUCCESS',
      },
    };
  }

  answer(ok: boolean): NotifyAnswer {
    // WeChat retries until it gets 200/204; a failure carries {code, message}.
    return ok ? { status: 204, type: 'text/plain', body: '' } : { status: 400, type: 'application/json', body: JSON.stringify({ code: 'FAIL', message: 'rejected' }) };
  }
}
