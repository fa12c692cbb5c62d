import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { TestServer } from './server.ts';
import { TEST_SERVER_OPTIONS } from './httpServer.ts';

// A real SMTP server and a real HTTP receiver on 127.0.0.1 stand in for the mail relay and the SMS gateway.

export interface Received {
  mail: ParsedMail;
  /** The session was TLS by the time the message was sent (STARTTLS or implicit). */
  secure: boolean;
  user: string;
}

export interface Inbox {
  port: number;
  messages: Received[];
  close(): Promise<void>;
}

/**
 * SMTP on an ephemeral port that accepts any login. smtp-server offers STARTTLS (or speaks TLS from the
 * first byte when `secure`) with its bundled self-signed localhost certificate, which our transport accepts
 * only when `smtp_tls_verify` is off.
 */
export async function startInbox(secure: boolean): Promise<Inbox> {
  const messages: Received[] = [];
  const smtp = new SMTPServer({
    secure,
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({ mail, secure: session.secure, user: String(session.user) });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export interface Hook {
  body: Record<string, unknown>;
  authorization: string;
}

/** The SMS gateway: records every POST and answers with `status`. */
export async function startGateway(): Promise<{ url: string; hooks: Hook[]; status: number; close(): Promise<void> }> {
  const hooks: Hook[] = [];
  const gateway = {
    url: '',
    hooks,
    status: 200,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => {
      hooks.push({ body: JSON.parse(data) as Record<string, unknown>, authorization: req.headers.authorization ?? '' });
      res.writeHead(gateway.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return gateway;
}

export async function setConfig(server: TestServer, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const changed = await server.app.knex('config').where({ name }).update({ value });
    if (changed !== 1) throw new Error(`no config row ${name}`);
  }
  server.app.services.settings.invalidate();
}

/** Points the mail settings at a local inbox: 127.0.0.1 is reached only with the intranet switch on. */
export async function useInbox(server: TestServer, inbox: Inbox): Promise<void> {
  await setConfig(server, {
    outbound_allow_private: '1',
    smtp_server: '127.0.0.1',
    smtp_port: String(inbox.port),
    smtp_user: 'canal-mailer',
    smtp_pass: 'any-password',
    smtp_verification: 'TLS',
    smtp_sender_mail: 'noreply@canal.example.org',
    smtp_tls_verify: '0',
  });
}
