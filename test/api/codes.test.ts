import test from 'ava';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { CODE_SPACING } from '../../src/server/services/codes.ts';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { setConfig, startGateway, startInbox, useInbox, type Inbox } from '../helpers/standIns.ts';

// A real SMTP server and a real HTTP receiver on 127.0.0.1 stand in for the mail relay and the SMS gateway.
// Each test server gets its own database; sends are rate limited per route and IP (10 a minute), so the
// mail tests are spread over two servers. Tests run serially: they change the config table.

let captchas = 0;
/** A click captcha with known boxes and the clicks that solve it. */
async function solved(server: TestServer): Promise<{ captchaId: string; captchaInfo: string }> {
  const captchaId = `codes-test-${++captchas}`;
  await server.app.services.captcha.save(captchaId, {
    targets: [
      { label: 'a', x: 10, y: 10, width: 20, height: 20 },
      { label: 'b', x: 100, y: 50, width: 20, height: 20 },
    ],
    decoys: [],
    width: 350,
    height: 200,
  });
  return { captchaId, captchaInfo: '15,15-105,55;350;200' };
}

let members = 0;
async function addMember(server: TestServer, fields: { email?: string; mobile?: string; password?: string }): Promise<{ id: number; token: string }> {
  const username = `codes${++members}`;
  const [row] = await server.app
    .knex('user')
    .insert({
      username,
      nickname: username,
      email: fields.email ?? '',
      mobile: fields.mobile ?? '',
      password: await hashPassword(fields.password ?? 'secret123'),
      status: 'enable',
      group_id: 1,
      join_time: Math.floor(Date.now() / 1000),
    })
    .returning('id');
  const id = (row as { id: number }).id;
  return { id, token: await server.app.services.tokens.issue('user', id) };
}

function ems(server: TestServer, body: Record<string, unknown>, lang = 'zh-cn', token = '') {
  return api(server.url, '/api/Ems/send', { body, lang, headers: token ? { 'ba-user-token': token } : {} });
}

function smsSend(server: TestServer, body: Record<string, unknown>, lang = 'zh-cn', token = '') {
  return api(server.url, '/api/Sms/send', { body, lang, headers: token ? { 'ba-user-token': token } : {} });
}

const CODE = /(?:验证码是|code is) ([2-8A-NP-Z]{4})/;

function codeIn(text: string): string {
  const m = CODE.exec(text);
  if (!m) throw new Error(`no code in: ${text}`);
  return m[1]!;
}

let guest: TestServer;
let member: TestServer;
let smsServer: TestServer;
let inbox: Inbox;
let sslInbox: Inbox;
let gateway: Awaited<ReturnType<typeof startGateway>>;

test.before(async () => {
  [guest, member, smsServer, inbox, sslInbox, gateway] = await Promise.all([
    startServer(),
    startServer(),
    startServer(),
    startInbox(false),
    startInbox(true),
    startGateway(),
  ]);
  await useInbox(guest, inbox);
  await addMember(guest, { email: 'alice@example.org' });
});
test.after.always(async () => {
  await Promise.all([guest?.stop(), member?.stop(), smsServer?.stop(), inbox?.close(), sslInbox?.close(), gateway?.close()]);
});

// --- e-mail, guest flows --------------------------------------------------------------------------------

let firstCaptcha: { captchaId: string; captchaInfo: string };

test.serial('registration code: sent over STARTTLS, subject and body in Chinese, code usable once', async (t) => {
  firstCaptcha = await solved(guest);
  const res = await ems(guest, { email: 'new.member@example.org', event: 'user_register', ...firstCaptcha });
  t.is(res.status, 200);
  t.is(res.body.code, 1, res.body.msg);
  t.is(res.body.msg, '邮件已发送');
  t.is(res.body.data, null);
  t.is(inbox.messages.length, 1);
  const { mail, secure, user } = inbox.messages[0]!;
  t.true(secure, 'upgraded to TLS before sending');
  t.is(user, 'canal-mailer');
  t.is(mail.subject, '注册验证-大运河文化协会');
  t.deepEqual(mail.from?.value, [{ name: 'canal-mailer', address: 'noreply@canal.example.org' }]);
  t.is((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text, 'new.member@example.org');
  t.regex(mail.text ?? '', /大运河文化协会/);
  t.regex(mail.text ?? '', /10 分钟内有效/);
  const code = codeIn(mail.text ?? '');
  t.true(String(mail.html).includes(`<strong>${code}</strong>`), 'the HTML part carries the same code');
  t.not(await guest.app.services.codes.lastSentAt('new.member@example.org', 'user_register'), null);
});

test.serial('a second code for the same address and event within 60 s is refused', async (t) => {
  const res = await ems(guest, { email: 'new.member@example.org', event: 'user_register', ...(await solved(guest)) });
  t.is(res.body.code, 0);
  // The wait left is the spacing less the seconds since the first code (however slow this machine ran).
  const sentAt = (await guest.app.services.codes.lastSentAt('new.member@example.org', 'user_register'))!;
  const waited = Math.floor(Date.now() / 1000) - sentAt;
  const left = Number(/^发送过于频繁，请 (\d+) 秒后再试$/.exec(res.body.msg)?.[1]);
  t.true(left >= CODE_SPACING - waited - 1 && left <= CODE_SPACING - waited + 1, `${res.body.msg} after ${waited} s`);
  t.is(inbox.messages.length, 1, 'nothing sent');
  const code = codeIn(inbox.messages[0]!.mail.text ?? '');
  t.true(await guest.app.services.codes.verify('new.member@example.org', 'user_register', code.toLowerCase()), 'the first code still holds');
  t.false(await guest.app.services.codes.verify('new.member@example.org', 'user_register', code), 'single use');
});

test.serial('a captcha is consumed: replaying the same captchaId/captchaInfo fails', async (t) => {
  const res = await ems(guest, { email: 'other@example.org', event: 'user_register', ...firstCaptcha });
  t.is(res.body.code, 0);
  t.is(res.body.msg, '验证码错误');
});

test.serial('a missing captcha is refused', async (t) => {
  const res = await ems(guest, { email: 'other@example.org', event: 'user_register' }, 'en');
  t.is(res.body.code, 0);
  t.is(res.body.msg, 'The captcha check failed');
});

test.serial('a malformed e-mail address is refused before the captcha is spent', async (t) => {
  const captcha = await solved(guest);
  const res = await ems(guest, { email: 'not-an-address', event: 'user_register', ...captcha }, 'en');
  t.is(res.body.code, 0);
  t.is(res.body.msg, 'Invalid e-mail address');
  t.truthy(await guest.app.services.captcha.load(captcha.captchaId), 'captcha still usable');
});

test.serial('an unknown event is refused: no codes for arbitrary strings', async (t) => {
  const res = await ems(guest, { email: 'other@example.org', event: 'free_pizza', ...(await solved(guest)) }, 'en');
  t.is(res.body.code, 0);
  t.is(res.body.msg, 'Codes cannot be sent for this purpose');
  t.is(await guest.app.services.codes.lastSentAt('other@example.org', 'free_pizza'), null);
});

test.serial('user_register for an address that belongs to a member is refused (any letter case)', async (t) => {
  const res = await ems(guest, { email: 'Alice@Example.org', event: 'user_register', ...(await solved(guest)) });
  t.is(res.body.code, 0);
  t.is(res.body.msg, '该邮箱已注册');
});

test.serial('user_retrieve_pwd for an unknown address is refused', async (t) => {
  const res = await ems(guest, { email: 'nobody@example.org', event: 'user_retrieve_pwd', ...(await solved(guest)) });
  t.is(res.body.code, 0);
  t.is(res.body.msg, '该邮箱未注册');
});

test.serial('user_retrieve_pwd for a member, in English: subject and body in the caller\'s language', async (t) => {
  const res = await ems(guest, { email: 'alice@example.org', event: 'user_retrieve_pwd', ...(await solved(guest)) }, 'en');
  t.is(res.body.code, 1, res.body.msg);
  t.is(res.body.msg, 'E-mail sent');
  const { mail } = inbox.messages.at(-1)!;
  t.is(mail.subject, 'Password recovery: your verification code from Grand Canal Culture Association');
  t.regex(mail.text ?? '', /valid for 10 minutes/);
  t.regex(mail.text ?? '', /Grand Canal Culture Association/);
  t.true(await guest.app.services.codes.verify('alice@example.org', 'user_retrieve_pwd', codeIn(mail.text ?? '')));
});

// --- e-mail, member flows and failures --------------------------------------------------------------------

test.serial('without the six mail settings the service is unavailable', async (t) => {
  const res = await ems(member, { email: 'someone@example.org', event: 'user_register', ...(await solved(member)) });
  t.is(res.body.code, 0);
  t.is(res.body.msg, '邮件服务未配置，暂时无法发送邮件');
  await useInbox(member, inbox);
});

test.serial('a missing event is a parameter error', async (t) => {
  const res = await ems(member, { email: 'someone@example.org', ...(await solved(member)) }, 'en');
  t.is(res.body.code, 0);
  t.is(res.body.msg, 'The request does not say what the code is for');
});

test.serial('user_email_verify as a guest → code 0 "log in first", not 303', async (t) => {
  const res = await ems(member, { email: 'bob@example.org', event: 'user_email_verify', password: 'secret123', ...(await solved(member)) });
  t.is(res.body.code, 0);
  t.is(res.body.msg, '请先登录');
});

test.serial('user_email_verify: wrong password, or an address that is not the member\'s, is refused', async (t) => {
  const bob = await addMember(member, { email: 'bob@example.org', password: 'right-password' });
  await addMember(member, { email: 'carol@example.org' });
  const wrong = await ems(member, { email: 'bob@example.org', event: 'user_email_verify', password: 'wrong-password', ...(await solved(member)) }, 'zh-cn', bob.token);
  t.is(wrong.body.code, 0);
  t.is(wrong.body.msg, '密码错误');
  const notMine = await ems(member, { email: 'carol@example.org', event: 'user_email_verify', password: 'right-password', ...(await solved(member)) }, 'en', bob.token);
  t.is(notMine.body.code, 0);
  t.is(notMine.body.msg, 'This is not the e-mail address of your account');
  const before = inbox.messages.length;
  const ok = await ems(member, { email: 'bob@example.org', event: 'user_email_verify', password: 'right-password', ...(await solved(member)) }, 'en', bob.token);
  t.is(ok.body.code, 1, ok.body.msg);
  t.is(inbox.messages.length, before + 1);
  t.is(inbox.messages.at(-1)!.mail.subject, 'E-mail verification: your verification code from Grand Canal Culture Association');
});

test.serial('user_change_email to an address in use is refused', async (t) => {
  const res = await ems(member, { email: 'carol@example.org', event: 'user_change_email', ...(await solved(member)) });
  t.is(res.body.code, 0);
  t.is(res.body.msg, '该邮箱已被其他账号使用');
});

test.serial('with certificate checks on, the self-signed relay fails: code 0 with the mailer\'s reason, spacing still applies', async (t) => {
  await setConfig(member, { smtp_tls_verify: '1' });
  const before = inbox.messages.length;
  const res = await ems(member, { email: 'dave@example.org', event: 'user_register', ...(await solved(member)) }, 'en');
  t.is(res.body.code, 0);
  t.regex(res.body.msg, /^The code could not be sent: .*certificate/i);
  t.is(inbox.messages.length, before);
  const again = await ems(member, { email: 'dave@example.org', event: 'user_register', ...(await solved(member)) }, 'en');
  t.regex(again.body.msg, /^Codes were requested too often/);
  await setConfig(member, { smtp_tls_verify: '0' });
});

test.serial('explicit settings (the admin\'s unsaved test-mail form) over implicit TLS', async (t) => {
  await member.app.services.mail.send(
    { to: 'admin@example.org', subject: 'Test', html: '<p>Hello</p>', text: 'Hello' },
    {
      server: '127.0.0.1',
      port: String(sslInbox.port),
      user: 'form-user',
      pass: 'form-pass',
      verification: 'SSL',
      senderMail: 'form@example.org',
      tlsVerify: false,
    },
  );
  t.is(sslInbox.messages.length, 1);
  const { mail, secure, user } = sslInbox.messages[0]!;
  t.true(secure);
  t.is(user, 'form-user');
  t.is(mail.subject, 'Test');
  t.deepEqual(mail.from?.value, [{ name: 'form-user', address: 'form@example.org' }]);
});

test.serial('SMS input checks: mobile pattern and known template codes', async (t) => {
  const bad = await smsSend(member, { mobile: '12345', template_code: 'user_register', ...(await solved(member)) });
  t.is(bad.body.msg, '手机号格式错误');
  const unknown = await smsSend(member, { mobile: '13800138000', template_code: 'anything', ...(await solved(member)) }, 'en');
  t.is(unknown.body.msg, 'Codes cannot be sent for this purpose');
  const missing = await smsSend(member, { mobile: '13800138000', ...(await solved(member)) }, 'en');
  t.is(missing.body.msg, 'The request does not say what the code is for');
});

// --- SMS ----------------------------------------------------------------------------------------------------

test.serial('SMS with the default log driver succeeds and stores a code', async (t) => {
  const res = await smsSend(smsServer, { mobile: '13900139000', template_code: 'user_register', ...(await solved(smsServer)) });
  t.is(res.body.code, 1, res.body.msg);
  t.is(res.body.msg, '短信已发送');
  t.not(await smsServer.app.services.codes.lastSentAt('13900139000', 'user_register'), null);
});

test.serial('SMS through the webhook: the gateway receives mobile, message, event, code, template and variables, and the secret', async (t) => {
  await setConfig(smsServer, { outbound_allow_private: '1', sms_driver: 'webhook', sms_webhook_url: gateway.url, sms_webhook_secret: 'hook-secret' });
  const res = await smsSend(smsServer, { mobile: '13800138000', template_code: 'user_register', ...(await solved(smsServer)) });
  t.is(res.body.code, 1, res.body.msg);
  t.is(gateway.hooks.length, 1);
  const { body, authorization } = gateway.hooks[0]!;
  t.is(authorization, 'Bearer hook-secret');
  t.deepEqual(Object.keys(body).sort(), ['code', 'event', 'message', 'mobile', 'params', 'template', 'templateCode']);
  t.is(body.mobile, '13800138000');
  t.is(body.event, 'user_register');
  t.is(body.templateCode, 'user_register');
  t.regex(String(body.code), /^[2-8A-NP-Z]{4}$/);
  t.is(body.message, `【大运河文化协会】您的验证码是 ${String(body.code)}，10 分钟内有效，请勿告诉他人。`);
  t.is(body.template, '', 'no provider template id is needed by a gateway');
  t.deepEqual(body.params, { site_name: '大运河文化协会', code: body.code, minutes: '10' });
  t.true(await smsServer.app.services.codes.verify('13800138000', 'user_register', String(body.code)));
});

test.serial('SMS rules mirror e-mail: registered mobile, login and password for user_mobile_verify; English text', async (t) => {
  const erin = await addMember(smsServer, { mobile: '13700137000', password: 'erin-password' });
  const registered = await smsSend(smsServer, { mobile: '13700137000', template_code: 'user_register', ...(await solved(smsServer)) });
  t.is(registered.body.msg, '该手机号已注册');
  const asGuest = await smsSend(smsServer, { mobile: '13700137000', template_code: 'user_mobile_verify', password: 'erin-password', ...(await solved(smsServer)) });
  t.is(asGuest.body.code, 0);
  t.is(asGuest.body.msg, '请先登录');
  const hooks = gateway.hooks.length;
  const ok = await smsSend(
    smsServer,
    { mobile: '13700137000', template_code: 'user_mobile_verify', password: 'erin-password', ...(await solved(smsServer)) },
    'en',
    erin.token,
  );
  t.is(ok.body.code, 1, ok.body.msg);
  t.is(ok.body.msg, 'Text message sent');
  const { body } = gateway.hooks[hooks]!;
  t.is(body.message, `[Grand Canal Culture Association] Your verification code is ${String(body.code)}, valid for 10 minutes. Do not share it with anyone.`);
});

test.serial('a gateway answering non-2xx → code 0 with the reason', async (t) => {
  gateway.status = 500;
  const res = await smsSend(smsServer, { mobile: '13600136000', template_code: 'user_register', ...(await solved(smsServer)) }, 'en');
  gateway.status = 200;
  t.is(res.body.code, 0);
  t.is(res.body.msg, 'The code could not be sent: SMS gateway answered HTTP 500');
});

test.serial('the webhook driver without a URL makes SMS unavailable', async (t) => {
  await setConfig(smsServer, { sms_webhook_url: '' });
  const res = await smsSend(smsServer, { mobile: '13500135000', template_code: 'user_register', ...(await solved(smsServer)) });
  t.is(res.body.code, 0);
  t.is(res.body.msg, '短信服务未配置，暂时无法发送短信');
});

test.serial('the seed added the sms config tab and rows', async (t) => {
  const { knex, services } = guest.app;
  const rows = await knex('config').where({ group: 'sms' }).orderBy('weigh', 'desc').select('name', 'type', 'value');
  t.deepEqual(rows.slice(0, 3), [
    { name: 'sms_driver', type: 'select', value: 'log' },
    { name: 'sms_webhook_url', type: 'string', value: '' },
    { name: 'sms_webhook_secret', type: 'password', value: '' },
  ]);
  t.deepEqual(
    rows.filter((r: { type: string }) => r.type === 'password').map((r: { name: string }) => r.name),
    ['sms_webhook_secret', 'sms_aliyun_access_key_secret', 'sms_tencent_secret_key'],
    'every provider secret is a password item, never sent back',
  );
  const groups = JSON.parse(await services.settings.get('config_group')) as Array<{ key: string; value: string }>;
  t.deepEqual(groups.slice(-4), [
    { key: 'sms', value: 'SMS' },
    { key: 'terminal', value: 'Terminal' },
    { key: 'security', value: 'Security' },
    { key: 'config_quick_entrance', value: 'Config Quick entrance' },
  ]);
  t.is(await services.settings.get('smtp_tls_verify'), '0', 'set by this test; the seed writes 1');
  t.is((await knex('config').where({ name: 'smtp_tls_verify' }).first<{ type: string }>()).type, 'switch');
});
