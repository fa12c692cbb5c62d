import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, memberToken, solvedCaptcha } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { FakePayProvider } from '../helpers/fakePay.ts';
import { TEST_SERVER_OPTIONS } from '../helpers/httpServer.ts';

// Stored secrets never follow a changed destination, test buttons never mix posted and saved values, and the
// addresses admins choose are refused on loopback, private, link-local and metadata ranges (Trust issue,
// item 4). Every stand-in listens on 127.0.0.1, so the intranet switch is turned on wherever a test is about
// the secrets rather than the address check.

let server: TestServer;
let root: AdminCall;
let inbox: Inbox;
let gatewayA: Gateway;
let gatewayB: Gateway;
let pay: FakePayProvider;

test.before(async () => {
  pay = new FakePayProvider();
  [server, inbox, gatewayA, gatewayB] = await Promise.all([
    startServer({ ADMIN_PASSWORD, SECRETS_KEY: 'trust-secrets-key-0123456789abcdef', RATE_LIMIT_FACTOR: '0' }),
    startInbox(),
    startGateway(),
    startGateway(),
    pay.start(),
  ]);
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await Promise.all([server?.stop(), inbox?.close(), gatewayA?.close(), gatewayB?.close(), pay?.stop()]);
});

interface Inbox {
  port: number;
  /** Every login the server was offered, accepted or not. */
  logins: { user: string; pass: string }[];
  close(): Promise<void>;
}

/** SMTP with STARTTLS (self-signed) that records each login and accepts every mail. */
async function startInbox(): Promise<Inbox> {
  const logins: Inbox['logins'] = [];
  const smtp = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return { port: (smtp.server.address() as AddressInfo).port, logins, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

interface Gateway {
  url: string;
  /** The Authorization header of every request received. */
  received: string[];
  close(): Promise<void>;
}

/** An HTTP server standing for a gateway, or for an internal service: it answers every request with a page of its own. */
async function startGateway(): Promise<Gateway> {
  const received: string[] = [];
  const listener = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
    received.push(req.headers.authorization ?? '');
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('internal-page-content'));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}/sms`,
    received,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}

/** Config rows written as an earlier save left them (straight into the table, as the admin would have). */
async function stored(values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await server.app.knex('config').where({ name }).update({ value });
  server.app.services.settings.invalidate();
}

const value = async (name: string) => (await server.app.knex('config').where({ name }).first<{ value: string }>('value')).value;
const saveConfig = (body: Record<string, unknown>) => root('/admin/routine.Config/edit', { body });

const MAIL = {
  smtp_server: '127.0.0.1',
  smtp_user: 'canal-mailer',
  smtp_verification: 'TLS',
  smtp_sender_mail: 'noreply@canal.example.org',
  smtp_tls_verify: '0',
};

let mobiles = 0;
async function sendSms(): Promise<{ code: number; msg: string }> {
  const mobile = `1370000${String(1000 + mobiles++)}`;
  return (await api(server.url, '/api/Sms/send', { body: { mobile, template_code: 'user_register', ...(await solvedCaptcha(server)) }, lang: 'en' })).body;
}

async function lastSmsLog(): Promise<{ status: string; answer: string }> {
  return server.app.knex('sms_log').orderBy('id', 'desc').first<{ status: string; answer: string }>('status', 'answer');
}

test.serial('test mail: a server of the admin\'s own with an empty password never gets the saved password', async (t) => {
  await stored({ outbound_allow_private: '1', ...MAIL, smtp_port: '1', smtp_pass: 'saved-secret' });
  const form = { ...MAIL, smtp_port: String(inbox.port), smtp_user: 'attacker', smtp_pass: '', testMail: 'someone@example.org' };
  const mixed = await root('/admin/routine.Config/sendTestMail', { body: form });
  t.is(mixed.code, 0);
  t.is(mixed.msg, 'The form has unsaved mail settings: enter the SMTP password to test them as they are, or save them first');
  t.deepEqual(inbox.logins, [], 'the server named in the form was never reached');

  // Everything posted, the password too: the form is tested as it is.
  const posted = await root('/admin/routine.Config/sendTestMail', { body: { ...form, smtp_pass: 'typed-secret' } });
  t.is(posted.code, 1, posted.msg);
  t.deepEqual(inbox.logins, [{ user: 'attacker', pass: 'typed-secret' }]);

  // Nothing destination-related differs from what is saved: only the saved settings are used.
  await stored({ smtp_port: String(inbox.port) });
  const saved = await root('/admin/routine.Config/sendTestMail', { body: { ...MAIL, smtp_port: String(inbox.port), smtp_pass: '', testMail: 'someone@example.org' } });
  t.is(saved.code, 1, saved.msg);
  const savedOnly = await root('/admin/routine.Config/sendTestMail', { body: { testMail: 'someone@example.org' } });
  t.is(savedOnly.code, 1, savedOnly.msg);
  t.deepEqual(inbox.logins.slice(1), [
    { user: 'canal-mailer', pass: 'saved-secret' },
    { user: 'canal-mailer', pass: 'saved-secret' },
  ]);
});

test.serial('saving a changed mail server, port or account without the password is refused', async (t) => {
  for (const change of [{ smtp_server: '127.0.0.2' }, { smtp_port: '2525' }, { smtp_user: 'someone-else' }]) {
    const res = await saveConfig({ ...change, smtp_pass: '' });
    t.is(res.code, 0, JSON.stringify(change));
    t.is(res.msg, 'The mail server, port or account changed: please enter the SMTP password again for the new server');
  }
  t.is(await value('smtp_server'), '127.0.0.1', 'a refused save changes nothing');
  t.is(await value('smtp_user'), 'canal-mailer');
  t.is((await saveConfig({ smtp_sender_mail: 'office@canal.example.org', smtp_pass: '' })).code, 1, 'other mail settings keep the password');
  const entered = await saveConfig({ smtp_user: 'someone-else', smtp_pass: 'new-secret' });
  t.is(entered.code, 1, entered.msg);
  t.is(await value('smtp_pass'), 'new-secret');
});

test.serial('the SMS webhook URL cannot move without its secret, so the saved secret never reaches another address', async (t) => {
  const first = await saveConfig({ outbound_allow_private: '1', sms_driver: 'webhook', sms_webhook_url: gatewayA.url, sms_webhook_secret: 'hook-secret' });
  t.is(first.code, 1, first.msg);
  const moved = await saveConfig({ sms_webhook_url: gatewayB.url, sms_webhook_secret: '' });
  t.is(moved.code, 0);
  t.is(moved.msg, 'The SMS webhook URL changed: please enter the webhook secret again for the new address');
  const sent = await sendSms();
  t.is(sent.code, 1, sent.msg);
  t.deepEqual(gatewayA.received, ['Bearer hook-secret']);
  t.deepEqual(gatewayB.received, [], 'the other address got no message and no secret');

  const withSecret = await saveConfig({ sms_webhook_url: gatewayB.url, sms_webhook_secret: 'secret-for-b' });
  t.is(withSecret.code, 1, withSecret.msg);
  t.is((await sendSms()).code, 1);
  t.deepEqual(gatewayB.received, ['Bearer secret-for-b']);
});

test.serial('outbound addresses: loopback and private refused unless the intranet switch is on; link-local and metadata always', async (t) => {
  await stored({ outbound_allow_private: '0' });
  const loopback = await saveConfig({ sms_webhook_url: gatewayA.url, sms_webhook_secret: 'hook-secret' });
  t.is(loopback.code, 0);
  t.is(loopback.msg, '127.0.0.1 is on this server or a private network: the portal connects there only when "Allow intranet gateways" is on under System config → Basics');
  const named = await saveConfig({ smtp_server: 'localhost', smtp_pass: 'x' });
  t.regex(named.msg, /^localhost \((127\.0\.0\.1|::1)\) is on this server or a private network/, 'a host name is checked by what it resolves to');
  for (const [url, shown] of [
    ['http://10.1.2.3/sms', '10.1.2.3'],
    ['http://[fd12::1]/sms', 'fd12::1'],
    ['http://100.64.0.1/sms', '100.64.0.1'],
  ]) {
    t.regex((await saveConfig({ sms_webhook_url: url, sms_webhook_secret: 's' })).msg, new RegExp(`^${shown.replace(/\./g, '\\.')} is on this server or a private network`), url);
  }

  // With the switch on (posted in the same save), an intranet gateway is fine; link-local and cloud metadata addresses are not.
  for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/', 'http://100.100.100.200/latest/meta-data/', 'http://[fe80::1]/', 'http://0.0.0.0:80/', 'http://[fd00:ec2::254]/']) {
    const res = await saveConfig({ outbound_allow_private: '1', sms_webhook_url: url, sms_webhook_secret: 's' });
    t.is(res.code, 0, url);
    t.regex(res.msg, /is a link-local, cloud metadata or reserved address: the portal never connects there$/, url);
  }
  t.is(await value('sms_webhook_url'), gatewayB.url, 'nothing refused was saved');
  t.is(await value('outbound_allow_private'), '0');
  const smtpMetadata = await saveConfig({ outbound_allow_private: '1', smtp_server: '169.254.169.254', smtp_pass: 'x' });
  t.is(smtpMetadata.msg, '169.254.169.254 is a link-local, cloud metadata or reserved address: the portal never connects there');
});

test.serial('payment gateway addresses: loopback refused unless the intranet switch is on; link-local and metadata always', async (t) => {
  await stored({ outbound_allow_private: '1' });
  for (const body of [{ wechat_base_url: 'http://[fe80::1]/' }, { wechat_base_url: 'http://100.100.100.200/' }, { alipay_gateway: 'http://[::ffff:a9fe:a9fe]/gateway.do' }]) {
    const res = await root('/admin/pay.Config/edit', { body });
    t.is(res.code, 0, JSON.stringify(body));
    t.regex(res.msg, /is a link-local, cloud metadata or reserved address: the portal never connects there$/);
  }
  const metadata = await root('/admin/pay.Config/edit', { body: { alipay_gateway: 'http://169.254.169.254/gateway.do' } });
  t.is(metadata.msg, '169.254.169.254 is a link-local, cloud metadata or reserved address: the portal never connects there');
  const intranet = await root('/admin/pay.Config/edit', { body: { wechat_base_url: 'http://[::1]:9/' } });
  t.is(intranet.code, 1, 'an intranet payment gateway with the switch on');
  await stored({ outbound_allow_private: '0' });
  for (const url of ['http://127.0.0.1:9/', 'http://192.168.1.20/']) {
    const res = await root('/admin/pay.Config/edit', { body: { wechat_base_url: url } });
    t.is(res.code, 0, url);
    t.regex(res.msg, /is on this server or a private network/, url);
  }
  t.is((await server.app.services.pay.settings.load()).values.wechat_base_url, 'http://[::1]:9/');
});

test.serial('a gateway saved on the intranet is not reached once the switch is off: checked again at every connection', async (t) => {
  t.is(await value('sms_webhook_url'), gatewayB.url);
  const before = gatewayB.received.length;
  const sent = await sendSms();
  t.is(sent.code, 0);
  t.regex(sent.msg, /^The code could not be sent: SMS gateway not contacted: 127\.0\.0\.1 is a loopback address/);
  t.is(gatewayB.received.length, before, 'no request left the server');
  const log = await lastSmsLog();
  t.is(log.status, 'failed');
  t.false(log.answer.includes('internal-page-content'));

  await stored({ smtp_server: '127.0.0.1', smtp_port: String(inbox.port), smtp_pass: 'saved-secret' });
  const logins = inbox.logins.length;
  const mail = await root('/admin/routine.Config/sendTestMail', { body: { testMail: 'someone@example.org' } });
  t.is(mail.msg, '127.0.0.1 is on this server or a private network: the portal connects there only when "Allow intranet gateways" is on under System config → Basics');
  t.is(inbox.logins.length, logins);
});

test.serial('payment keys never follow a new API address or merchant; "check settings" mixes nothing either', async (t) => {
  await saveConfig({ outbound_allow_private: '1' });
  const saved = await root('/admin/pay.Config/edit', { body: pay.settings() });
  t.is(saved.code, 1, saved.msg);
  const requests = gatewayB.received.length;
  const elsewhere = `http://127.0.0.1:${new URL(gatewayB.url).port}`;
  for (const [body, message] of [
    [{ wechat_base_url: elsewhere }, 'The WeChat Pay merchant ID or API address changed: please enter the API v3 key and the merchant private key again'],
    [{ wechat_mchid: '1900000109' }, 'The WeChat Pay merchant ID or API address changed: please enter the API v3 key and the merchant private key again'],
    [{ wechat_base_url: elsewhere, wechat_api_v3_key: pay.settings().wechat_api_v3_key! }, 'The WeChat Pay merchant ID or API address changed: please enter the API v3 key and the merchant private key again'],
    [{ alipay_gateway: `${elsewhere}/gateway.do` }, 'The Alipay app ID or gateway address changed: please enter the app private key again'],
    [{ alipay_gateway: '', alipay_sandbox: '1' }, 'The Alipay app ID or gateway address changed: please enter the app private key again'],
  ] as const) {
    for (const action of ['edit', 'check']) {
      const res = await root(`/admin/pay.Config/${action}`, { body });
      t.is(res.code, 0, `${action} ${JSON.stringify(body)}`);
      t.is(res.msg, message);
    }
  }
  t.is((await server.app.services.pay.settings.load()).values.wechat_base_url, pay.url, 'nothing was saved');
  t.is(gatewayB.received.length, requests, 'and nothing was sent');
  const both = await root('/admin/pay.Config/edit', { body: { wechat_mchid: '1900000109', wechat_api_v3_key: pay.settings().wechat_api_v3_key!, wechat_private_key: pay.settings().wechat_private_key! } });
  t.is(both.code, 1, 'a new merchant with both keys entered again');
});

test.serial('a payment gateway on the intranet is not reached once the switch is off', async (t) => {
  await saveConfig({ outbound_allow_private: '0' });
  const member = await createMember(server);
  const res = await api(server.url, '/api/pay/create', { body: { provider: 'wechat', amount: '10' }, headers: { 'ba-user-token': await memberToken(server, member.id) }, lang: 'en' });
  t.is(res.body.code, 0);
  t.regex(res.body.msg, /^The payment provider refused: not connected: 127\.0\.0\.1 is a loopback address/);
  t.is(pay.trades.size, 0, 'the gateway received no order');
});

test.serial('WeChat: a new AppID needs the account\'s secrets entered again', async (t) => {
  const account = { wechat_app_id: 'wx1234567890abcdef', wechat_app_secret: '0123456789abcdef0123456789abcdef', wechat_token: 'canaltoken' };
  t.is((await root('/admin/wechat.Config/edit', { body: account })).code, 1);
  const moved = await root('/admin/wechat.Config/edit', { body: { wechat_app_id: 'wxfedcba0987654321', wechat_app_secret: '', wechat_token: '' } });
  t.is(moved.code, 0);
  t.is(moved.msg, 'The AppID changed: please enter the saved AppSecret, Token and EncodingAESKey again for the new account');
  const partly = await root('/admin/wechat.Config/edit', { body: { wechat_app_id: 'wxfedcba0987654321', wechat_app_secret: 'fedcba9876543210fedcba9876543210' } });
  t.is(partly.code, 0, 'the token is the old account\'s too');
  t.is(await value('wechat_app_id'), 'wx1234567890abcdef');
  const all = await root('/admin/wechat.Config/edit', { body: { wechat_app_id: 'wxfedcba0987654321', wechat_app_secret: 'fedcba9876543210fedcba9876543210', wechat_token: 'newtoken' } });
  t.is(all.code, 1, all.msg);

  t.is((await root('/admin/wechat.MiniProgram/edit', { body: { mini_program_app_id: 'wx1234567890abcdef', mini_program_app_secret: '0123456789abcdef0123456789abcdef' } })).code, 1);
  const mini = await root('/admin/wechat.MiniProgram/edit', { body: { mini_program_app_id: 'wxfedcba0987654321' } });
  t.is(mini.msg, 'The AppID changed: please enter the AppSecret again for the new mini program');
});

test.serial('SMS providers: a new endpoint or key ID needs the key secret entered again', async (t) => {
  t.is((await saveConfig({ sms_aliyun_access_key_id: 'LTAI-one', sms_aliyun_access_key_secret: 'aliyun-secret', sms_tencent_secret_id: 'AKID-one', sms_tencent_secret_key: 'tencent-key' })).code, 1);
  const aliyun = await saveConfig({ sms_aliyun_endpoint: 'https://dysmsapi.example.org' });
  t.is(aliyun.msg, 'The Alibaba Cloud SMS endpoint or AccessKey ID changed: please enter the AccessKey secret again');
  t.is((await saveConfig({ sms_aliyun_access_key_id: 'LTAI-two' })).code, 0);
  const tencent = await saveConfig({ sms_tencent_secret_id: 'AKID-two' });
  t.is(tencent.msg, 'The Tencent Cloud SMS endpoint or SecretId changed: please enter the SecretKey again');
  t.is((await saveConfig({ sms_aliyun_endpoint: '' })).code, 1, 'an empty endpoint is the default one, which it already had');
});

test.serial('refusals are in Chinese too', async (t) => {
  const zh = await api(server.url, '/admin/routine.Config/edit', { body: { smtp_server: 'mail.example.org' }, headers: { batoken: await superToken(server) }, lang: 'zh-cn' });
  t.is(zh.body.msg, '邮件服务器、端口或账号已更改：请为新服务器重新输入 SMTP 密码');
  const refused = await api(server.url, '/admin/routine.Config/edit', { body: { sms_webhook_url: 'http://169.254.169.254/', sms_webhook_secret: 's' }, headers: { batoken: await superToken(server) }, lang: 'zh-cn' });
  t.is(refused.body.msg, '169.254.169.254 是链路本地、云服务器元数据或保留地址：系统不会连接该地址');
});
