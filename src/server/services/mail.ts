import { isIP } from 'node:net';
import { Refusal } from '../errors.ts';
import { addressRefusal, OutboundRefused, type Outbound } from './outbound.ts';
import type { Settings } from './settings.ts';

/** The `mail` config group, or the same values from an unsaved admin form (send test mail). */
export interface MailSettings {
  server: string;
  port: string;
  user: string;
  pass: string;
  /** 'SSL' = implicit TLS from the first byte; anything else ('TLS') = plain connection upgraded by STARTTLS. */
  verification: string;
  senderMail: string;
  /** Check the server's certificate; off only for an internal relay with a self-signed certificate. */
  tlsVerify: boolean;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

const TIMEOUT_MS = 10_000;

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

/** Reads `smtp_*` values by their config names: config rows or a posted admin form alike. */
export function mailSettingsFrom(values: Record<string, unknown>): MailSettings {
  const verify = values.smtp_tls_verify;
  // Only an explicit "off" disables certificate checks: a missing value verifies.
  return {
    server: text(values.smtp_server),
    port: text(values.smtp_port),
    user: text(values.smtp_user),
    // A password may legitimately begin or end with a blank.
    pass: typeof values.smtp_pass === 'string' ? values.smtp_pass : '',
    verification: text(values.smtp_verification).toUpperCase(),
    senderMail: text(values.smtp_sender_mail),
    tlsVerify: !(verify === false || verify === 0 || verify === '0' || verify === 'false'),
  };
}

/** All six values of the reference's `mail` group are filled (reference 5.1 step 1 and checkIn). */
export function mailSettingsComplete(s: MailSettings): boolean {
  return [s.server, s.port, s.user, s.pass, s.verification, s.senderMail].every((v) => v !== '');
}

/** The first line of an error, short enough for a toast (a mail server's answer can be long). */
export function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const line = message.split('\n')[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** Each setting and the config item it is read from. */
const MAIL_FIELDS: readonly (readonly [keyof MailSettings, string])[] = [
  ['server', 'smtp_server'],
  ['port', 'smtp_port'],
  ['user', 'smtp_user'],
  ['pass', 'smtp_pass'],
  ['verification', 'smtp_verification'],
  ['senderMail', 'smtp_sender_mail'],
  ['tlsVerify', 'smtp_tls_verify'],
];

/** How a failed test mail is told: a refused address as such, anything else with the mail server's words. */
export function testMailFailure(err: unknown): Refusal {
  if (err instanceof OutboundRefused) return addressRefusal(err);
  return new Refusal('admin-routine:testMailFailed', 0, null, { error: errorText(err) });
}

/**
 * Sends mail over SMTP. The transport is built for every message from the current settings, so what the
 * admin saves applies at once without a restart.
 */
export class MailService {
  constructor(
    private readonly settings: Settings,
    private readonly outbound: Outbound,
  ) {}

  async current(): Promise<MailSettings> {
    const values: Record<string, unknown> = {};
    for (const [, name] of MAIL_FIELDS) values[name] = await this.settings.get(name);
    return mailSettingsFrom(values);
  }

  /**
   * What "send test mail" sends with: every value of the form when it carries a password, otherwise the
   * saved settings, and then only when the form posts nothing that differs from them. Never the saved
   * password with a server, port or account the form names.
   */
  async testSettings(input: Record<string, unknown>): Promise<MailSettings> {
    const posted = mailSettingsFrom(input);
    const settings = posted.pass !== '' ? posted : await this.current();
    if (settings !== posted && MAIL_FIELDS.some(([key, name]) => input[name] !== undefined && key !== 'pass' && posted[key] !== settings[key])) {
      throw new Refusal('admin-routine:testMailUnsaved');
    }
    if (!mailSettingsComplete(settings)) throw new Refusal('admin-routine:testMailIncomplete');
    return settings;
  }

  async available(): Promise<boolean> {
    return mailSettingsComplete(await this.current());
  }

  /** Sends with the saved settings, or with `settings` when given; rejects with the mailer's error. */
  async send(message: MailMessage, settings?: MailSettings): Promise<void> {
    const s = settings ?? (await this.current());
    if (!mailSettingsComplete(s)) throw new Error('SMTP settings are incomplete');
    const port = Number(s.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`Invalid SMTP port: ${s.port}`);
    const implicitTls = s.verification === 'SSL';
    // Connect to the address the check passed; TLS still verifies the certificate against the server's name.
    const { address } = await this.outbound.resolve(s.server);
    // Loaded on the first mail: nodemailer brings TLS, DNS and HTTPS with it, megabytes an idle server never needs.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      host: address,
      port,
      secure: implicitTls,
      requireTLS: !implicitTls,
      auth: { user: s.user, pass: s.pass },
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS * 2,
      tls: { rejectUnauthorized: s.tlsVerify, ...(isIP(s.server.replace(/^\[(.*)\]$/, '$1')) ? {} : { servername: s.server }) },
    });
    try {
      await transport.sendMail({
        from: { name: s.user, address: s.senderMail },
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    } finally {
      transport.close();
    }
  }
}
