import { createHash, createHmac } from 'node:crypto';
import { providerFetch, SmsSendError, type SmsDriver, type SmsMessage } from './driver.ts';
import type { Outbound } from '../outbound.ts';

/**
 * Tencent Cloud SMS (SendSms, API version 2021-01-11) with the API 3.0 signature TC3-HMAC-SHA256: a
 * canonical request (method, '/', empty query, the content-type and host headers, their names, the
 * SHA-256 of the body), the string to sign (algorithm, timestamp, `date/service/tc3_request`, the SHA-256
 * of the canonical request) and a key derived by HMAC-SHA256 from `TC3<SecretKey>` over the UTC date,
 * the service and `tc3_request`.
 */

export const TENCENT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const ALGORITHM = 'TC3-HMAC-SHA256';
export const TENCENT_CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product, e.g. 'sms' (it is also the first label of the official host). */
  service: string;
  /** The Host header as sent (with the port when it is not the scheme's default). */
  host: string;
  contentType: string;
  /** Unix seconds; the credential date is its UTC day. */
  timestamp: number;
  payload: string;
}

/** The `Authorization` header value and the bare signature of a POST request. */
export function tc3Authorization(request: Tc3Request): { authorization: string; signature: string } {
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = ['POST', '/', '', `content-type:${request.contentType}\nhost:${request.host}\n`, 'content-type;host', sha256(request.payload)].join('\n');
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [ALGORITHM, String(request.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${request.secretKey}`, date), request.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return { signature, authorization: `${ALGORITHM} Credential=${request.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}` };
}

export interface TencentSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  region: string;
  endpoint: string;
}

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string }[];
    RequestId?: string;
  };
}

export class TencentSmsDriver implements SmsDriver {
  readonly name = 'tencent';

  constructor(
    private readonly outbound: Outbound,
    private readonly settings: TencentSettings,
  ) {}

  async send(message: SmsMessage): Promise<string> {
    const url = new URL(this.settings.endpoint);
    // Mainland numbers in E.164; the template's variables in the order they appear in its text.
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${message.mobile}`],
      SmsSdkAppId: this.settings.sdkAppId,
      SignName: this.settings.signName,
      TemplateId: message.templateId,
      TemplateParamSet: message.params.map(([, value]) => value),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const { authorization } = tc3Authorization({
      secretId: this.settings.secretId,
      secretKey: this.settings.secretKey,
      service: 'sms',
      host: url.host,
      contentType: TENCENT_CONTENT_TYPE,
      timestamp,
      payload,
    });
    const { status, text } = await providerFetch(this.outbound, url.href, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': TENCENT_CONTENT_TYPE,
        'x-tc-action': 'SendSms',
        'x-tc-timestamp': String(timestamp),
        'x-tc-version': '2021-01-11',
        'x-tc-region': this.settings.region,
      },
      body: payload,
    });
    let answer: TencentAnswer;
    try {
      answer = JSON.parse(text) as TencentAnswer;
    } catch {
      throw new SmsSendError(`Tencent Cloud answered HTTP ${status} without JSON`, text);
    }
    const error = answer.Response?.Error;
    if (error) throw new SmsSendError(`Tencent Cloud refused the request: ${error.Code ?? ''} ${error.Message ?? ''}`.trim(), text);
    const sent = answer.Response?.SendStatusSet?.[0];
    if (!sent || sent.Code !== 'Ok') throw new SmsSendError(`Tencent Cloud did not send the message: ${sent?.Code ?? `HTTP ${status}`} ${sent?.Message ?? ''}`.trim(), text);
    return text;
  }
}
