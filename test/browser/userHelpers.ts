/** Shared steps of the member-centre browser tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { SMTPServer } from 'smtp-server';
import type { TestServer } from '../helpers/server.ts';

export interface Inbox {
  port: number;
  messages: ParsedMail[];
  close(): Promise<void>;
}

/** SMTP with STARTTLS (smtp-server's self-signed certificate) that accepts any login and keeps every mail. */
export async function startInbox(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const smtp = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
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

/**
 * Points the mail config rows at the inbox (its certificate is self-signed, hence no verification; it listens
 * on 127.0.0.1, hence the intranet switch).
 */
export async function useInbox(server: TestServer, inbox: Inbox): Promise<void> {
  const values: Record<string, string> = {
    outbound_allow_private: '1',
    smtp_server: '127.0.0.1',
    smtp_port: String(inbox.port),
    smtp_user: 'canal-mailer',
    smtp_pass: 'any-password',
    smtp_verification: 'TLS',
    smtp_sender_mail: 'noreply@canal.example.org',
    smtp_tls_verify: '0',
  };
  for (const [name, value] of Object.entries(values)) {
    if ((await server.app.knex('config').where({ name }).update({ value })) !== 1) throw new Error(`no config row ${name}`);
  }
  server.app.services.settings.invalidate();
}

/** `data` of GET /api/common/clickCaptcha. */
interface CaptchaImage {
  id: string;
  base64: string;
}

export const isCaptcha = (r: HTTPResponse) => r.url().includes('/api/common/clickCaptcha') && r.request().method() === 'GET';

/**
 * Solves the click captcha the way a person does: looks up where the targets of the shown image are (in
 * the test database, by the id the island asked for) and clicks their centres on the displayed image.
 */
export async function solveCaptcha(server: TestServer, page: Page, answer: Promise<HTTPResponse>): Promise<void> {
  const { data } = (await (await answer).json()) as { data: CaptchaImage };
  await page.waitForFunction((src: string) => document.querySelector('[role="dialog"] img')?.getAttribute('src') === src, {}, data.base64);
  const stored = await server.app.services.captcha.load(data.id);
  if (!stored) throw new Error(`captcha ${data.id} not stored`);
  const box = await (await page.$('[role="dialog"] img'))!.boundingBox();
  if (!box) throw new Error('captcha image not shown');
  for (const target of stored.targets) {
    const x = box.x + ((target.x + target.width / 2) * box.width) / stored.width;
    const y = box.y + ((target.y + target.height / 2) * box.height) / stored.height;
    await page.mouse.click(x, y);
  }
  // The dialog confirms and closes itself once the server has accepted the clicks.
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout: 10_000 });
}

/** Waits, across page loads and in-app navigation, until the address bar shows `wanted` (a path, or a pattern for path + query). */
export async function waitForPath(page: Page, wanted: string | RegExp, timeout = 15_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const url = new URL(page.url());
    const here = url.pathname + url.search;
    if (typeof wanted === 'string' ? url.pathname === wanted : wanted.test(here)) return here;
    if (Date.now() > deadline) throw new Error(`still at ${here}, expected ${String(wanted)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The login page is usable once its island has the check-in settings and has enabled its buttons. */
export async function loginPageReady(page: Page): Promise<void> {
  await page.waitForSelector('#login-username');
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form:not([role="search"]) button[type="submit"]')?.disabled === false);
}

export async function storedUserInfo(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as Record<string, unknown> | null);
}

/** The test process's folder of PNG files, removed when it exits (one folder per file left 400 in /tmp). */
let pngFolder: string | null = null;
let pngCount = 0;

/** A real 64×64 PNG named avatar.png, in a folder of its own. */
export function pngFile(): string {
  const canvas = createCanvas(64, 64);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#0f4c5c';
  ctx.fillRect(0, 0, 64, 64);
  ctx.fillStyle = '#e09f3e';
  ctx.fillRect(16, 16, 32, 32);
  if (!pngFolder) {
    const folder = (pngFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-')));
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
  }
  const file = path.join(pngFolder, String(++pngCount), 'avatar.png');
  fs.mkdirSync(path.dirname(file));
  fs.writeFileSync(file, canvas.toBuffer('image/png'));
  return file;
}
