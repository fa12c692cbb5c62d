import test from 'ava';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { ConfigIndex, ConfigItem, ConfigType } from '../../src/shared/config.ts';
import { allowIntranet } from '../helpers/intranet.ts';
import { api, startServer, type TestServer } from '../helpers/server.ts';

// routine/config against a real server: every item type through add → index → edit → index, the ⚠ fixes
// of the reference (login required, passwords never sent back, allow_del enforced) and a real test mail.

let server: TestServer;
let token = '';

test.before(async () => {
  server = await startServer();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  token = await server.app.services.tokens.issue('admin', admin.id);
});
test.after.always(async () => {
  await server?.stop();
});

const call = <T = unknown>(path: string, init: { method?: string; body?: unknown; lang?: string } = {}) =>
  api<T>(server.url, path, { ...init, headers: { batoken: token } });

async function index(lang = 'en'): Promise<ConfigIndex> {
  const res = await call<ConfigIndex>('/admin/routine.Config/index', { lang });
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data;
}

async function item(name: string): Promise<ConfigItem> {
  const data = await index();
  const found = Object.values(data.list).flatMap((g) => g.list).find((i) => i.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
}

const stored = async (name: string) => (await server.app.knex('config').where({ name }).first<{ value: string }>()).value;

const CHOICES = 'a=Apple\nb=Banana\nc=Cherry';

/** Every item type of reference 3.10: the default a new item shows, a value to post, and how it comes back and is stored. */
const TYPES: { type: ConfigType; initial: unknown; post: unknown; shown: unknown; stored: string }[] = [
  { type: 'string', initial: '', post: '  hello  ', shown: 'hello', stored: 'hello' },
  { type: 'password', initial: '', post: 'S3cret pass', shown: '', stored: 'S3cret pass' },
  { type: 'number', initial: '', post: 42.5, shown: '42.5', stored: '42.5' },
  { type: 'radio', initial: '', post: 'b', shown: 'b', stored: 'b' },
  { type: 'checkbox', initial: [], post: ['a', 'c'], shown: ['a', 'c'], stored: '["a","c"]' },
  { type: 'switch', initial: false, post: true, shown: true, stored: '1' },
  { type: 'textarea', initial: '', post: 'line 1\nline 2', shown: 'line 1\nline 2', stored: 'line 1\nline 2' },
  { type: 'array', initial: [], post: [{ key: 'k1', value: 'v1' }, { key: 'k2', value: 'v2' }], shown: [{ key: 'k1', value: 'v1' }, { key: 'k2', value: 'v2' }], stored: '[{"key":"k1","value":"v1"},{"key":"k2","value":"v2"}]' },
  { type: 'datetime', initial: '', post: '2026-11-21 08:30', shown: '2026-11-21 08:30:00', stored: '2026-11-21 08:30:00' },
  { type: 'year', initial: '', post: '2026', shown: '2026', stored: '2026' },
  { type: 'date', initial: '', post: '2026-02-28', shown: '2026-02-28', stored: '2026-02-28' },
  { type: 'time', initial: '', post: '8:05', shown: '08:05:00', stored: '08:05:00' },
  { type: 'select', initial: '', post: 'c', shown: 'c', stored: 'c' },
  { type: 'selects', initial: [], post: ['b', 'a'], shown: ['b', 'a'], stored: '["b","a"]' },
  { type: 'remoteSelect', initial: '', post: 12, shown: '12', stored: '12' },
  { type: 'remoteSelects', initial: [], post: ['3', '5'], shown: ['3', '5'], stored: '3,5' },
  { type: 'editor', initial: '', post: '<p>Hi <b>there</b></p>', shown: '<p>Hi <b>there</b></p>', stored: '<p>Hi <b>there</b></p>' },
  { type: 'city', initial: [], post: ['10', '112', '1204'], shown: ['10', '112', '1204'], stored: '10,112,1204' },
  { type: 'image', initial: '', post: '/storage/default/a.png', shown: '/storage/default/a.png', stored: '/storage/default/a.png' },
  { type: 'images', initial: '', post: ['/storage/a.png', '/storage/b.png'], shown: '/storage/a.png,/storage/b.png', stored: '/storage/a.png,/storage/b.png' },
  { type: 'file', initial: '', post: '/storage/default/a.zip', shown: '/storage/default/a.zip', stored: '/storage/default/a.zip' },
  { type: 'files', initial: '', post: ['/storage/a.zip'], shown: '/storage/a.zip', stored: '/storage/a.zip' },
  { type: 'icon', initial: '', post: 'bi-star', shown: 'bi-star', stored: 'bi-star' },
  { type: 'color', initial: '', post: '#ff0000', shown: '#ff0000', stored: '#ff0000' },
];

test.serial('the config index needs a login (reference ⚠ 1)', async (t) => {
  const res = await api(server.url, '/admin/routine.Config/index');
  t.is(res.body.code, 303);
});

test.serial('index: groups and titles translated, typed values, quick entrances', async (t) => {
  const zh = await (async () => (await call<ConfigIndex>('/admin/routine.Config/index', { lang: 'zh-cn' })).body.data)();
  t.is(zh.configGroup.basics, '基础配置');
  t.is(zh.list.mail!.title, '邮件配置');
  const siteName = zh.list.basics!.list.find((i) => i.name === 'site_name')!;
  t.is(siteName.title, '站点名称');
  t.is(siteName.value, '大运河文化协会');
  t.is(siteName.content, '');
  const en = await index('en');
  t.is(en.configGroup.basics, 'Basics');
  t.is(en.list.basics!.list.find((i) => i.name === 'time_zone')!.title, 'Time zone');
  t.deepEqual(en.quickEntrance, [
    { key: 'Recycle rules', value: 'security/dataRecycle' },
    { key: 'Sensitive data rules', value: 'security/sensitiveData' },
  ]);
  const groups = en.list.basics!.list.find((i) => i.name === 'config_group')!;
  t.true(Array.isArray(groups.value));
  t.is((await item('open_member_center')).value, true, 'a switch is a boolean');
  t.deepEqual((await item('smtp_verification')).content, { SSL: 'SSL', TLS: 'TLS' });
  // Ordered by weigh, highest first.
  const basics = en.list.basics!.list.map((i) => i.name);
  t.true(basics.indexOf('site_name') < basics.indexOf('version'));
});

test.serial('every item type round-trips through add → index → edit → index', async (t) => {
  for (const spec of TYPES) {
    const name = `t_${spec.type.toLowerCase()}`;
    const choice = ['radio', 'checkbox', 'select', 'selects'].includes(spec.type);
    const added = await call('/admin/routine.Config/add', {
      body: { group: 'basics', name, title: `Item ${spec.type}`, type: spec.type, tip: 'A tip', rule: [], content: choice ? CHOICES : '', extend: '', weigh: 0 },
    });
    t.is(added.body.code, 1, `${spec.type}: ${added.body.msg}`);
    const fresh = await item(name);
    t.deepEqual(fresh.value, spec.initial, `${spec.type}: initial value`);
    t.is(fresh.type, spec.type);
    t.is(fresh.allow_del, 1);
    if (choice) t.deepEqual(fresh.content, { a: 'Apple', b: 'Banana', c: 'Cherry' });
    else t.is(fresh.content, '');
  }
  // One edit posts every item at once, as a config tab does.
  const body = Object.fromEntries(TYPES.map((s) => [`t_${s.type.toLowerCase()}`, s.post]));
  const edited = await call('/admin/routine.Config/edit', { body, lang: 'en' });
  t.is(edited.body.code, 1, edited.body.msg);
  t.is(edited.body.msg, 'The settings on this page have been saved');
  for (const spec of TYPES) {
    const name = `t_${spec.type.toLowerCase()}`;
    t.deepEqual((await item(name)).value, spec.shown, `${spec.type}: value shown`);
    t.is(await stored(name), spec.stored, `${spec.type}: value stored`);
  }
  // A switch turned off, and an empty password post that keeps the secret.
  t.is((await call('/admin/routine.Config/edit', { body: { t_switch: false, t_password: '' } })).body.code, 1);
  t.is(await stored('t_switch'), '0');
  t.is((await item('t_switch')).value, false);
  t.is(await stored('t_password'), 'S3cret pass');
});

test.serial('values are checked against their type, their choices and their rules', async (t) => {
  const bad: [Record<string, unknown>, RegExp][] = [
    [{ t_number: 'abc' }, /Please enter a number/],
    [{ t_date: '2026-02-30' }, /valid date/],
    [{ t_datetime: 'tomorrow' }, /valid date/],
    [{ t_time: '25:00' }, /valid date/],
    [{ t_select: 'z' }, /not valid/],
    [{ t_checkbox: ['a', 'z'] }, /not valid/],
    [{ t_image: 'javascript:alert(1)' }, /valid URL/],
    [{ t_city: ['x'] }, /not valid/],
    [{ time_zone: 'Mars/Olympus' }, /Unknown time zone/],
    [{ site_name: '' }, /Site name: required/],
    [{ smtp_sender_mail: 'not-an-address' }, /Sender address: Please enter a valid e-mail address/],
  ];
  for (const [body, message] of bad) {
    const res = await call('/admin/routine.Config/edit', { body, lang: 'en' });
    t.is(res.body.code, 0, JSON.stringify(body));
    t.regex(res.body.msg, message, JSON.stringify(body));
  }
  t.is(await stored('t_number'), '42.5', 'a refused edit changes nothing');
  t.is((await call('/admin/routine.Config/edit', { body: { nothing_here: 1 } })).body.code, 0, 'no known item posted');
  // Rich text is sanitised on save.
  const res = await call('/admin/routine.Config/edit', { body: { t_editor: '<p onclick="x()">Hi<script>alert(1)</script><img src="https://example.org/a.png" onerror="steal()"></p>' } });
  t.is(res.body.code, 1);
  const html = await stored('t_editor');
  t.false(/script|onerror|onclick/i.test(html), html);
  t.regex(html, /<img src="https:\/\/example.org\/a.png" \/>|<img src="https:\/\/example.org\/a.png">/);
});

test.serial('add: name format and uniqueness, known group and type, choices, rules and extensions', async (t) => {
  const base = { group: 'basics', title: 'Extra', type: 'string', content: '', weigh: 3 };
  const tries: [Record<string, unknown>, RegExp][] = [
    [{ ...base, name: '' }, /Please enter Variable name/],
    [{ ...base, name: 'Bad-Name' }, /variable name must be/],
    [{ ...base, name: 'site_name' }, /already exists/],
    [{ ...base, name: 'extra_one', group: 'nowhere' }, /Unknown config group: nowhere/],
    [{ ...base, name: 'extra_one', type: 'spreadsheet' }, /Unknown item type/],
    [{ ...base, name: 'extra_one', type: 'select', content: '' }, /one key=value per line/],
    [{ ...base, name: 'extra_one', rule: ['required', 'telepathy'] }, /not valid/],
    [{ ...base, name: 'extra_one', title: '' }, /Please enter Title/],
  ];
  for (const [body, message] of tries) {
    const res = await call('/admin/routine.Config/add', { body, lang: 'en' });
    t.is(res.body.code, 0, JSON.stringify(body));
    t.regex(res.body.msg, message);
  }
  const res = await call('/admin/routine.Config/add', {
    body: { ...base, name: 'extra_one', rule: ['required', 'email'], extend: 'size=large\nstyle.width=120\nclearable=true', inputExtend: 'placeholder=you@example.org', value: 'office@canal.example.org' },
  });
  t.is(res.body.code, 1, res.body.msg);
  const extra = await item('extra_one');
  t.is(extra.rule, 'required,email');
  t.deepEqual(extra.extend, { size: 'large', style: { width: 120 }, clearable: true });
  t.deepEqual(extra.input_extend, { placeholder: 'you@example.org' });
  t.is(extra.value, 'office@canal.example.org');
  const wrong = await call('/admin/routine.Config/edit', { body: { extra_one: 'nobody' }, lang: 'en' });
  t.regex(wrong.body.msg, /^Extra: Please enter a valid e-mail address$/, 'the item rules apply on edit');
  t.regex((await call('/admin/routine.Config/edit', { body: { extra_one: '' }, lang: 'en' })).body.msg, /required/);
});

test.serial('password values are never sent back, whatever their group', async (t) => {
  await call('/admin/routine.Config/edit', { body: { smtp_pass: 'mail-secret-1', sms_webhook_secret: 'hook-secret-2' } });
  const raw = JSON.stringify((await call('/admin/routine.Config/index')).body);
  t.false(raw.includes('mail-secret-1'));
  t.false(raw.includes('hook-secret-2'));
  t.false(raw.includes('S3cret pass'));
  t.is((await item('smtp_pass')).value, '');
  t.is(await stored('smtp_pass'), 'mail-secret-1');
});

test.serial('config groups: edited as the config_group array; a group with items cannot be dropped', async (t) => {
  const groups = (await item('config_group')).value as { key: string; value: string }[];
  const withDemo = [...groups, { key: 'demo', value: 'Demo' }];
  t.is((await call('/admin/routine.Config/edit', { body: { config_group: withDemo } })).body.code, 1);
  t.is((await index()).configGroup.demo, 'Demo', 'an untranslated title shows as written');
  t.is((await call('/admin/routine.Config/edit', { body: { config_group: groups } })).body.code, 1, 'an empty group can go');
  const withoutMail = groups.filter((g) => g.key !== 'mail');
  const res = await call('/admin/routine.Config/edit', { body: { config_group: withoutMail }, lang: 'en' });
  t.is(res.body.code, 0);
  t.regex(res.body.msg, /group mail still has config items/);
  const dup = await call('/admin/routine.Config/edit', { body: { config_group: [...groups, { key: 'mail', value: 'Again' }] }, lang: 'en' });
  t.regex(dup.body.msg, /repeated group key: mail/);
});

test.serial('del refuses items with allow_del 0 (reference ⚠ 7) and leaves no recycle copy; others go to the recycle bin', async (t) => {
  const knex = server.app.knex;
  const site = await knex('config').where({ name: 'site_name' }).first<{ id: number }>();
  const extra = await knex('config').where({ name: 'extra_one' }).first<{ id: number }>();
  const before = await knex('security_data_recycle_log').count({ n: '*' });
  const refused = await call(`/admin/routine.Config/del?ids[]=${site.id}&ids[]=${extra.id}`, { method: 'DELETE', lang: 'en' });
  t.is(refused.body.code, 0);
  t.is(refused.body.msg, 'The config item site_name cannot be deleted');
  t.truthy(await knex('config').where({ id: extra.id }).first(), 'the whole delete was refused');
  t.deepEqual(await knex('security_data_recycle_log').count({ n: '*' }), before, 'a refused delete leaves no recycle copy');

  const done = await call(`/admin/routine.Config/del?ids[]=${extra.id}`, { method: 'DELETE' });
  t.is(done.body.code, 1, done.body.msg);
  t.falsy(await knex('config').where({ id: extra.id }).first());
  const copy = await knex('security_data_recycle_log').where({ data_table: 'config' }).orderBy('id', 'desc').first<{ data: string }>();
  t.is((JSON.parse(copy.data) as { name: string }).name, 'extra_one');
  t.is(await server.app.services.settings.get('extra_one'), '', 'the settings cache was cleared');
});

test.serial('saved values reach the settings cache at once', async (t) => {
  t.is(await server.app.services.settings.get('t_string'), 'hello');
  await call('/admin/routine.Config/edit', { body: { t_string: 'changed' } });
  t.is(await server.app.services.settings.get('t_string'), 'changed');
});

interface Inbox {
  port: number;
  messages: { mail: ParsedMail; user: string; pass: string }[];
  close(): Promise<void>;
}

async function startInbox(): Promise<Inbox> {
  const messages: Inbox['messages'] = [];
  let lastAuth = { user: '', pass: '' };
  const smtp = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      lastAuth = { user: auth.username ?? '', pass: auth.password ?? '' };
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({ mail, ...lastAuth });
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

test.serial('sendTestMail sends a real HTML mail with the unsaved form values, its password included', async (t) => {
  const inbox = await startInbox();
  await allowIntranet(server);
  try {
    await call('/admin/routine.Config/edit', { body: { smtp_pass: 'saved-secret' } });
    const form = {
      smtp_server: '127.0.0.1',
      smtp_port: String(inbox.port),
      smtp_user: 'canal-mailer',
      smtp_pass: 'form-secret',
      smtp_verification: 'TLS',
      smtp_sender_mail: 'noreply@canal.example.org',
      smtp_tls_verify: false,
      testMail: 'someone@example.org',
    };
    const res = await call('/admin/routine.Config/sendTestMail', { body: form, lang: 'en' });
    t.is(res.body.code, 1, res.body.msg);
    t.is(res.body.msg, 'Test mail sent');
    t.is(inbox.messages.length, 1);
    const { mail, user, pass } = inbox.messages[0]!;
    t.is(user, 'canal-mailer');
    t.is(pass, 'form-secret', 'the password typed into the form, not the saved one');
    t.is(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', 'someone@example.org');
    t.regex(mail.subject ?? '', /Test mail from/);
    t.regex(String(mail.html), /<p>This is a test mail/);
    t.is(await stored('smtp_server'), 'smtp.qq.com', 'the form values were not saved');

    const badAddress = await call('/admin/routine.Config/sendTestMail', { body: { ...form, testMail: 'nobody' }, lang: 'en' });
    t.is(badAddress.body.msg, 'Please enter a valid e-mail address');
  } finally {
    await inbox.close();
  }
  const closed = await call('/admin/routine.Config/sendTestMail', {
    body: { smtp_server: '127.0.0.1', smtp_port: String(inbox.port), smtp_user: 'u', smtp_pass: 'p', smtp_verification: 'TLS', smtp_sender_mail: 'a@b.org', testMail: 'c@d.org' },
    lang: 'en',
  });
  t.is(closed.body.code, 0);
  t.regex(closed.body.msg, /^The test mail could not be sent: .*ECONNREFUSED/);
});
