import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';

let server: TestServer;
let root: AdminCall;
let token: string;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  token = await superToken(server);
  root = asAdmin(server, token);
});
test.after.always(async () => {
  await server?.stop();
});

interface LedgerRow {
  id: number;
  user_id: number;
  money?: string;
  score?: number;
  before: string | number;
  after: string | number;
  memo: string;
  user: { username: string; nickname: string };
}

const balance = async (id: number) => server.app.knex('user').where({ id }).first<{ money: number; score: number }>('money', 'score');
const logs = (table: string, user_id: number) => server.app.knex(table).where({ user_id }).orderBy('id');

test('balance: before/after in yuan, a negative result refused with nothing written, the member told', async (t) => {
  const m = await createMember(server, { username: 'ledger_money' });
  await server.app.knex('user').where({ id: m.id }).update({ nickname: '运河会员' });
  const add = (money: unknown, memo = '活动奖励') => root('/admin/user.MoneyLog/add', { body: { user_id: m.id, money, memo } });

  const first = await add('12.50');
  t.is(first.code, 1, first.msg);
  t.is((await add('-2.50', 'Refund of a booking')).code, 1);
  const refused = await add('-20.00');
  t.is(refused.code, 0);
  t.is(refused.msg, 'The balance is 10.00 yuan; taking 20.00 yuan would make it negative');
  t.is((await balance(m.id)).money, 1000, 'the balance is unchanged');

  for (const [money, memo, msg] of [
    ['1.234', 'x', /at most two decimals/],
    ['abc', 'x', /at most two decimals/],
    ['0', 'x', /cannot be zero/],
    ['1.00', '   ', /Change note cannot be blank/],
  ] as const) {
    t.regex((await add(money, memo)).msg, msg, `${money} / "${memo}"`);
  }
  t.is((await root('/admin/user.MoneyLog/add', { body: { user_id: 999999, money: '1.00', memo: 'x' } })).msg, "The user can't find it");

  const rows = await logs('user_money_log', m.id);
  t.deepEqual(rows.map((r: { money: number; before: number; after: number }) => [r.money, r.before, r.after]), [[1250, 0, 1250], [-250, 1250, 1000]], 'only the two accepted changes are logged');
  const messages = await server.app.knex('user_message').where({ user_id: m.id }).orderBy('id');
  t.is(messages.length, 2);
  t.like(messages[0], { title: '余额变动通知', title_en: 'Balance changed' });
  t.regex(messages[0].content, /^您的余额变动 \+12\.50 元，当前余额 12\.50 元。备注：活动奖励$/);
  t.regex(messages[0].content_en, /^Your balance changed by \+12\.50 yuan and is now 12\.50 yuan\. Note: 活动奖励$/);
  t.regex(messages[1].content_en, /-2\.50 yuan and is now 10\.00 yuan\. Note: Refund of a booking/);

  const read = await root<{ user: Record<string, unknown> }>(`/admin/user.MoneyLog/add?userId=${m.id}`);
  t.deepEqual(read.data.user, { id: m.id, username: 'ledger_money', nickname: '运河会员', money: '10.00' }, 'display columns only, never the hash');
  t.is((await root('/admin/user.MoneyLog/add?userId=999999')).msg, "The user can't find it");

  const list = await root<{ list: LedgerRow[]; total: number }>(`/admin/user.MoneyLog/index?quickSearch=${encodeURIComponent('运河会员')}`);
  t.is(list.data.total, 2);
  t.deepEqual(list.data.list.map((r) => [r.money, r.before, r.after]), [['-2.50', '12.50', '10.00'], ['12.50', '0.00', '12.50']]);
  t.deepEqual(list.data.list[0]!.user, { username: 'ledger_money', nickname: '运河会员' });
  t.false(JSON.stringify(list.data).includes('scrypt'), 'no password hash in the joined user');
  const byName = await root<{ list: LedgerRow[] }>('/admin/user.MoneyLog/index?search[0][field]=user.username&search[0][operator]=eq&search[0][val]=ledger_money&order=id,asc');
  t.deepEqual(byName.data.list.map((r) => r.money), ['12.50', '-2.50']);
  const byMemo = await root<{ list: LedgerRow[] }>('/admin/user.MoneyLog/index?search[0][field]=memo&search[0][operator]=LIKE&search[0][val]=Refund');
  t.deepEqual(byMemo.data.list.map((r) => r.user_id), [m.id]);
  const badOrder = await root('/admin/user.MoneyLog/index?order=user.password,asc');
  t.is(badOrder.code, 0);
  t.regex(badOrder.msg, /Unsupported sort order/);
  t.is((await root('/admin/user.MoneyLog/index?search[0][field]=user.password&search[0][operator]=LIKE&search[0][val]=s')).code, 0);
});

test('points: the same ledger in whole points', async (t) => {
  const m = await createMember(server, { username: 'ledger_score' });
  const add = (score: unknown, memo = '签到') => root('/admin/user.ScoreLog/add', { body: { user_id: m.id, score, memo } });
  t.is((await add(10)).code, 1);
  t.is((await add('-3')).code, 1);
  const refused = await add(-20);
  t.is(refused.msg, 'The member has 7 points; taking 20 points would make it negative');
  t.regex((await add('1.5')).msg, /whole number/);
  t.is((await balance(m.id)).score, 7);
  const rows = await logs('user_score_log', m.id);
  t.deepEqual(rows.map((r: { score: number; before: number; after: number }) => [r.score, r.before, r.after]), [[10, 0, 10], [-3, 10, 7]]);
  const read = await root<{ user: Record<string, unknown> }>(`/admin/user.ScoreLog/add?userId=${m.id}`);
  t.deepEqual(read.data.user, { id: m.id, username: 'ledger_score', nickname: 'ledger_score', score: 7 });
  const messages = await server.app.knex('user_message').where({ user_id: m.id }).orderBy('id');
  t.is(messages.length, 2);
  t.regex(messages[1].content, /您的积分变动 -3，当前积分 7。/);
  const list = await root<{ list: LedgerRow[] }>('/admin/user.ScoreLog/index?quickSearch=ledger_score');
  t.deepEqual(list.data.list.map((r) => [r.score, r.before, r.after]), [[-3, 10, 7], [10, 0, 10]]);
});

test('the ledgers are insert-only', async (t) => {
  for (const path of ['/admin/user.MoneyLog/edit', '/admin/user.MoneyLog/del', '/admin/user.ScoreLog/edit', '/admin/user.ScoreLog/del']) {
    const res = await api(server.url, path, { method: 'POST', body: { id: 1 }, headers: { batoken: token } });
    t.is(res.status, 404, path);
  }
});
