import test from 'ava';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import type { Knex } from 'knex';
import pino from 'pino';
import { openDatabase } from '../../src/server/db.ts';
import { CODE_ALPHABET, CODE_MAX_ATTEMPTS, CodeService } from '../../src/server/services/codes.ts';
import { errorText, mailSettingsComplete, mailSettingsFrom } from '../../src/server/services/mail.ts';
import type { SmsMessage } from '../../src/server/services/sms/driver.ts';
import { LogSmsDriver } from '../../src/server/services/sms/log.ts';
import { WebhookSmsDriver } from '../../src/server/services/sms/webhook.ts';
import { Outbound } from '../../src/server/services/outbound.ts';

/** The stand-in gateways listen on 127.0.0.1: the intranet switch is on for them. */
const intranet = new Outbound(async () => true);

let dir: string;
let knex: Knex;
let codes: CodeService;

test.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-codes-'));
  knex = await openDatabase(path.join(dir, 'codes.sqlite'));
  codes = new CodeService(knex, 'unit-test-secret');
});
test.after.always(async () => {
  await knex?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Row {
  key: string;
  code: string;
  captcha: string | null;
  attempts: number;
  create_time: number;
  expire_time: number;
}

/** Every test uses its own destination, so the rows of parallel tests never meet. */
let n = 0;
const destination = () => `person${++n}@example.org`;

/** A code of the same shape that is certainly not `code`. */
const wrongFor = (code: string) => (code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`);

/** Creates a code and finds its row: the one key that was not there before (tests touching rows run serially). */
async function createTracked(to: string, event: string): Promise<{ code: string; row: Row }> {
  const before = new Set((await knex<Row>('captcha').select('key')).map((r) => r.key));
  const code = await codes.create(to, event);
  const row = (await knex<Row>('captcha').select('*')).find((r) => !before.has(r.key));
  if (!row) throw new Error('no new captcha row');
  return { code, row };
}

test('a code is 4 characters of the alphabet and verifies once', async (t) => {
  const to = destination();
  const code = await codes.create(to, 'user_register');
  t.regex(code, /^[2-8A-NP-Z]{4}$/);
  t.true([...code].every((c) => CODE_ALPHABET.includes(c)));
  t.false(await codes.verify(to, 'user_retrieve_pwd', code), 'another event is another identity');
  t.false(await codes.verify('other@example.org', 'user_register', code), 'another destination too');
  t.true(await codes.verify(to, 'user_register', code));
  t.false(await codes.verify(to, 'user_register', code), 'single use');
});

test('comparison ignores case; the destination ignores case and blanks', async (t) => {
  const to = destination();
  const code = await codes.create(to, 'user_register');
  t.true(await codes.verify(` ${to.toUpperCase()} `, 'user_register', code.toLowerCase()));
});

test('empty or missing codes fail without touching the row', async (t) => {
  const to = destination();
  const code = await codes.create(to, 'user_register');
  t.false(await codes.verify(to, 'user_register', ''));
  t.false(await codes.verify(to, 'user_register', '   '));
  t.false(await codes.verify(to, 'user_register', undefined));
  t.false(await codes.verify('', 'user_register', code));
  t.false(await codes.verify(destination(), 'user_register', code), 'no row');
  t.true(await codes.verify(to, 'user_register', code));
});

test.serial('an expired code fails and its row is deleted', async (t) => {
  const to = destination();
  const { code, row } = await createTracked(to, 'user_register');
  await knex('captcha').where({ key: row.key }).update({ expire_time: row.create_time });
  t.is(await codes.lastSentAt(to, 'user_register'), null, 'an expired code does not hold back a new one');
  t.false(await codes.verify(to, 'user_register', code));
  t.is(await knex('captcha').where({ key: row.key }).first(), undefined);
});

test(`${CODE_MAX_ATTEMPTS} wrong tries delete the code, so the right one then fails`, async (t) => {
  const to = destination();
  const code = await codes.create(to, 'user_retrieve_pwd');
  const wrong = wrongFor(code);
  for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) t.false(await codes.verify(to, 'user_retrieve_pwd', wrong));
  t.truthy(await codes.lastSentAt(to, 'user_retrieve_pwd'), 'still there after 4 misses');
  t.false(await codes.verify(to, 'user_retrieve_pwd', wrong), 'the 5th miss');
  t.is(await codes.lastSentAt(to, 'user_retrieve_pwd'), null, 'deleted');
  t.false(await codes.verify(to, 'user_retrieve_pwd', code), '6th try with the right code');
});

test('a miss counts but does not stop the right code before the limit', async (t) => {
  const to = destination();
  const code = await codes.create(to, 'user_register');
  t.false(await codes.verify(to, 'user_register', wrongFor(code)));
  t.true(await codes.verify(to, 'user_register', code));
});

test('a new code replaces the old one and restarts the attempt count', async (t) => {
  const to = destination();
  const first = await codes.create(to, 'user_register');
  for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) await codes.verify(to, 'user_register', wrongFor(first));
  let second = await codes.create(to, 'user_register');
  while (second === first) second = await codes.create(to, 'user_register');
  t.false(await codes.verify(to, 'user_register', first), 'the old code is gone (a miss for the new one)');
  for (let i = 2; i < CODE_MAX_ATTEMPTS; i++) t.false(await codes.verify(to, 'user_register', wrongFor(second)));
  t.true(await codes.verify(to, 'user_register', second), 'four misses on the new code, then the right one');
});

test('lastSentAt tells when the live code was made', async (t) => {
  const to = destination();
  t.is(await codes.lastSentAt(to, 'user_register'), null);
  const before = Math.floor(Date.now() / 1000);
  await codes.create(to, 'user_register');
  const at = await codes.lastSentAt(to, 'user_register');
  t.true(at !== null && at >= before && at <= before + 1);
});

test.serial('the table holds neither the code nor the identity', async (t) => {
  const to = 'stored.check@example.org';
  const { code, row } = await createTracked(to, 'user_email_verify');
  const all = JSON.stringify(row);
  t.false(all.includes(to));
  t.false(all.toLowerCase().includes('stored.check'));
  t.false(all.includes('user_email_verify'));
  t.false(JSON.stringify({ ...row, key: '', code: '' }).toUpperCase().includes(code), 'no other column holds the code');
  t.regex(row.key, /^[0-9a-f]{64}$/);
  t.regex(row.code, /^[0-9a-f]{32}\$[0-9a-f]{64}$/, 'salt $ HMAC, never the code itself');
  t.is(row.captcha, null);
  const again = await codes.create(to, 'user_email_verify');
  const newRow = await knex<Row>('captcha').where({ key: row.key }).first();
  t.not(newRow!.code.split('$')[0], row.code.split('$')[0], 'a fresh salt per code');
  t.true(await codes.verify(to, 'user_email_verify', again));
});

test('another secret cannot read the codes of this one', async (t) => {
  const to = destination();
  const code = await codes.create(to, 'user_register');
  t.false(await new CodeService(knex, 'another-secret').verify(to, 'user_register', code));
  t.true(await codes.verify(to, 'user_register', code));
});

test('mail settings: complete only with all six values; certificate check on unless switched off', (t) => {
  const form = {
    smtp_server: ' smtp.example.org ',
    smtp_port: 465,
    smtp_user: 'canal',
    smtp_pass: ' pass ',
    smtp_verification: 'ssl',
    smtp_sender_mail: 'noreply@example.org',
  };
  const s = mailSettingsFrom(form);
  t.deepEqual(s, {
    server: 'smtp.example.org',
    port: '465',
    user: 'canal',
    pass: ' pass ',
    verification: 'SSL',
    senderMail: 'noreply@example.org',
    tlsVerify: true,
  });
  t.true(mailSettingsComplete(s));
  t.false(mailSettingsComplete(mailSettingsFrom({ ...form, smtp_pass: '' })));
  t.false(mailSettingsFrom({ ...form, smtp_tls_verify: '0' }).tlsVerify);
  t.false(mailSettingsFrom({ ...form, smtp_tls_verify: false }).tlsVerify);
  t.true(mailSettingsFrom({ ...form, smtp_tls_verify: '1' }).tlsVerify);
  t.is(errorText(new Error(`Invalid login: 535 denied\n${'x'.repeat(50)}`)), 'Invalid login: 535 denied');
  t.is(errorText(new Error('y'.repeat(300))).length, 200);
});

const message = (text: string): SmsMessage => ({ mobile: '13800138000', text, templateCode: 'user_register', templateId: '', params: [['code', 'AB23']], code: 'AB23' });

test('SMS log driver writes the message to the log', async (t) => {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (chunk: string) => void lines.push(chunk) });
  const answer = await new LogSmsDriver(log).send(message('【运河】您的验证码是 AB23'));
  t.is(answer, 'log driver: written to the server log, not sent');
  t.is(lines.length, 1);
  const entry = JSON.parse(lines[0]!) as { msg: string; message: string; sms: { mobile: string; templateCode: string } };
  t.is(entry.message, '【运河】您的验证码是 AB23');
  t.is(entry.sms.mobile, '13800138000');
  t.is(entry.sms.templateCode, 'user_register');
});

test('SMS webhook driver gives up on a gateway that does not answer', async (t) => {
  const sockets = new Set<Socket>();
  const silent = http.createServer(() => {});
  silent.on('connection', (s) => sockets.add(s));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  try {
    const driver = new WebhookSmsDriver(intranet, `http://127.0.0.1:${port}/sms`, '', 300);
    const err = await t.throwsAsync(driver.send(message('text')));
    t.is(err?.message, 'SMS gateway did not answer in time');
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});

test('SMS webhook driver reports an unreachable gateway', async (t) => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const driver = new WebhookSmsDriver(intranet, `http://127.0.0.1:${port}/sms`, '');
  const err = await t.throwsAsync(driver.send(message('text')));
  t.regex(err?.message ?? '', /^SMS gateway unreachable: .*ECONNREFUSED/);
});
