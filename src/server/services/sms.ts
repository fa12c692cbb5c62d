import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { DEFAULT_LANG, type Lang } from '../../shared/i18n/langs.ts';
import type { SMS_LOG_STATUSES, VariableSource } from '../../shared/sms.ts';
import { now } from './clock.ts';
import { CODE_TTL } from './codes.ts';
import type { Outbound } from './outbound.ts';
import type { Settings } from './settings.ts';
import { ALIYUN_ENDPOINT, AliyunSmsDriver } from './sms/aliyun.ts';
import { SmsSendError, type SmsDriver, type SmsMessage } from './sms/driver.ts';
import { LogSmsDriver } from './sms/log.ts';
import { placeholders, render } from './sms/template.ts';
import { TENCENT_ENDPOINT, TencentSmsDriver } from './sms/tencent.ts';
import { WebhookSmsDriver } from './sms/webhook.ts';


/** A verification code to send with the template named after its event. */
export interface CodeMessage {
  mobile: string;
  /** The template code, which is the event (user_register, user_retrieve_pwd...). */
  templateCode: string;
  code: string;
  /** The language of the text where the driver sends our text (log, webhook). */
  lang: Lang;
  /** Values of the message's own placeholders (a notice's `${title}`), taking the place of variables of that name. */
  values?: Readonly<Record<string, string>>;
}

interface TemplateRow {
  status: string;
  code: string;
  template: string;
  content: string;
  content_en: string | null;
}

interface VariableRow {
  status: string;
  name: string;
  value_source: VariableSource;
  value: string;
}

/** How a number appears in the send log: the first three and the last four digits (138****0000). */
export function maskMobile(mobile: string): string {
  return mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `${mobile.slice(0, 1)}****`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * SMS through the driver the `sms` config group names (read at each send, so admin changes apply at once),
 * with the text and variables from the message template, and a send log row for every attempt.
 */
export class SmsService {
  constructor(
    private readonly knex: Knex,
    private readonly settings: Settings,
    private readonly outbound: Outbound,
    private readonly log: Logger,
  ) {}

  /** The configured driver, or null when its settings are incomplete. */
  async driver(): Promise<SmsDriver | null> {
    const get = async (name: string) => (await this.settings.get(name)).trim();
    const name = (await get('sms_driver')) || 'log';
    if (name === 'log') return new LogSmsDriver(this.log);
    if (name === 'webhook') {
      const url = await get('sms_webhook_url');
      return isHttpUrl(url) ? new WebhookSmsDriver(this.outbound, url, await this.settings.get('sms_webhook_secret')) : null;
    }
    if (name === 'aliyun') {
      const settings = {
        accessKeyId: await get('sms_aliyun_access_key_id'),
        accessKeySecret: await get('sms_aliyun_access_key_secret'),
        signName: await get('sms_aliyun_sign_name'),
        regionId: (await get('sms_aliyun_region')) || 'cn-hangzhou',
        endpoint: (await get('sms_aliyun_endpoint')) || ALIYUN_ENDPOINT,
      };
      const complete = settings.accessKeyId && settings.accessKeySecret && settings.signName && isHttpUrl(settings.endpoint);
      return complete ? new AliyunSmsDriver(this.outbound, settings) : null;
    }
    if (name === 'tencent') {
      const settings = {
        secretId: await get('sms_tencent_secret_id'),
        secretKey: await get('sms_tencent_secret_key'),
        sdkAppId: await get('sms_tencent_sdk_app_id'),
        signName: await get('sms_tencent_sign_name'),
        region: (await get('sms_tencent_region')) || 'ap-guangzhou',
        endpoint: (await get('sms_tencent_endpoint')) || TENCENT_ENDPOINT,
      };
      const complete = settings.secretId && settings.secretKey && settings.sdkAppId && settings.signName && isHttpUrl(settings.endpoint);
      return complete ? new TencentSmsDriver(this.outbound, settings) : null;
    }
    return null;
  }

  async available(): Promise<boolean> {
    return (await this.driver()) !== null;
  }

  /**
   * Whether messages reach phones: a provider or gateway is configured, not the development log driver.
   * Members are only offered SMS (registration, binding) when they do.
   */
  async deliversToPhones(): Promise<boolean> {
    const driver = await this.driver();
    return driver !== null && driver.name !== 'log';
  }

  /** Whether the template of an event exists and is enabled (a notice without one is not sent). */
  async templateEnabled(code: string): Promise<boolean> {
    return !!(await this.knex<TemplateRow>('sms_template').where({ code, status: '1' }).first('code'));
  }

  /** Sends a verification code with its template; every attempt lands in the send log. */
  async sendCode(message: CodeMessage): Promise<void> {
    const driver = await this.driver();
    if (!driver) throw new SmsSendError('SMS service is not configured');
    let logged = { text: '', answer: '' };
    try {
      const prepared = await this.compose(message, driver);
      logged.text = prepared.logText;
      logged.answer = await driver.send(prepared.message);
      await this.record(message, driver.name, 'success', logged);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      logged = { text: logged.text, answer: err instanceof SmsSendError && err.answer ? `${reason}\n${err.answer}` : reason };
      await this.record(message, driver.name, 'failed', logged);
      throw err instanceof SmsSendError ? err : new SmsSendError(reason);
    }
  }

  /**
   * The message of a template: its text in the member's language with the variables filled in, the
   * variables in the order of the main (Chinese) text, which is the order the providers' templates have;
   * and for the log the same text with the code hidden, unless the driver only logs anyway.
   */
  private async compose(message: CodeMessage, driver: SmsDriver): Promise<{ message: SmsMessage; logText: string }> {
    const template = await this.knex<TemplateRow>('sms_template').where({ code: message.templateCode, status: '1' }).first();
    if (!template) throw new SmsSendError(`the SMS template ${message.templateCode} is missing or disabled`);
    if (driver.name === 'aliyun' || driver.name === 'tencent') {
      if (!template.template.trim()) throw new SmsSendError(`the SMS template ${message.templateCode} has no provider template ID`);
    }
    const text = (message.lang !== DEFAULT_LANG && template.content_en) || template.content;
    const names = [...new Set([...placeholders(template.content), ...placeholders(text)])];
    const variables = names.length ? await this.knex<VariableRow>('sms_variable').whereIn('name', names).where({ status: '1' }) : [];
    const values = new Map<string, string>();
    const hidden = new Map<string, string>();
    for (const name of names) {
      const own = message.values?.[name];
      if (own !== undefined) {
        values.set(name, own);
        hidden.set(name, own);
        continue;
      }
      const variable = variables.find((v) => v.name === name);
      if (!variable) throw new SmsSendError(`the SMS template ${message.templateCode} uses \${${name}}, which is not an enabled variable`);
      const value = await this.valueOf(variable, message);
      values.set(name, value);
      hidden.set(name, variable.value_source === 'code' ? '****' : value);
    }
    const rendered = render(text, values);
    return {
      message: {
        mobile: message.mobile,
        text: rendered,
        templateCode: message.templateCode,
        templateId: template.template.trim(),
        params: placeholders(template.content).map((name) => [name, values.get(name)!] as const),
        code: message.code,
      },
      logText: driver.name === 'log' ? rendered : render(text, hidden),
    };
  }

  private async valueOf(variable: VariableRow, message: CodeMessage): Promise<string> {
    switch (variable.value_source) {
      case 'code':
        return message.code;
      case 'site_name':
        return (message.lang !== DEFAULT_LANG && (await this.settings.get('site_name_en'))) || (await this.settings.get('site_name'));
      case 'code_minutes':
        return String(CODE_TTL / 60);
      default:
        return variable.value;
    }
  }

  private async record(message: CodeMessage, provider: string, status: (typeof SMS_LOG_STATUSES)[number], logged: { text: string; answer: string }): Promise<void> {
    await this.knex('sms_log')
      .insert({
        mobile: maskMobile(message.mobile),
        template_code: message.templateCode.slice(0, 50),
        provider,
        content: logged.text,
        status,
        answer: logged.answer.slice(0, 1000),
        create_time: now(),
      })
      .catch((err: unknown) => this.log.error({ err }, 'SMS send log write failed'));
  }
}
