import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { solvedCaptcha } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { allowIntranet } from '../helpers/intranet.ts';
import { fakeAliyun, fakeTencent, type FakeProvider, type TencentRequest } from '../helpers/fakeSms.ts';

// SMS templates, variables and providers end to end: /api/Sms/send renders the template of its event,
// sends through the configured provider (local fakes that check the documented signatures) and every
// attempt lands in the send log.

let server: TestServer;
let root: AdminCall;
let aliyun: FakeProvider<Record<string, string>>;
let tencent: FakeProvider<TencentRequest>;
test.before(async () => {
  [server, aliyun, tencent] = await Promise.all([startServer(), fakeAliyun('LTAI-test-id', 'aliyun-test-secret'), fakeTencent('AKID-test', 'tencent-test-key')]);
  await allowIntranet(server);
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await Promise.all([server?.stop(), aliyun?.close(), tencent?.close()]);
});

let numbers = 0;
/** A fresh mobile number per send: codes for one number and event are spaced 60 s apart. */
const nextMobile = () => `1390000${String(1000 + numbers++)}`;

async function sendCode(mobile: string, event = 'user_register', lang = 'zh-cn') {
  return (await api(server.url, '/api/Sms/send', { body: { mobile, template_code: event, ...(await solvedCaptcha(server)) }, lang })).body;
}

interface LogRow {
  mobile: string;
  template_code: string;
  provider: string;
  content: string;
  status: string;
  answer: string;
}

async function lastLog(): Promise<LogRow> {
  const res = await root<{ list: LogRow[] }>('/admin/sms.Log/index?limit=1');
  return res.data.list[0]!;
}

async function configure(values: Record<string, string>): Promise<void> {
  const res = await root('/admin/routine.Config/edit', { body: values });
  if (res.code !== 1) throw new Error(res.msg);
}

const codeIn = (text: string) => /验证码是 ([2-8A-NP-Z]{4})/.exec(text)?.[1] ?? /code is ([2-8A-NP-Z]{4})/.exec(text)?.[1];

test.serial('the log driver: the send log shows the whole text, and members are not offered SMS', async (t) => {
  const mobile = nextMobile();
  const res = await sendCode(mobile);
  t.is(res.code, 1, res.msg);
  const log = await lastLog();
  t.like(log, { mobile: `139****${mobile.slice(-4)}`, template_code: 'user_register', provider: 'log', status: 'success' });
  t.regex(log.content, /^【大运河文化协会】您的验证码是 [2-8A-NP-Z]{4}，10 分钟内有效，请勿告诉他人。$/);
  t.true(await server.app.services.codes.verify(mobile, 'user_register', codeIn(log.content)), 'the logged code is the real one');
  t.is(log.answer, 'log driver: written to the server log, not sent');
  t.false(JSON.stringify(await server.app.knex('sms_log').select('mobile')).includes(mobile), 'the full number is not stored');

  const english = await sendCode(nextMobile(), 'user_retrieve_pwd', 'en');
  t.is(english.code, 0, 'no member has that number');
  const registered = await sendCode(nextMobile(), 'user_register', 'en');
  t.is(registered.code, 1);
  t.regex((await lastLog()).content, /^\[Grand Canal Culture Association\] Your verification code is [2-8A-NP-Z]{4}, valid for 10 minutes\./);

  const checkIn = await api<{ accountVerificationType: string[] }>(server.url, '/api/user/checkIn');
  t.false(checkIn.body.data.accountVerificationType.includes('mobile'));
});

test.serial('templates and variables: placeholders must be defined, codes unique, variables in use kept', async (t) => {
  const unknown = await root('/admin/sms.Template/add', { body: { title: 'Event notice', code: 'event_notice', content: '${who} 你好' } });
  t.is(unknown.code, 0);
  t.is(unknown.msg, '${who} in the message text is not a defined template variable');
  const badCode = await root('/admin/sms.Template/add', { body: { title: 'Event notice', code: 'Event Notice', content: 'hello' } });
  t.is(badCode.msg, 'A template code starts with a lower-case letter and holds only lower-case letters, digits and underscores');
  const taken = await root('/admin/sms.Template/add', { body: { title: 'Again', code: 'user_register', content: 'hello' } });
  t.is(taken.msg, 'The template code user_register is already used');

  const noValue = await root('/admin/sms.Variable/add', { body: { title: 'Hotline', name: 'hotline', value_source: 'literal', value: ' ' } });
  t.is(noValue.msg, 'Please enter the fixed value of a fixed-text variable');
  const badName = await root('/admin/sms.Variable/add', { body: { title: 'Hotline', name: 'hot line', value_source: 'literal', value: '400' } });
  t.is(badName.code, 0);
  t.is((await root('/admin/sms.Variable/add', { body: { title: 'Hotline', name: 'hotline', value_source: 'literal', value: '400-800-1794' } })).code, 1);
  t.is((await root('/admin/sms.Variable/add', { body: { title: 'Again', name: 'hotline', value_source: 'code' } })).msg, 'The placeholder hotline is already used');

  // The registration template now also names the hotline, in both languages.
  const template = await server.app.knex('sms_template').where({ code: 'user_register' }).first<{ id: number }>('id');
  const edited = await root('/admin/sms.Template/edit', {
    body: { id: template.id, content: '【${site_name}】验证码 ${code}，${minutes} 分钟内有效。咨询 ${hotline}', content_en: '[${site_name}] Code ${code}, ${minutes} minutes. Help: ${hotline}' },
  });
  t.is(edited.code, 1, edited.msg);
  const res = await sendCode(nextMobile());
  t.is(res.code, 1, res.msg);
  t.regex((await lastLog()).content, /^【大运河文化协会】验证码 [2-8A-NP-Z]{4}，10 分钟内有效。咨询 400-800-1794$/);

  const variable = await server.app.knex('sms_variable').where({ name: 'hotline' }).first<{ id: number }>('id');
  const del = await root(`/admin/sms.Variable/del?ids[]=${variable.id}`, { method: 'DELETE' });
  t.is(del.msg, 'The variable ${hotline} is used by the SMS template user_register');
  const rename = await root('/admin/sms.Variable/edit', { body: { id: variable.id, name: 'helpline' } });
  t.is(rename.msg, 'The variable ${hotline} is used by the SMS template user_register');

  // A disabled variable stops the send with a clear reason, logged as a failure.
  await root('/admin/sms.Variable/edit', { body: { id: variable.id, status: '0' } });
  const blocked = await sendCode(nextMobile(), 'user_register', 'en');
  t.is(blocked.code, 0);
  t.is(blocked.msg, 'The code could not be sent: the SMS template user_register uses ${hotline}, which is not an enabled variable');
  t.like(await lastLog(), { status: 'failed', provider: 'log' });
  await root('/admin/sms.Variable/edit', { body: { id: variable.id, status: '1' } });

  // A disabled template cannot be used at all.
  await root('/admin/sms.Template/edit', { body: { id: template.id, status: '0' } });
  const off = await sendCode(nextMobile(), 'user_register', 'en');
  t.is(off.msg, 'The code could not be sent: the SMS template user_register is missing or disabled');
  await root('/admin/sms.Template/edit', {
    body: { id: template.id, status: '1', content: '【${site_name}】您的验证码是 ${code}，${minutes} 分钟内有效，请勿告诉他人。', content_en: '[${site_name}] Your verification code is ${code}, valid for ${minutes} minutes. Do not share it with anyone.' },
  });
  t.is((await root(`/admin/sms.Variable/del?ids[]=${variable.id}`, { method: 'DELETE' })).code, 1, 'unused again, it can go');
});

test.serial('Alibaba Cloud: a signed SendSms with the provider template and its variables; the code hidden in the log', async (t) => {
  const template = await server.app.knex('sms_template').where({ code: 'user_register' }).first<{ id: number }>('id');
  await configure({
    sms_driver: 'aliyun',
    sms_aliyun_access_key_id: 'LTAI-test-id',
    sms_aliyun_access_key_secret: 'aliyun-test-secret',
    sms_aliyun_sign_name: '大运河文化协会',
    sms_aliyun_endpoint: aliyun.url,
  });
  const index = await root<{ list: Record<string, { list: { name: string; value: unknown }[] }> }>('/admin/routine.Config/index');
  const secret = index.data.list.sms!.list.find((i) => i.name === 'sms_aliyun_access_key_secret')!;
  t.is(secret.value, '', 'the secret is never sent back');
  t.false(JSON.stringify(index.data).includes('aliyun-test-secret'));
  t.false(JSON.stringify(await server.app.knex('admin_log').select('data')).includes('aliyun-test-secret'), 'nor does the admin log keep it');

  const noTemplateId = await sendCode(nextMobile(), 'user_register', 'en');
  t.is(noTemplateId.msg, 'The code could not be sent: the SMS template user_register has no provider template ID');
  t.is(aliyun.received.length, 0);

  await root('/admin/sms.Template/edit', { body: { id: template.id, template: 'SMS_71390007' } });
  const mobile = nextMobile();
  const res = await sendCode(mobile);
  t.is(res.code, 1, res.msg);
  t.is(aliyun.refused, 0);
  const request = aliyun.received[0]!;
  t.like(request, { Action: 'SendSms', Version: '2017-05-25', PhoneNumbers: mobile, SignName: '大运河文化协会', TemplateCode: 'SMS_71390007', RegionId: 'cn-hangzhou', Format: 'JSON' });
  const params = JSON.parse(request.TemplateParam!) as Record<string, string>;
  t.deepEqual(Object.keys(params), ['site_name', 'code', 'minutes']);
  t.like(params, { site_name: '大运河文化协会', minutes: '10' });
  t.true(await server.app.services.codes.verify(mobile, 'user_register', params.code));

  const log = await lastLog();
  t.like(log, { provider: 'aliyun', status: 'success' });
  t.is(log.content, '【大运河文化协会】您的验证码是 ****，10 分钟内有效，请勿告诉他人。', 'staff do not see codes that really went out');
  t.regex(log.answer, /"Code":"OK"/);

  const checkIn = await api<{ accountVerificationType: string[] }>(server.url, '/api/user/checkIn');
  t.true(checkIn.body.data.accountVerificationType.includes('mobile'), 'a real provider: members are offered SMS');

  aliyun.failWith = { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发分钟级流控Permits:1' };
  const limited = await sendCode(nextMobile(), 'user_register', 'en');
  aliyun.failWith = null;
  t.is(limited.code, 0);
  t.is(limited.msg, 'The code could not be sent: Alibaba Cloud refused the message: isv.BUSINESS_LIMIT_CONTROL 触发分钟级流控Permits:1');
  const failed = await lastLog();
  t.is(failed.status, 'failed');
  t.regex(failed.answer, /isv\.BUSINESS_LIMIT_CONTROL/);

  // A wrong secret is refused by the provider's signature check, and said so.
  await configure({ sms_aliyun_access_key_secret: 'not-the-secret' });
  const wrong = await sendCode(nextMobile(), 'user_register', 'en');
  t.is(wrong.msg, 'The code could not be sent: Alibaba Cloud refused the message: SignatureDoesNotMatch Specified signature is not matched with our calculation.');
  t.is(aliyun.refused, 1);
  await configure({ sms_aliyun_access_key_secret: '' });
  t.is(await server.app.services.settings.get('sms_aliyun_access_key_secret'), 'not-the-secret', 'an empty secret field keeps the stored one');
});

test.serial('Tencent Cloud: a TC3-signed SendSms with the variables in template order', async (t) => {
  const template = await server.app.knex('sms_template').where({ code: 'user_retrieve_pwd' }).first<{ id: number }>('id');
  await root('/admin/sms.Template/edit', { body: { id: template.id, template: '1234567' } });
  await configure({
    sms_driver: 'tencent',
    sms_tencent_secret_id: 'AKID-test',
    sms_tencent_secret_key: 'tencent-test-key',
    sms_tencent_sdk_app_id: '1400000000',
    sms_tencent_sign_name: '大运河文化协会',
    sms_tencent_endpoint: tencent.url,
  });
  const mobile = nextMobile();
  await server.app.knex('user').insert({ username: 'tencent_member', nickname: 'tm', mobile, password: 'x', status: 'enable', group_id: 1 });
  const res = await sendCode(mobile, 'user_retrieve_pwd');
  t.is(res.code, 1, res.msg);
  t.is(tencent.refused, 0);
  const { headers, body } = tencent.received[0]!;
  t.is(headers['x-tc-region'], 'ap-guangzhou');
  t.deepEqual(body.PhoneNumberSet, [`+86${mobile}`]);
  t.like(body, { SmsSdkAppId: '1400000000', SignName: '大运河文化协会', TemplateId: '1234567' });
  t.is(body.TemplateParamSet.length, 3);
  t.is(body.TemplateParamSet[0], '大运河文化协会');
  t.is(body.TemplateParamSet[2], '10');
  t.true(await server.app.services.codes.verify(mobile, 'user_retrieve_pwd', body.TemplateParamSet[1]));
  t.like(await lastLog(), { provider: 'tencent', status: 'success', template_code: 'user_retrieve_pwd' });

  tencent.failWith = { code: 'LimitExceeded.PhoneNumberDailyLimit', message: '单个手机号日下发条数超过设定的上限' };
  await server.app.knex('captcha').delete();
  const limited = await sendCode(mobile, 'user_retrieve_pwd', 'en');
  tencent.failWith = null;
  t.is(limited.msg, 'The code could not be sent: Tencent Cloud did not send the message: LimitExceeded.PhoneNumberDailyLimit 单个手机号日下发条数超过设定的上限');

  await configure({ sms_tencent_secret_key: 'wrong-key' });
  await server.app.knex('captcha').delete();
  const wrong = await sendCode(mobile, 'user_retrieve_pwd', 'en');
  t.is(wrong.msg, 'The code could not be sent: Tencent Cloud refused the request: AuthFailure.SignatureFailure The provided credentials could not be validated.');
  t.is(tencent.refused, 1);
});

test.serial('incomplete provider settings make SMS unavailable; the send log is read-only and can be cleared', async (t) => {
  await configure({ sms_driver: 'tencent', sms_tencent_sdk_app_id: '' });
  const res = await sendCode(nextMobile(), 'user_register', 'en');
  t.is(res.msg, 'The SMS service is not configured; text messages cannot be sent for now');
  t.is((await root('/admin/sms.Log/add', { body: { mobile: '1' } })).code, 0, 'no add action');
  const rows = await server.app.knex('sms_log').select<{ id: number }[]>('id');
  const del = await root(`/admin/sms.Log/del?${rows.map((r) => `ids[]=${r.id}`).join('&')}`, { method: 'DELETE' });
  t.is(del.code, 1, del.msg);
  t.is((await root<{ total: number }>('/admin/sms.Log/index')).data.total, 0);
});
