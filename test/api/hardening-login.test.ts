import test from 'ava';
import { api, startServer, type ApiResult, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, solvedCaptcha } from '../helpers/accounts.ts';
import { ACCOUNT_CAPTCHA_AFTER } from '../../src/server/services/loginThrottle.ts';

// No lockout of someone else, and no account enumeration through logins (issue 9, item 3). TRUST_PROXY lets
// one test speak from several addresses through X-Forwarded-For.
let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1', USER_LOGIN_CAPTCHA: '0', ADMIN_LOGIN_CAPTCHA: '0', ADMIN_PASSWORD, RATE_LIMIT_FACTOR: '0' });
});
test.after.always(async () => {
  await server?.stop();
});

/** Stretches an address's current back-off to a minute, so a slow machine cannot outlast it mid-test. */
async function holdBackoff(ip: string): Promise<void> {
  await server.app.knex('login_attempt').where({ ip }).update({ next_attempt_time: Math.floor(Date.now() / 1000) + 60 });
}

let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;

function memberLogin(username: string, password: string, from: string, extra: Record<string, unknown> = {}): Promise<ApiResult<{ captcha?: boolean } | null>> {
  return api(server.url, '/api/user/checkIn', { body: { tab: 'login', username, password, ...extra }, headers: { 'x-forwarded-for': from }, lang: 'en' });
}

function adminLogin(username: string, password: string, from: string): Promise<ApiResult> {
  return api(server.url, '/admin/index/login', { body: { username, password }, headers: { 'x-forwarded-for': from }, lang: 'en' });
}

test('failures from one address slow that address down, never the owner elsewhere', async (t) => {
  const m = await createMember(server);
  const attacker = newAddress();
  for (let i = 0; i < 3; i++) t.regex((await memberLogin(m.username, 'wrong-password', attacker)).body.msg, /Incorrect account or password/);
  const row = await server.app.knex('login_attempt').where({ ip: attacker }).first<{ failures: number; next_attempt_time: number; last_failure_time: number }>();
  t.is(row.failures, 3);
  t.true(row.next_attempt_time > row.last_failure_time, 'the third failure starts the back-off');
  await holdBackoff(attacker);
  const slowed = await memberLogin(m.username, m.password, attacker);
  t.is(slowed.body.code, 0);
  t.regex(slowed.body.msg, /try again in \d+ seconds/, 'even the right password waits out the back-off there');
  const owner = await memberLogin(m.username, m.password, newAddress());
  t.is(owner.body.code, 1, 'the owner from another address gets in at once');

  // The back-off doubles: after it has run out, the next failure asks for a longer wait.
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    await server.app.knex('login_attempt').where({ ip: attacker }).update({ next_attempt_time: 0 });
    t.regex((await memberLogin(m.username, 'wrong-password', attacker)).body.msg, /Incorrect/);
    const row = await server.app.knex('login_attempt').where({ ip: attacker }).first<{ next_attempt_time: number; last_failure_time: number }>();
    waits.push(row.next_attempt_time - row.last_failure_time);
  }
  t.deepEqual(waits, [waits[0]!, waits[0]! * 2, waits[0]! * 4]);
  t.true(waits[0]! >= 1);
});

test('an account failed at from many addresses asks everyone for the captcha instead of refusing the owner', async (t) => {
  const m = await createMember(server);
  for (let i = 0; i < ACCOUNT_CAPTCHA_AFTER; i++) await memberLogin(m.username, 'wrong-password', newAddress());
  const home = newAddress();
  const asked = await memberLogin(m.username, m.password, home);
  t.is(asked.body.code, 0);
  t.regex(asked.body.msg, /complete the captcha/);
  t.deepEqual(asked.body.data, { captcha: true });
  const ok = await memberLogin(m.username, m.password, home, await solvedCaptcha(server));
  t.is(ok.body.code, 1, 'with the captcha solved, the owner is in');
});

test('an unknown account and a wrong password get the same answer, after a password hash either way', async (t) => {
  const m = await createMember(server);
  const unknown = await memberLogin('nobody_at_all', 'wrong-password', newAddress());
  const wrong = await memberLogin(m.username, 'wrong-password', newAddress());
  t.deepEqual([unknown.body.code, unknown.body.msg, unknown.body.data], [wrong.body.code, wrong.body.msg, wrong.body.data]);
  const zh = await api(server.url, '/api/user/checkIn', { body: { tab: 'login', username: 'nobody_at_all', password: 'wrong-password' }, headers: { 'x-forwarded-for': newAddress() } });
  t.is(zh.body.msg, '账号或密码错误');
  const disabled = await createMember(server, { status: 'disable' });
  t.is((await memberLogin(disabled.username, 'wrong-password', newAddress())).body.msg, wrong.body.msg, 'a disabled account shows only to its password');
  t.regex((await memberLogin(disabled.username, disabled.password, newAddress())).body.msg, /disabled/);

  // Unknown names are throttled like real accounts, so the back-off does not tell them apart either.
  const from = newAddress();
  for (let i = 0; i < 3; i++) await memberLogin('nobody_either', 'wrong-password', from);
  await holdBackoff(from);
  t.regex((await memberLogin('nobody_either', 'wrong-password', from)).body.msg, /try again in/);

  // Timing: both paths hash a password. Medians of several tries, with a wide margin for a busy machine.
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const timed = async (username: string) => {
    const start = process.hrtime.bigint();
    await memberLogin(username, 'wrong-password', newAddress());
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const unknownTimes: number[] = [];
  const wrongTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    unknownTimes.push(await timed(`ghost_${i}`));
    wrongTimes.push(await timed(m.username));
  }
  const ratio = median(unknownTimes) / median(wrongTimes);
  t.log(`unknown ${median(unknownTimes).toFixed(1)} ms, wrong password ${median(wrongTimes).toFixed(1)} ms`);
  t.true(ratio > 0.33 && ratio < 3, `ratio ${ratio.toFixed(2)}`);
});

test('admin logins: the same answers for unknown and wrong, the back-off per address, the owner unaffected', async (t) => {
  const unknown = await adminLogin('nobody_here', 'wrongpass', newAddress());
  const wrong = await adminLogin('admin', 'wrongpass', newAddress());
  t.is(unknown.body.msg, wrong.body.msg);
  t.regex(wrong.body.msg, /Incorrect account or password/);
  const attacker = newAddress();
  for (let i = 0; i < 3; i++) await adminLogin('admin', 'wrongpass', attacker);
  await holdBackoff(attacker);
  t.regex((await adminLogin('admin', ADMIN_PASSWORD, attacker)).body.msg, /try again in/);
  const owner = await api(server.url, '/admin/index/login', { body: { username: 'admin', password: ADMIN_PASSWORD, ...(await solvedCaptcha(server)) }, headers: { 'x-forwarded-for': newAddress() } });
  t.is(owner.body.code, 1, 'failures from another address lock nobody out');
});

test('the counters live in the database: a second process sharing it sees the back-off', async (t) => {
  const m = await createMember(server);
  const from = newAddress();
  for (let i = 0; i < 3; i++) await memberLogin(m.username, 'wrong-password', from);
  await holdBackoff(from);
  const second = await startServer({ DATA_DIR: server.dataDir, DATABASE_URL: server.app.services.config.databaseUrl, TRUST_PROXY: '1', USER_LOGIN_CAPTCHA: '0', RATE_LIMIT_FACTOR: '0' });
  try {
    const res = await api(second.url, '/api/user/checkIn', { body: { tab: 'login', username: m.username, password: m.password }, headers: { 'x-forwarded-for': from }, lang: 'en' });
    t.regex(res.body.msg, /try again in/);
  } finally {
    // Removes only its own (unused) temporary folder: the data folder belongs to the first server.
    await second.stop();
  }
});
