import { PROVIDER_TIMEOUT_MS, providerFetch, SmsSendError, type SmsDriver, type SmsMessage } from './driver.ts';
import type { Outbound } from '../outbound.ts';

/**
 * Hands the message to the association's own SMS gateway (or a small adapter in front of any provider) as
 * a JSON POST: the rendered text, and the template id and variables for providers with fixed templates.
 * Any answer other than 2xx is a failure.
 */
export class WebhookSmsDriver implements SmsDriver {
  readonly name = 'webhook';

  constructor(
    private readonly outbound: Outbound,
    private readonly url: string,
    private readonly secret: string,
    private readonly timeoutMs = PROVIDER_TIMEOUT_MS,
  ) {}

  async send(message: SmsMessage): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.secret) headers.authorization = `Bearer ${this.secret}`;
    const body = {
      mobile: message.mobile,
      message: message.text,
      event: message.templateCode,
      code: message.code,
      templateCode: message.templateCode,
      template: message.templateId,
      params: Object.fromEntries(message.params),
    };
    const { status, text } = await providerFetch(this.outbound, this.url, { method: 'POST', headers, body: JSON.stringify(body) }, this.timeoutMs);
    if (status < 200 || status > 299) throw new SmsSendError(`SMS gateway answered HTTP ${status}`, text);
    return `HTTP ${status} ${text}`.trim();
  }
}
