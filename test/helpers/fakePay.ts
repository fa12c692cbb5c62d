import { createCipheriv, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent } from '../../src/server/services/pay/alipaySign.ts';
import { rsaSign, rsaVerify } from '../../src/server/services/pay/rsa.ts';
import { WECHAT_AUTH_SCHEMA, wechatRequestMessage, wechatResponseMessage } from '../../src/server/services/pay/wechatSign.ts';
import { TEST_SERVER_OPTIONS } from './httpServer.ts';

/**
 * A local stand-in for WeChat Pay API v3 and the Alipay gateway, speaking their documented protocols: it
 * checks the merchant's signatures, signs its answers and notifications with its own test key pairs, and
 * keeps trades in memory. Tests "pay" a trade and deliver the provider's notification to the portal.
 */

function pem(key: KeyObject, type: 'private' | 'public'): string {
  return type === 'private' ? (key.export({ type: 'pkcs8', format: 'pem' }) as string) : (key.export({ type: 'spki', format: 'pem' }) as string);
}

function pair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

export interface FakeTrade {
  provider: 'wechat' | 'alipay';
  orderNo: string;
  /** Cents. */
  amount: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  notifyUrl: string;
  transactionId: string;
  refunds: string[];
}

/** A notification as the provider would send it, ready to be posted (and tampered with). */
export interface FakeNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The fields of the WeChat Pay requests the portal sends. */
interface WechatRequestBody {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  notify_url?: string;
  out_refund_no?: string;
  amount?: { total?: number; refund?: number };
}

export const WECHAT = {
  mchid: '1900009191',
  appid: 'wxd678efh567hg6787',
  apiV3Key: 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6',
  serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
  platformSerial: 'PUB_KEY_ID_0114232134912410000000000000',
};
export const ALIPAY = { appId: '2021000117600000' };

export class FakePayProvider {
  readonly merchant = pair();
  readonly platform = pair();
  readonly alipayApp = pair();
  readonly alipayPlatform = pair();
  readonly trades = new Map<string, FakeTrade>();
  /** Requests whose merchant signature did not verify (the portal must never send one). */
  readonly badRequests: string[] = [];
  /** The next refund is refused with this code (one time). */
  refuseNextRefund = '';
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (req.url?.startsWith('/gateway.do')) this.alipay(body, res);
        else this.wechat(req, body, res);
      });
    });
    this.server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => this.server!.once('listening', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The payment settings form for this fake, as an admin would fill it in. */
  settings(): Record<string, string> {
    return {
      wechat_enabled: '1',
      wechat_mchid: WECHAT.mchid,
      wechat_appid: WECHAT.appid,
      wechat_api_v3_key: WECHAT.apiV3Key,
      wechat_serial_no: WECHAT.serialNo,
      wechat_private_key: pem(this.merchant.privateKey, 'private'),
      wechat_platform_key: pem(this.platform.publicKey, 'public'),
      wechat_platform_serial: WECHAT.platformSerial,
      wechat_base_url: this.url,
      alipay_enabled: '1',
      alipay_app_id: ALIPAY.appId,
      // Alipay's key tool hands out bare base64; the portal accepts it.
      alipay_private_key: pem(this.alipayApp.privateKey, 'private').replace(/-----[^-]+-----|\s/g, ''),
      alipay_public_key: pem(this.alipayPlatform.publicKey, 'public'),
      alipay_gateway: `${this.url}/gateway.do`,
    };
  }

  // ---- WeChat Pay API v3 ----

  private wechatAnswer(res: http.ServerResponse, status: number, payload?: unknown): void {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': WECHAT.platformSerial,
      'wechatpay-signature': rsaSign(wechatResponseMessage(timestamp, nonce, body), this.platform.privateKey),
      'request-id': randomBytes(8).toString('hex'),
    });
    res.end(body);
  }

  private wechatSigned(req: http.IncomingMessage, body: string): boolean {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`${WECHAT_AUTH_SCHEMA} `)) return false;
    const fields = Object.fromEntries([...auth.slice(WECHAT_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== WECHAT.mchid || fields.serial_no !== WECHAT.serialNo) return false;
    const message = wechatRequestMessage(req.method!, req.url!, Number(fields.timestamp), fields.nonce_str ?? '', body);
    return rsaVerify(message, fields.signature ?? '', this.merchant.publicKey);
  }

  private wechat(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    if (!this.wechatSigned(req, body)) {
      this.badRequests.push(`${req.method} ${req.url}`);
      this.wechatAnswer(res, 401, { code: 'SIGN_ERROR', message: 'signature does not verify' });
      return;
    }
    const url = new URL(req.url!, this.url);
    const json = (body ? JSON.parse(body) : {}) as WechatRequestBody;
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      if (json.mchid !== WECHAT.mchid || json.appid !== WECHAT.appid) return this.wechatAnswer(res, 400, { code: 'PARAM_ERROR', message: 'mchid or appid' });
      const orderNo = json.out_trade_no ?? '';
      this.trades.set(orderNo, {
        provider: 'wechat',
        orderNo,
        amount: json.amount?.total ?? 0,
        state: 'NOTPAY',
        notifyUrl: json.notify_url ?? '',
        transactionId: '',
        refunds: [],
      });
      return this.wechatAnswer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}` });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && query) {
      const trade = this.trades.get(decodeURIComponent(query[1]!));
      if (!trade) return this.wechatAnswer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.wechatAnswer(res, 200, {
        appid: WECHAT.appid,
        mchid: WECHAT.mchid,
        out_trade_no: trade.orderNo,
        transaction_id: trade.transactionId,
        trade_state: trade.state,
        amount: { total: trade.amount, payer_total: trade.amount, currency: 'CNY' },
      });
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (req.method === 'POST' && close) {
      const trade = this.trades.get(decodeURIComponent(close[1]!));
      if (!trade) return this.wechatAnswer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (trade.state === 'SUCCESS') return this.wechatAnswer(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      trade.state = 'CLOSED';
      return this.wechatAnswer(res, 204);
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const trade = this.trades.get(json.out_trade_no ?? '');
      if (this.refuseNextRefund) {
        const code = this.refuseNextRefund;
        this.refuseNextRefund = '';
        return this.wechatAnswer(res, 403, { code, message: '余额不足' });
      }
      if (!trade || (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')) return this.wechatAnswer(res, 400, { code: 'INVALID_REQUEST', message: '订单状态不正确' });
      if (json.amount?.refund !== trade.amount || json.amount.total !== trade.amount) return this.wechatAnswer(res, 400, { code: 'PARAM_ERROR', message: 'amount' });
      if (!trade.refunds.includes(json.out_refund_no ?? '')) trade.refunds.push(json.out_refund_no ?? '');
      trade.state = 'REFUND';
      return this.wechatAnswer(res, 200, { refund_id: `50${randomBytes(8).toString('hex')}`, out_refund_no: json.out_refund_no, status: 'PROCESSING' });
    }
    this.wechatAnswer(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
  }

  /** A signed, encrypted TRANSACTION.SUCCESS notification; `amount` overrides what the trade says was paid. */
  wechatNotification(orderNo: string, options: { amount?: number; timestamp?: number; state?: string } = {}): FakeNotification {
    const trade = this.trades.get(orderNo);
    if (!trade) throw new Error(`no trade ${orderNo}`);
    const transaction = {
      mchid: WECHAT.mchid,
      appid: WECHAT.appid,
      out_trade_no: orderNo,
      transaction_id: trade.transactionId || `42000${Date.now()}`,
      trade_type: 'NATIVE',
      trade_state: options.state ?? 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      success_time: new Date().toISOString(),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: options.amount ?? trade.amount, payer_total: options.amount ?? trade.amount, currency: 'CNY', payer_currency: 'CNY' },
    };
    const nonce = randomBytes(6).toString('hex');
    const associated = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(WECHAT.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associated));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associated, nonce },
    });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const signNonce = randomBytes(16).toString('hex');
    return {
      url: trade.notifyUrl,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': signNonce,
        'wechatpay-serial': WECHAT.platformSerial,
        'wechatpay-signature': rsaSign(wechatResponseMessage(timestamp, signNonce, body), this.platform.privateKey),
      },
      body,
    };
  }

  // ---- Alipay gateway ----

  private alipayAnswer(res: http.ServerResponse, method: string, payload: Record<string, unknown>): void {
    const content = JSON.stringify(payload);
    const key = `${method.replace(/\./g, '_')}_response`;
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${key}":${content},"sign":"${rsaSign(content, this.alipayPlatform.privateKey)}"}`);
  }

  private alipay(body: string, res: http.ServerResponse): void {
    const params = Object.fromEntries(new URLSearchParams(body));
    const method = params.method ?? '';
    const signed = rsaVerify(alipaySignContent(params, ['sign']), params.sign ?? '', this.alipayApp.publicKey);
    if (!signed || params.app_id !== ALIPAY.appId || params.sign_type !== 'RSA2') {
      this.badRequests.push(method);
      return this.alipayAnswer(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const yuan = (cents: number) => (cents / 100).toFixed(2);
    switch (method) {
      case 'alipay.trade.precreate': {
        const amount = Math.round(Number(biz.total_amount) * 100);
        this.trades.set(biz.out_trade_no!, { provider: 'alipay', orderNo: biz.out_trade_no!, amount, state: 'NOTPAY', notifyUrl: params.notify_url ?? '', transactionId: '', refunds: [] });
        return this.alipayAnswer(res, method, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/${randomBytes(6).toString('hex')}` });
      }
      case 'alipay.trade.query': {
        if (!trade) return this.alipayAnswer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
        const status = { NOTPAY: 'WAIT_BUYER_PAY', SUCCESS: 'TRADE_SUCCESS', CLOSED: 'TRADE_CLOSED', REFUND: 'TRADE_CLOSED' }[trade.state];
        return this.alipayAnswer(res, method, { code: '10000', msg: 'Success', out_trade_no: trade.orderNo, trade_no: trade.transactionId, trade_status: status, total_amount: yuan(trade.amount) });
      }
      case 'alipay.trade.close': {
        if (!trade) return this.alipayAnswer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
        if (trade.state === 'SUCCESS') return this.alipayAnswer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' });
        trade.state = 'CLOSED';
        return this.alipayAnswer(res, method, { code: '10000', msg: 'Success', out_trade_no: trade.orderNo });
      }
      case 'alipay.trade.refund': {
        if (!trade || (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')) {
          return this.alipayAnswer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' });
        }
        trade.state = 'REFUND';
        if (!trade.refunds.includes(biz.out_request_no!)) trade.refunds.push(biz.out_request_no!);
        return this.alipayAnswer(res, method, { code: '10000', msg: 'Success', out_trade_no: trade.orderNo, refund_fee: biz.refund_amount, fund_change: 'Y' });
      }
      default:
        return this.alipayAnswer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.UNKNOWN_METHOD', sub_msg: method });
    }
  }

  /** A signed trade_status_sync notification as Alipay posts it (form fields). */
  alipayNotification(orderNo: string, options: { amount?: number; status?: string } = {}): FakeNotification {
    const trade = this.trades.get(orderNo);
    if (!trade) throw new Error(`no trade ${orderNo}`);
    const now = new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
    const params: Record<string, string> = {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: ALIPAY.appId,
      auth_app_id: ALIPAY.appId,
      trade_no: trade.transactionId || `2026${Date.now()}`,
      out_trade_no: orderNo,
      trade_status: options.status ?? 'TRADE_SUCCESS',
      total_amount: ((options.amount ?? trade.amount) / 100).toFixed(2),
      receipt_amount: ((options.amount ?? trade.amount) / 100).toFixed(2),
      subject: '运河余额充值',
      gmt_payment: now,
      fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
    };
    params.sign = rsaSign(alipaySignContent(params, ['sign', 'sign_type']), this.alipayPlatform.privateKey);
    return { url: trade.notifyUrl, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(params).toString() };
  }

  /** The member pays: the trade succeeds at the provider (and the notification is returned, not yet sent). */
  pay(orderNo: string): FakeNotification {
    const trade = this.trades.get(orderNo);
    if (!trade) throw new Error(`no trade ${orderNo}`);
    trade.state = 'SUCCESS';
    trade.transactionId = trade.provider === 'wechat' ? `4200001${Date.now()}` : `2026112322001${Date.now()}`;
    return trade.provider === 'wechat' ? this.wechatNotification(orderNo) : this.alipayNotification(orderNo);
  }
}

/** Posts a notification as the provider would; returns the HTTP status and body of the portal's answer. */
export async function deliver(n: FakeNotification): Promise<{ status: number; body: string }> {
  const res = await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body });
  return { status: res.status, body: await res.text() };
}
