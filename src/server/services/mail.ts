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

const MAIL_CONFIG_NAMES = ['smtp_server', 'smtp_port', 'smtp_user', 'smtp_pass', 'smtp_verification', 'smtp_sender_mail', 'smtp_tls_verify'];

/**
 * Sends mail over SMTP. The transport is built for every message from the current settings, so what the
 * admin saves applies at once without a restart.
 */
export class MailService {
  constructor(private readonly settings: Settings) {}

  async current(): Promise<MailSettings> {
    const values: Record<string, unknown> = {};
    for (const name of MAIL_CONFIG_NAMES) values[name] = await this.settings.get(name);
    return mailSettingsFrom(values);
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
    // Loaded on the first mail: nodemailer brings TLS, DNS and HTTPS with it, megabytes an idle server never needs.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      host: s.server,
      port,
      secure: implicitTls,
      requireTLS: !implicitTls,
      auth: { user: s.user, pass: s.pass },
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS * 2,
      tls: { rejectUnauthorized: s.tlsVerify },
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
