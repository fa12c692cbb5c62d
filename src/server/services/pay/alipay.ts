import { centsToYuan, yuanToCents } from '../../../shared/account.ts';
import { formatTime } from '../../../shared/time.ts';
import type { Outbound } from '../outbound.ts';
import type { AlipayConfig } from './settings.ts';
import { PayProviderError, providerFetch, type NewTrade, type NoticeResult, type NotifyAnswer, type PayGateway, type TradeState } from './gateway.ts';
import { alipayResponseText, signAlipayRequest, verifyAlipayNotify, verifyAlipayResponse, type AlipayParams } from './alipaySign.ts';

interface AlipayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  qr_code?: string;
  trade_no?: string;
  trade_status?: string;
  total_amount?: string;
}

/** Alipay's times: China time, `yyyy-MM-dd HH:mm:ss`. */
function chinaTime(seconds: number): string {
  return formatTime(seconds, 'yyyy-mm-dd hh:MM:ss', 'Asia/Shanghai');
}

const NOT_FOUND = 'ACQ.TRADE_NOT_EXIST';

/** The signed parameters of one gateway call. */
export function alipayRequestParams(config: AlipayConfig, method: string, biz: Record<string, unknown>, extra: AlipayParams = {}): AlipayParams {
  return signAlipayRequest(
    {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaTime(Math.floor(Date.now() / 1000)),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    },
    config.privateKey,
  );
}

/** Alipay open platform (gateway API, RSA2), face-to-face pre-create: the member scans a QR code. */
export class AlipayGateway implements PayGateway {
  readonly provider = 'alipay' as const;

  constructor(
    private readonly config: AlipayConfig,
    private readonly outbound: Outbound,
  ) {}

  /** One gateway call; a successful answer must carry Alipay's valid signature or it is not believed. */
  private async call(method: string, biz: Record<string, unknown>, extra: AlipayParams = {}): Promise<AlipayAnswer> {
    const res = await providerFetch(this.outbound, this.config.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(alipayRequestParams(this.config, method, biz, extra)).toString(),
    });
    const key = `${method.replace(/\./g, '_')}_response`;
    const content = alipayResponseText(res.text, key) ?? alipayResponseText(res.text, 'error_response');
    let answer: AlipayAnswer;
    let sign = '';
    try {
      if (content === null) throw new Error('no response member');
      answer = JSON.parse(content) as AlipayAnswer;
      sign = String((JSON.parse(res.text) as { sign?: unknown }).sign ?? '');
    } catch {
      throw new PayProviderError(`unreadable answer (HTTP ${res.status})`);
    }
    if (answer.code !== '10000') throw new PayProviderError(answer.sub_msg || answer.msg || `code ${String(answer.code)}`, answer.sub_code || answer.code || '');
    if (!verifyAlipayResponse(content!, sign, this.config.alipayPublicKey)) throw new PayProviderError('answer signature does not verify', 'SIGN_ERROR');
    return answer;
  }

  async createQr(trade: NewTrade): Promise<string> {
    const answer = await this.call(
      'alipay.trade.precreate',
      { out_trade_no: trade.orderNo, total_amount: centsToYuan(trade.amount), subject: trade.subject.slice(0, 256), time_expire: chinaTime(trade.expireTime) },
      { notify_url: trade.notifyUrl },
    );
    if (!answer.qr_code) throw new PayProviderError('no qr_code in the answer');
    return answer.qr_code;
  }

  async query(orderNo: string): Promise<TradeState> {
    let answer: AlipayAnswer;
    try {
      answer = await this.call('alipay.trade.query', { out_trade_no: orderNo });
    } catch (err) {
      // A pre-created trade exists at Alipay only once the member has scanned the code.
      if (err instanceof PayProviderError && err.code === NOT_FOUND) return { state: 'pending' };
      throw err;
    }
    const status = answer.trade_status ?? '';
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
      return { state: 'paid', transactionId: answer.trade_no ?? '', amount: yuanToCents(answer.total_amount) ?? -1 };
    }
    return status === 'WAIT_BUYER_PAY' ? { state: 'pending' } : { state: 'closed' };
  }

  async close(orderNo: string): Promise<void> {
    try {
      await this.call('alipay.trade.close', { out_trade_no: orderNo });
    } catch (err) {
      if (err instanceof PayProviderError && err.code === NOT_FOUND) return;
      throw err;
    }
  }

  async refund({ orderNo, refundNo, amount }: { orderNo: string; refundNo: string; amount: number }): Promise<void> {
    await this.call('alipay.trade.refund', { out_trade_no: orderNo, refund_amount: centsToYuan(amount), out_request_no: refundNo });
  }

  readNotice(_headers: Record<string, string | string[] | undefined>, body: string): NoticeResult {
    const params: AlipayParams = {};
    try {
      for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (!params.sign || !params.out_trade_no) return { ok: false, reason: 'malformed' };
    if (!verifyAlipayNotify(params, this.config.alipayPublicKey)) return { ok: false, reason: 'badSignature' };
    if (params.app_id !== this.config.appId) return { ok: false, reason: 'wrongMerchant' };
    return {
      ok: true,
      notice: {
        orderNo: params.out_trade_no,
        transactionId: params.trade_no ?? '',
        amount: yuanToCents(params.total_amount) ?? -1,
        paid: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED',
      },
    };
  }

  answer(ok: boolean): NotifyAnswer {
    // Alipay stops retrying only on the exact text "success".
    return { status: 200, type: 'text/plain', body: ok ? 'success' : 'fail' };
  }
}
