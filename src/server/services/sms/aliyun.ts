import { createHmac, randomUUID } from 'node:crypto';
import { providerFetch, SmsSendError, type SmsDriver, type SmsMessage } from './driver.ts';
import type { Outbound } from '../outbound.ts';

/**
 * Alibaba Cloud SMS (Dysmsapi SendSms, API version 2017-05-25) with the RPC request signature: the
 * parameters sorted by name and percent-encoded (RFC 3986: space as %20, '*' as %2A, '~' kept), the
 * string to sign `GET&%2F&<encoded canonical query>`, HMAC-SHA1 keyed with `<AccessKeySecret>&`, Base64.
 */

export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** Percent-encoding of the RPC signature: encodeURIComponent plus the characters it leaves alone. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `a=1&b=2`: parameters sorted by name (byte order), names and values percent-encoded. */
export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** The Base64 RPC signature of a request's parameters (the `Signature` parameter itself excluded). */
export function rpcSignature(accessKeySecret: string, method: string, params: Readonly<Record<string, string>>): string {
  const { Signature: _ignored, ...rest } = params;
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(rest))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

export interface AliyunSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  regionId: string;
  endpoint: string;
}

/** `2017-07-12T02:42:19Z`: UTC without milliseconds, as the API wants its Timestamp. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface AliyunAnswer {
  Code?: string;
  Message?: string;
  BizId?: string;
  RequestId?: string;
}

export class AliyunSmsDriver implements SmsDriver {
  readonly name = 'aliyun';

  constructor(
    private readonly outbound: Outbound,
    private readonly settings: AliyunSettings,
  ) {}

  /** The signed SendSms parameters for a message (exposed so tests can compare with the published example). */
  signedParams(message: SmsMessage, at = new Date(), nonce = randomUUID()): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: this.settings.regionId,
      SignName: this.settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: message.templateId,
      TemplateParam: JSON.stringify(Object.fromEntries(message.params)),
      Timestamp: timestamp(at),
      Version: '2017-05-25',
    };
    return { ...params, Signature: rpcSignature(this.settings.accessKeySecret, 'GET', params) };
  }

  async send(message: SmsMessage): Promise<string> {
    const url = `${this.settings.endpoint.replace(/\/+$/, '')}/?${canonicalQuery(this.signedParams(message))}`;
    const { status, text } = await providerFetch(this.outbound, url, { method: 'GET' });
    let answer: AliyunAnswer;
    try {
      answer = JSON.parse(text) as AliyunAnswer;
    } catch {
      throw new SmsSendError(`Alibaba Cloud answered HTTP ${status} without JSON`, text);
    }
    if (answer.Code !== 'OK') throw new SmsSendError(`Alibaba Cloud refused the message: ${answer.Code ?? `HTTP ${status}`} ${answer.Message ?? ''}`.trim(), text);
    return text;
  }
}
