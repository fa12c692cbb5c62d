import { OutboundRefused, OutboundTimeout, type Outbound, type OutboundInit } from '../outbound.ts';

/** What every SMS driver gets and gives back, and the HTTP call the network drivers share. */

export interface SmsMessage {
  mobile: string;
  /** The text as the site renders it from the template (what the log and webhook drivers send). */
  text: string;
  /** Our template code, which is the event (user_register...). */
  templateCode: string;
  /** The provider's template id (Alibaba Cloud TemplateCode, Tencent Cloud TemplateId). */
  templateId: string;
  /** The template's variables in the order they first appear in its text. */
  params: readonly (readonly [string, string])[];
  /** The verification code, for gateways that build their own text. */
  code: string;
}

export interface SmsDriver {
  readonly name: string;
  /** Resolves with the provider's answer once it accepted the message; throws SmsSendError otherwise. */
  send(message: SmsMessage): Promise<string>;
}

/** A refused or failed send: a short reason for the member, and the provider's answer for the send log. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly answer = '',
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export const PROVIDER_TIMEOUT_MS = 10_000;
/** Enough of an answer for the send log; providers answer in a few hundred bytes. */
const ANSWER_LIMIT = 2000;

/**
 * One request to a provider or gateway, through the outbound check: 10 s at most, no redirects (a redirect
 * would resend the code and the credentials somewhere nobody configured), the answer read as text.
 */
export async function providerFetch(outbound: Outbound, url: string, init: Omit<OutboundInit, 'timeoutMs'>, timeoutMs = PROVIDER_TIMEOUT_MS): Promise<{ status: number; text: string }> {
  try {
    const res = await outbound.request(url, { ...init, timeoutMs });
    return { status: res.status, text: res.text.slice(0, ANSWER_LIMIT) };
  } catch (err) {
    if (err instanceof OutboundTimeout) throw new SmsSendError('SMS gateway did not answer in time');
    if (err instanceof OutboundRefused) throw new SmsSendError(`SMS gateway not contacted: ${err.message}`);
    throw new SmsSendError(`SMS gateway unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
}
