/**
 * The calls BuildAdmin's own web client (v2.1.2) makes, answered in the reference's shapes field by field
 * (reference admin-api sections 0-4, member-and-common-api sections 1-7). Each shape lists the reference's
 * fields; what we send beside them is marked with `ours(...)`, so every difference is named here. The menu
 * rules and the two index calls are checked in buildadmin-contract.test.ts.
 */
import test from 'ava';
import { ADMIN_PASSWORD, createMember, solvedCaptcha, expire } from '../helpers/accounts.ts';
import { matchEnvelope, matchShape, nullable, ours, type Shape } from '../helpers/contract.ts';
import { createAdmin, createGroup } from '../helpers/admins.ts';
import { png } from '../helpers/images.ts';
import { api, type ApiResult, type TestServer, startServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
});
test.after.always(async () => {
  await server?.stop();
});

type Row = Record<string, unknown>;

/** One call as the client makes it, checked for the envelope and the code; the answer's data comes back. */
async function call<T = Row>(
  t: Parameters<typeof matchShape>[0],
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; code?: number } = {},
): Promise<ApiResult<T>> {
  const res = await api<T>(server.url, path, init);
  matchEnvelope(t, res as ApiResult, init.code ?? 1, `${init.method ?? (init.body ? 'POST' : 'GET')} ${path}`);
  return res;
}

/** A multipart upload as the client's `fileUpload` sends it. */
async function upload(path: string, headers: Record<string, string>): Promise<ApiResult<{ file: Row }>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png([20, 90, 160]))], { type: 'image/png' }), 'canal.png');
  const res = await fetch(server.url + path, { method: 'POST', body: form, headers: { server: 'true', 'think-lang': 'zh-cn', ...headers } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as ApiResult<{ file: Row }>['body'] };
}

// This file's tests run at once, and a login claims one of the address's three free tries before the password
// is checked (src/server/services/loginThrottle.ts): logins here go one at a time, or a fourth would be told to wait.
let loginQueue: Promise<unknown> = Promise.resolve();

function adminLogin(t: Parameters<typeof matchShape>[0], keep: boolean): Promise<{ token: string; refresh: string }> {
  const next = loginQueue.then(() => loginOnce(t, keep));
  loginQueue = next.catch(() => undefined);
  return next;
}

async function loginOnce(t: Parameters<typeof matchShape>[0], keep: boolean): Promise<{ token: string; refresh: string }> {
  const res = await call<{ userInfo: Row }>(t, '/admin/Index/login', { body: { username: 'admin', password: ADMIN_PASSWORD, keep, ...(await solvedCaptcha(server)) } });
  // Reference 1.2: exactly these fields; last_login_time is the formatted time of the admin table.
  matchShape(t, res.body.data, { userInfo: { id: 'number', username: 'string', nickname: 'string', avatar: 'string', last_login_time: 'string', token: 'string', refresh_token: 'string' } }, 'login');
  return { token: String(res.body.data.userInfo.token), refresh: String(res.body.data.userInfo.refresh_token) };
}

/** `{list, total, remark}` of the generic index (reference 2). */
const list = (row: Shape): Shape => ({ list: [row], total: 'number', remark: 'string' });

/** Reference 4 / member 6.2: the attachment row without create_time and quote, plus suffix and full_url. */
const FILE: Shape = {
  id: 'number', topic: 'string', admin_id: 'number', user_id: 'number', url: 'string', width: 'number', height: 'number', name: 'string',
  size: 'number', mimetype: 'string', storage: 'string', sha1: 'string', last_upload_time: 'number', suffix: 'string', full_url: 'string',
};

/** Reference 1.4 rule node columns (table admin_rule / user_rule). */
const RULE_COLUMNS = {
  id: 'number', pid: 'number', type: 'string', title: 'string', name: 'string', path: 'string', icon: 'string', menu_type: 'string|null', url: 'string',
  component: 'string', extend: 'string', remark: 'string', weigh: 'number', status: 'string', update_time: 'number|null', create_time: 'number|null',
} as const;
/** A joined admin or member: display columns only (reference ⚠ 6). */
const ACCOUNT: Shape = { id: 'number', username: 'string', nickname: 'string' };
const TITLE_EN = ours({ title_en: 'string' });
const NAME_EN = ours({ name_en: 'string' });

test('admin sign-in and token calls (reference 1.2, 2.5 of the member document)', async (t) => {
  const guest = await call(t, '/admin/Index/login');
  matchShape(t, guest.body.data, { captcha: 'boolean' }, 'login GET');
  t.true((guest.body.data as { captcha: boolean }).captcha, 'the captcha is on by default');

  const plain = await adminLogin(t, false);
  t.is(plain.refresh, '', 'no refresh token without keep');
  const kept = await adminLogin(t, true);
  t.regex(kept.token, /^[0-9a-f-]{36}$/);
  t.regex(kept.refresh, /^[0-9a-f-]{36}$/);

  const again = await call<Row>(t, '/admin/Index/login', { headers: { batoken: kept.token }, code: 303 });
  t.deepEqual(again.body.data, { type: 'logged in' });

  // An expired access token: 409 where a login is needed, then the refresh flow.
  await expire(server, kept.token);
  t.is((await call(t, '/admin/Index/index', { headers: { batoken: kept.token }, code: 409 })).body.msg.length > 0, true);
  const refreshed = await call<Row>(t, '/api/common/refreshToken', { body: { refreshToken: kept.refresh }, headers: { batoken: kept.token } });
  // Ours: the refresh token rotates (hardening), the new one comes beside the access token.
  matchShape(t, refreshed.body.data, { type: 'string', token: 'string', ...ours({ refresh_token: 'string' }) }, 'refreshToken');
  t.is(refreshed.body.data.type, 'admin-refresh');
  const token = String(refreshed.body.data.token);
  t.is((await call(t, '/admin/Index/index', { headers: { batoken: token } })).body.code, 1);

  const out = await call<null>(t, '/admin/Index/logout', { body: { refreshToken: kept.refresh }, headers: { batoken: token } });
  t.is(out.body.data, null);
  const gone = await call<Row>(t, '/admin/Index/index', { headers: { batoken: token }, code: 303 });
  t.deepEqual(gone.body.data, { type: 'need login' });

  // The click captcha both login pages open (member 4.1, 4.2).
  const captcha = await call<Row>(t, '/api/common/clickCaptcha?id=contract-check');
  matchShape(t, captcha.body.data, { id: 'string', text: ['string'], base64: 'string', width: 'number', height: 'number' }, 'clickCaptcha');
  t.regex(String(captcha.body.data.base64), /^data:image\/(png|jpeg);base64,/);
  const check = await call<null>(t, '/api/common/checkClickCaptcha', { body: { id: 'contract-check', info: '1,1-2,2;350;200', unset: false }, code: 0 });
  t.is(check.body.data, null);
});

test('admin screens: each module answers in its reference shape (reference 2, 3)', async (t) => {
  const { token } = await adminLogin(t, false);
  const headers = { batoken: token };
  const get = async (path: string, code = 1) => (await call<Row>(t, path, { headers, code })).body.data;
  const member = await createMember(server, { email: 'contract@example.com' });
  await call(t, '/admin/user.MoneyLog/add', { headers, body: { user_id: member.id, money: '12.50', memo: '活动奖励' } });
  await call(t, '/admin/user.ScoreLog/add', { headers, body: { user_id: member.id, score: 5, memo: '活动奖励' } });

  matchShape(t, await get('/admin/Dashboard/index'), { remark: 'string', ...ours({ stats: 'object', todo: ['object'], registration: { open: 'boolean' } }) }, 'dashboard');

  // 3.1: no password, salt or login_failure in the list; the groups beside each admin. Ours: department and job.
  const ADMIN_ROW = {
    id: 'number', username: 'string', nickname: 'string', avatar: 'string', email: 'string', mobile: 'string', last_login_time: 'number|null',
    last_login_ip: 'string', motto: 'string', status: 'string', update_time: 'number|null', create_time: 'number|null',
    group_arr: ['number'], group_name_arr: ['string'],
    ...ours({ department_id: 'number', job_id: 'number', department: { name: 'string|null' }, job: { name: 'string|null' } }),
  } as const;
  matchShape(t, await get('/admin/auth.Admin/index'), list(ADMIN_ROW), 'auth.Admin index');
  matchShape(t, await get('/admin/auth.Admin/edit?id=1'), { row: { ...ADMIN_ROW, password: 'string' } }, 'auth.Admin edit');
  t.is(((await get('/admin/auth.Admin/edit?id=1')).row as Row).password, '', 'the edit form gets an empty password');

  // 3.2: no pagination, the caller's own groups beside the list; select gives options.
  const GROUP_ROW = { id: 'number', pid: 'number', name: 'string', rules: 'string', status: 'string', update_time: 'number|null', create_time: 'number|null', ...NAME_EN } as const;
  matchShape(t, await get('/admin/auth.Group/index'), { list: [{ ...GROUP_ROW, 'children?': 'array' }], group: ['number'], remark: 'string' }, 'auth.Group index');
  matchShape(t, await get('/admin/auth.Group/index?select=true'), { options: [GROUP_ROW] }, 'auth.Group select');
  matchShape(t, await get('/admin/auth.Group/edit?id=1'), { row: { ...GROUP_ROW, rules: ['string|number'] } }, 'auth.Group edit');

  // 3.3 / 3.7: rule trees and parent options.
  const ADMIN_RULE = { ...RULE_COLUMNS, keepalive: 'number', ...TITLE_EN, 'children?': 'array' } as const;
  matchShape(t, await get('/admin/auth.Rule/index'), { list: [ADMIN_RULE], remark: 'string' }, 'auth.Rule index');
  const { 'children?': _, ...adminOption } = ADMIN_RULE;
  const options = (await get('/admin/auth.Rule/index?select=true')).options as Row[];
  matchShape(t, { options }, { options: [adminOption] }, 'auth.Rule select');
  t.true(options.every((o) => o.type !== 'button' && o.status === '1'), 'select offers enabled folders and menus only');
  const MEMBER_RULE = { ...RULE_COLUMNS, no_login_valid: 'number', ...TITLE_EN, 'children?': 'array' } as const;
  matchShape(t, await get('/admin/user.Rule/index'), { list: [MEMBER_RULE], remark: 'string' }, 'user.Rule index');

  // 3.4
  matchShape(t, await get('/admin/auth.AdminLog/index'), list({ id: 'number', admin_id: 'number', username: 'string', url: 'string', title: 'string', data: 'string', ip: 'string', useragent: 'string', create_time: 'number', ...TITLE_EN }), 'auth.AdminLog index');

  // 3.5: the group joined, no password or salt; select adds nickname_text.
  const USER_ROW = {
    id: 'number', group_id: 'number', username: 'string', nickname: 'string', email: 'string', mobile: 'string', avatar: 'string', gender: 'number',
    birthday: 'string|null', money: 'string', score: 'number', last_login_time: 'number|null', last_login_ip: 'string', login_failure: 'number',
    join_ip: 'string', join_time: 'number|null', motto: 'string', status: 'string', update_time: 'number|null', create_time: 'number|null',
    group: { name: 'string|null', ...ours({ name_en: 'string|null' }) },
  } as const;
  matchShape(t, await get('/admin/user.User/index'), list(USER_ROW), 'user.User index');
  matchShape(t, await get(`/admin/user.User/index?select=true&quickSearch=${member.username}`), list({ ...USER_ROW, nickname_text: 'string' }), 'user.User select');
  matchShape(t, await get(`/admin/user.User/edit?id=${member.id}`), { row: { ...USER_ROW, password: 'string' } }, 'user.User edit');

  // 3.6
  matchShape(t, await get('/admin/user.Group/index'), list({ id: 'number', name: 'string', rules: 'string', status: 'string', update_time: 'number|null', create_time: 'number|null', ...NAME_EN, ...ours({ rules_name_arr: ['string'] }) }), 'user.Group index');

  // 3.8 / 3.9: the member joined; amounts as yuan strings.
  // Ours beside the reference's: who booked the change and the request's Idempotency-Key (hardening).
  const LEDGER = {
    id: 'number', user_id: 'number', before: 'string', after: 'string', memo: 'string', create_time: 'number', user: { username: 'string|null', nickname: 'string|null' },
    ...ours({ memo_en: 'string', admin_id: 'number', idempotency_key: 'string|null' }),
  } as const;
  matchShape(t, await get('/admin/user.MoneyLog/index'), list({ ...LEDGER, money: 'string' }), 'user.MoneyLog index');
  matchShape(t, await get('/admin/user.ScoreLog/index'), list({ ...LEDGER, score: 'number', before: 'number', after: 'number' }), 'user.ScoreLog index');
  const lookup = await get(`/admin/user.MoneyLog/add?userId=${member.id}`);
  t.true(typeof lookup.user === 'object' && !('password' in (lookup.user as Row)) && !('salt' in (lookup.user as Row)), 'the member, without hash or salt (reference ⚠ 6)');

  // 3.10
  const config = await get('/admin/routine.Config/index');
  matchShape(t, config, { list: 'object', remark: 'string', configGroup: 'object', quickEntrance: [{ key: 'string', value: 'string' }] }, 'routine.Config index');
  const CONFIG_ROW = {
    id: 'number', name: 'string', group: 'string', title: 'string', tip: 'string', type: 'string', value: 'any', content: 'string|object', rule: 'string',
    extend: 'string|object|array', input_extend: 'string|object|array', allow_del: 'number', weigh: 'number', ...ours({ title_en: 'string', tip_en: 'string' }),
  } as const;
  for (const [key, group] of Object.entries(config.list as Record<string, Row>)) {
    t.true(key in (config.configGroup as Row), `${key} is a config group`);
    matchShape(t, group, { name: 'string', title: 'string', list: [CONFIG_ROW] }, `config group ${key}`);
  }
  const items = Object.values(config.list as Record<string, { list: Row[] }>).flatMap((g) => g.list);
  const typed = (type: string) => items.filter((i) => i.type === type).map((i) => typeof i.value);
  t.true(typed('switch').every((v) => v === 'boolean'), 'switch values are booleans');
  t.true(items.filter((i) => i.type === 'array').every((i) => Array.isArray(i.value)), 'array values are parsed');

  // 3.11: attachments as uploaded by the admin (4).
  const uploaded = await upload('/admin/ajax/upload', headers);
  t.is(uploaded.body.code, 1, uploaded.body.msg);
  matchShape(t, uploaded.body.data, { file: FILE }, 'admin upload');
  matchShape(t, await get('/admin/routine.Attachment/index'), list({
    id: 'number', topic: 'string', admin_id: 'number', user_id: 'number', url: 'string', width: 'number', height: 'number', name: 'string', size: 'number',
    mimetype: 'string', quote: 'number', storage: 'string', sha1: 'string', create_time: 'number', last_upload_time: 'number', suffix: 'string', full_url: 'string',
    // Display columns only (reference ⚠ 6), null where nobody of that kind uploaded it.
    admin: nullable(ACCOUNT), user: nullable(ACCOUNT),
  }), 'routine.Attachment index');

  // 3.12: the caller's profile; the token the caller sent comes back (the client merges it into its store).
  const info = await get('/admin/routine.AdminInfo/index');
  matchShape(t, info, {
    info: { id: 'number', username: 'string', nickname: 'string', avatar: 'string', email: 'string', mobile: 'string', motto: 'string', last_login_time: 'string', token: 'string', refresh_token: 'string' },
    ...ours({ remark: 'string' }),
  }, 'routine.AdminInfo index');
  t.is((info.info as Row).token, token);

  // 3.13-3.16: rules, with the controllers to pick from; the logs they write.
  const RECYCLE = { id: 'number', name: 'string', controller: 'string', controller_as: 'string', data_table: 'string', connection: 'string', primary_key: 'string', status: 'string', update_time: 'number|null', create_time: 'number|null', ...NAME_EN } as const;
  matchShape(t, await get('/admin/security.DataRecycle/index'), list(RECYCLE), 'security.DataRecycle index');
  matchShape(t, await get('/admin/security.DataRecycle/add'), { controllers: 'object', ...ours({ tables: 'object' }) }, 'security.DataRecycle add');
  matchShape(t, await get('/admin/security.DataRecycle/edit?id=1'), { row: RECYCLE, ...ours({ controllers: 'object', tables: 'object' }) }, 'security.DataRecycle edit');
  const SENSITIVE = { ...RECYCLE, data_fields: 'array' } as const;
  matchShape(t, await get('/admin/security.SensitiveData/index'), list(SENSITIVE), 'security.SensitiveData index');
  matchShape(t, await get('/admin/security.SensitiveData/add'), { controllers: 'object', ...ours({ tables: 'object' }) }, 'security.SensitiveData add');
  matchShape(t, await get('/admin/security.SensitiveData/edit?id=1'), { row: { ...SENSITIVE, data_fields: 'object' }, controllers: 'object', ...ours({ tables: 'object' }) }, 'security.SensitiveData edit');

  // A watched edit and a recycled delete, as the client sends them (POST edit, DELETE ?ids[]=).
  await call(t, '/admin/user.User/edit', { headers, body: { id: member.id, username: member.username, nickname: member.username, mobile: '13800138000', group_id: 1, status: 'enable' } });
  const sensitiveLogs = (await get('/admin/security.SensitiveDataLog/index')).list as Row[];
  matchShape(t, sensitiveLogs, [{
    id: 'number', admin_id: 'number', sensitive_id: 'number', data_table: 'string', connection: 'string', primary_key: 'string', data_field: 'string', data_comment: 'string',
    id_value: 'string', before: 'string|null', after: 'string|null', ip: 'string', useragent: 'string', is_rollback: 'number', create_time: 'number',
    sensitive: { name: 'string|null', ...ours({ name_en: 'string|null' }) }, admin: nullable(ACCOUNT),
  }], 'security.SensitiveDataLog index');
  t.true(sensitiveLogs.length > 0 && sensitiveLogs.every((l) => l.id_value === `id=${member.id}`), 'the list shows id_value as "<pk>=<value>"');
  const sensitiveInfo = await get(`/admin/security.SensitiveDataLog/info?id=${String(sensitiveLogs[0]!.id)}`);
  t.is(String((sensitiveInfo.row as Row).id_value), String(member.id), 'info gives the raw key value (reference 3.16)');

  const del = await api(server.url, `/admin/user.User/del?ids[]=${member.id}`, { method: 'DELETE', headers });
  matchEnvelope(t, del as ApiResult, 1, 'DELETE user.User/del');
  const recycled = (await get('/admin/security.DataRecycleLog/index')).list as Row[];
  matchShape(t, recycled, [{
    id: 'number', admin_id: 'number', recycle_id: 'number', data: 'string', data_table: 'string', connection: 'string', primary_key: 'string', is_restore: 'number',
    ip: 'string', useragent: 'string', create_time: 'number', recycle: { name: 'string|null', ...ours({ name_en: 'string|null' }) }, admin: nullable(ACCOUNT),
  }], 'security.DataRecycleLog index');
  const recycledInfo = await get(`/admin/security.DataRecycleLog/info?id=${String(recycled[0]!.id)}`);
  t.is(typeof (recycledInfo.row as Row).data, 'object', 'info decodes the row');
});

test('admin ajax helpers (reference 4)', async (t) => {
  const { token } = await adminLogin(t, false);
  const headers = { batoken: token };
  const get = async (path: string, code = 1) => (await call<unknown>(t, path, { headers, code })).body;
  matchShape(t, (await get('/admin/ajax/area')).data, [{ value: 'number', label: 'string' }], 'area');
  matchShape(t, (await get('/admin/ajax/getDatabaseConnectionList')).data, { list: [{ type: 'string', database: 'string', key: 'string' }] }, 'getDatabaseConnectionList');
  matchShape(t, (await get('/admin/ajax/getTableList')).data, { list: [{ table: 'string', comment: 'string', connection: 'string', prefix: 'string' }] }, 'getTableList');
  matchShape(t, (await get('/admin/ajax/getTablePk?table=user')).data, { pk: 'string' }, 'getTablePk');
  t.is((await get('/admin/ajax/getTablePk?table=no_such_table', 0)).msg.length > 0, true);
  matchShape(t, (await get('/admin/ajax/getTableFieldList?table=user')).data, { pk: 'string', fieldList: 'object' }, 'getTableFieldList');
  const cleared = await call<null>(t, '/admin/ajax/clearCache', { headers, body: { type: 'all' } });
  t.is(cleared.body.data, null);
  await call(t, '/admin/ajax/clearCache', { headers, body: { type: 'nonsense' }, code: 0 });

  // 1.3: a logged-in admin without the rule gets 401.
  const group = await createGroup(server, []);
  const plain = await createAdmin(server, [group]);
  await call(t, '/admin/user.User/index', { headers: { batoken: plain.token }, code: 401 });
});

test('the member centre: sign-in, account pages, upload, logout (member 2-7)', async (t) => {
  const page = await call<Row>(t, '/api/user/checkIn');
  matchShape(t, page.body.data, { userLoginCaptchaSwitch: 'boolean', accountVerificationType: ['string'] }, 'checkIn GET');

  const member = await createMember(server);
  const login = await call<{ userInfo: Row; routePath: string }>(t, '/api/user/checkIn', { body: { tab: 'login', username: member.username, password: member.password, keep: true, ...(await solvedCaptcha(server)) } });
  const USER_INFO = {
    id: 'number', username: 'string', nickname: 'string', email: 'string', mobile: 'string', avatar: 'string', gender: 'number', birthday: 'string|null',
    money: 'string', score: 'number', join_time: 'number|null', last_login_time: 'number|null', last_login_ip: 'string', motto: 'string', token: 'string', refresh_token: 'string',
  } as const;
  matchShape(t, login.body.data, { userInfo: USER_INFO, routePath: 'string' }, 'checkIn login');
  t.is(login.body.data.routePath, '/user');
  const token = String(login.body.data.userInfo.token);
  const refresh = String(login.body.data.userInfo.refresh_token);
  t.regex(refresh, /^[0-9a-f-]{36}$/, 'keep gives a refresh token');
  const headers = { 'ba-user-token': token };
  t.deepEqual((await call<Row>(t, '/api/user/checkIn', { headers, code: 303 })).body.data, { type: 'logged in' });

  // A ledger entry so the account lists have rows.
  const admin = await adminLogin(t, false);
  await call(t, '/admin/user.MoneyLog/add', { headers: { batoken: admin.token }, body: { user_id: member.id, money: '3.00', memo: '活动奖励' } });
  await call(t, '/admin/user.ScoreLog/add', { headers: { batoken: admin.token }, body: { user_id: member.id, score: 2, memo: '活动奖励' } });

  const overview = await call<{ days: string[]; score: number[]; money: string[] }>(t, '/api/account/overview', { headers });
  matchShape(t, overview.body.data, { days: ['string'], score: ['number'], money: ['string'] }, 'overview');
  t.is(overview.body.data.days.length, 7);
  t.true(overview.body.data.days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)));
  t.true(overview.body.data.money.every((m) => /^-?\d+\.\d{2}$/.test(m)));

  matchShape(t, (await call(t, '/api/account/profile', { headers })).body.data, { accountVerificationType: 'array', ...ours({ userInfo: USER_INFO }) }, 'profile GET');
  const LEDGER = { id: 'number', user_id: 'number', memo: 'string', create_time: 'number', ...ours({ memo_en: 'string' }) } as const;
  const balance = await call<{ list: Row[] }>(t, '/api/account/balance', { headers });
  matchShape(t, balance.body.data, { list: [{ ...LEDGER, money: 'string', before: 'string', after: 'string' }], total: 'number' }, 'balance');
  t.deepEqual(balance.body.data.list.map((r) => [r.money, r.before, r.after]), [['3.00', '0.00', '3.00']]);
  matchShape(t, (await call(t, '/api/account/integral', { headers })).body.data, { list: [{ ...LEDGER, score: 'number', before: 'number', after: 'number' }], total: 'number' }, 'integral');

  const uploaded = await upload('/api/ajax/upload', headers);
  t.is(uploaded.body.code, 1, uploaded.body.msg);
  matchShape(t, uploaded.body.data, { file: FILE }, 'member upload');
  matchShape(t, (await call(t, '/api/ajax/area')).body.data, [{ value: 'number', label: 'string' }], 'member area');

  // Expired access token: 409 on the member centre, then refresh; logout answers null.
  await expire(server, token);
  await call(t, '/api/index/index?requiredLogin=1', { headers, code: 409 });
  const refreshed = await call<Row>(t, '/api/common/refreshToken', { body: { refreshToken: refresh }, headers });
  matchShape(t, refreshed.body.data, { type: 'string', token: 'string', ...ours({ refresh_token: 'string' }) }, 'member refreshToken');
  t.is(refreshed.body.data.type, 'user-refresh');
  const fresh = { 'ba-user-token': String(refreshed.body.data.token) };
  const out = await call<null>(t, '/api/user/logout', { body: { refreshToken: refresh }, headers: fresh });
  t.is(out.body.data, null);
  t.deepEqual((await call<Row>(t, '/api/index/index?requiredLogin=1', { headers: fresh, code: 303 })).body.data, { type: 'need login' });
});
