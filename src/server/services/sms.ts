import type { Logger } from 'pino';
import type { Settings } from './settings.ts';

/** What a gateway may need besides the text: providers with fixed templates send `templateCode` + `code`. */
export interface SmsMeta {
  event: string;
  code: string;
  templateCode: string;
}

export interface SmsDriver {
  /** Resolves once the provider accepted the message; rejects with a short reason otherwise. */
  send(mobile: string, message: string, meta: SmsMeta): Promise<void>;
}

export const SMS_DRIVERS = ['log', 'webhook'] as const;

const WEBHOOK_TIMEOUT_MS = 10_000;

/** Development driver: the message goes to the server log, where the developer reads the code. */
export class LogSmsDriver implements SmsDriver {
  constructor(private readonly log: Logger) {}

  async send(mobile: string, message: string, meta: SmsMeta): Promise<void> {
    this.log.info({ sms: { mobile, event: meta.event, templateCode: meta.templateCode }, message }, 'SMS (log driver, not sent)');
  }
}

/**
 * Hands the message to the association's own SMS gateway (or a small adapter in front of a provider) as a
 * JSON POST; any answer other than 2xx is a failure.
 */
export class WebhookSmsDriver implements SmsDriver {
  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly timeoutMs = WEBHOOK_TIMEOUT_MS,
  ) {}

  async send(mobile: string, message: string, meta: SmsMeta): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.secret) headers.authorization = `Bearer ${this.secret}`;
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ mobile, message, event: meta.event, code: meta.code, templateCode: meta.templateCode }),
        signal: AbortSignal.timeout(this.timeoutMs),
        // A redirect would resend the code (and the secret) somewhere nobody configured.
        redirect: 'error',
      });
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError') throw new Error('SMS gateway did not answer in time');
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
      throw new Error(`SMS gateway unreachable: ${cause}`);
    }
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Picks the driver named by the `sms` config group at each send, so admin changes apply at once. */
export class SmsService {
  constructor(
    private readonly settings: Settings,
    private readonly log: Logger,
  ) {}

  /** The configured driver, or null when its settings are incomplete. */
  async driver(): Promise<SmsDriver | null> {
    const name = (await this.settings.get('sms_driver')) || 'log';
    if (name === 'log') return new LogSmsDriver(this.log);
    if (name === 'webhook') {
      const url = (await this.settings.get('sms_webhook_url')).trim();
      return isHttpUrl(url) ? new WebhookSmsDriver(url, await this.settings.get('sms_webhook_secret')) : null;
    }
    return null;
  }

  async available(): Promise<boolean> {
    return (await this.driver()) !== null;
  }

  async send(mobile: string, message: string, meta: SmsMeta): Promise<void> {
    const driver = await this.driver();
    if (!driver) throw new Error('SMS service is not configured');
    await driver.send(mobile, message, meta);
  }
}
