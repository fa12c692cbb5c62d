import { createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { rsaSign, rsaVerify } from './rsa.ts';

/** The Authorization scheme of WeChat Pay API v3. */
export const WECHAT_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** What a merchant signs for a request: method, path with query, timestamp, nonce and body, each line-ended. */
export function wechatRequestMessage(method: string, pathWithQuery: string, timestamp: number, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** What WeChat Pay signs in its answers and notifications (headers Wechatpay-Timestamp / -Nonce / -Signature). */
export function wechatResponseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export interface WechatMerchant {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header of one request; timestamp and nonce are fresh unless given (tests pin them). */
export function wechatAuthorization(
  merchant: WechatMerchant,
  request: { method: string; pathWithQuery: string; body: string },
  fixed: { timestamp?: number; nonce?: string } = {},
): string {
  const timestamp = fixed.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = fixed.nonce ?? randomBytes(16).toString('hex').toUpperCase();
  const signature = rsaSign(wechatRequestMessage(request.method, request.pathWithQuery, timestamp, nonce, request.body), merchant.privateKey);
  return `${WECHAT_AUTH_SCHEMA} mchid="${merchant.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`;
}

export interface WechatSignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

/** Reads the Wechatpay-* headers of an answer or notification; null when one is missing. */
export function wechatSignedHeaders(get: (name: string) => string | undefined): WechatSignedHeaders | null {
  const timestamp = get('wechatpay-timestamp') ?? '';
  const nonce = get('wechatpay-nonce') ?? '';
  const signature = get('wechatpay-signature') ?? '';
  const serial = get('wechatpay-serial') ?? '';
  if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature || !serial) return null;
  return { timestamp, nonce, signature, serial };
}

export type WechatVerdict = 'ok' | 'badSignature' | 'wrongKey' | 'stale';

/**
 * Checks a signed answer or notification: the serial names the configured platform key (when one is known),
 * the timestamp is within `maxSkew` seconds of now (an old message replayed is refused), the signature holds.
 */
export function verifyWechat(
  headers: WechatSignedHeaders,
  body: string,
  platform: { key: KeyObject; serial: string },
  nowSeconds: number,
  maxSkew = 300,
): WechatVerdict {
  if (platform.serial && headers.serial.toUpperCase() !== platform.serial.toUpperCase()) return 'wrongKey';
  if (Math.abs(nowSeconds - Number(headers.timestamp)) > maxSkew) return 'stale';
  return rsaVerify(wechatResponseMessage(headers.timestamp, headers.nonce, body), headers.signature, platform.key) ? 'ok' : 'badSignature';
}

export interface WechatEncrypted {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/**
 * Opens a notification's `resource` (AEAD_AES_256_GCM under the API v3 key: the tag is the ciphertext's last
 * 16 bytes, nonce and associated data are text); throws when it does not authenticate. The cipher follows the
 * key's length as WeChat's own SDK does; the settings only accept 32-byte API v3 keys.
 */
export function decryptWechatResource(resource: WechatEncrypted, apiV3Key: string): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (![16, 24, 32].includes(key.length)) throw new Error('the API v3 key must be 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const algorithm = `aes-${key.length * 8}-gcm` as 'aes-256-gcm';
  const decipher = createDecipheriv(algorithm, key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}
