import type { Logger } from 'pino';
import type { SmsDriver, SmsMessage } from './driver.ts';

/**
 * Development driver: nothing leaves the server. The text goes to the server log and, like every send, to
 * the admin's SMS send log, where the developer reads the code.
 */
export class LogSmsDriver implements SmsDriver {
  readonly name = 'log';

  constructor(private readonly log: Logger) {}

  async send(message: SmsMessage): Promise<string> {
    this.log.info({ sms: { mobile: message.mobile, templateCode: message.templateCode }, message: message.text }, 'SMS (log driver, not sent)');
    return 'log driver: written to the server log, not sent';
  }
}
