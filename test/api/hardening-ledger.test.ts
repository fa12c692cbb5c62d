import test from 'ava';
import { randomUUID } from 'node:crypto';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember } from '../helpers/accounts.ts';
import { createAdmin, createGroup, superToken } from '../helpers/admins.ts';

// Retries without double effects (issue 9, item 6): Idempotency-Key on balance and points changes.
let server: TestServer;
let root: string;
test.before(async () => {
  server = await startServer();
  root = await superToken(server);
});
test.after.always(async () => {
  await server?.stop();
});

function change(token: string, path: string, body: Record<string, unknown>, key?: string) {
  return api(server.url, path, { headers: { batoken: token, ...(key === undefined ? {} : { 'idempotency-key': key }) }, body, lang: 'en' });
}

const balance = async (id: number) => server.app.knex('user').where({ id }).first<{ money: number; score: number }>('money', 'score');
const lines = async (table: string, user_id: number) => Number((await server.app.knex(table).where({ user_id }).count({ n: '*' }))[0]!.n);

test('a retried change with the same key answers as the first and moves the balance once', async (t) => {
  const m = await createMember(server);
  const key = randomUUID();
  const body = { user_id: m.id, money: '12.50', memo: 'Prize' };
  const first = await change(root, '/admin/user.MoneyLog/add', body, key);
  t.is(first.body.code, 1, first.body.msg);
  const retry = await change(root, '/admin/user.MoneyLog/add', body, key);
  t.deepEqual([retry.body.code, retry.body.msg, retry.body.data], [first.body.code, first.body.msg, first.body.data]);
  t.is(retry.headers.get('idempotent-replayed'), 'true');
  t.is((await balance(m.id)).money, 1250);
  t.is(await lines('user_money_log', m.id), 1);
  const row = await server.app.knex('user_money_log').where({ user_id: m.id }).first<{ admin_id: number; idempotency_key: string }>();
  t.is(row.idempotency_key, key, 'the key is stored with the line');
  t.true(row.admin_id > 0, 'and who made the change');

  t.is((await change(root, '/admin/user.MoneyLog/add', body, randomUUID())).body.code, 1, 'a new key is a new change');
  t.is((await balance(m.id)).money, 2500);
});

test('concurrent twins with one key: one change, every answer a success', async (t) => {
  const m = await createMember(server);
  const key = randomUUID();
  const answers = await Promise.all(Array.from({ length: 6 }, () => change(root, '/admin/user.ScoreLog/add', { user_id: m.id, score: 7, memo: 'Check-in' }, key)));
  t.deepEqual(answers.map((a) => a.body.code), [1, 1, 1, 1, 1, 1]);
  t.is((await balance(m.id)).score, 7);
  t.is(await lines('user_score_log', m.id), 1);
});

test('a key reused for another change is refused; keys are per admin; a malformed key is a 400', async (t) => {
  const m = await createMember(server);
  const key = randomUUID();
  t.is((await change(root, '/admin/user.ScoreLog/add', { user_id: m.id, score: 5, memo: 'A' }, key)).body.code, 1);
  const other = await change(root, '/admin/user.ScoreLog/add', { user_id: m.id, score: 50, memo: 'A' }, key);
  t.is(other.status, 422);
  t.regex(other.body.msg, /already used for a different change/);
  t.is((await balance(m.id)).score, 5);

  const group = await createGroup(server, '*');
  const second = await createAdmin(server, [group]);
  t.is((await change(second.token, '/admin/user.ScoreLog/add', { user_id: m.id, score: 5, memo: 'A' }, key)).body.code, 1, 'another admin may use the same key');
  t.is((await balance(m.id)).score, 10);

  for (const bad of ['x'.repeat(101), 'with space', 'tab\there']) {
    const res = await change(root, '/admin/user.ScoreLog/add', { user_id: m.id, score: 1, memo: 'A' }, bad);
    t.is(res.status, 400, bad);
  }
  t.is((await balance(m.id)).score, 10);
});

test('a refused change stores nothing under its key: the retry is judged afresh', async (t) => {
  const m = await createMember(server);
  const key = randomUUID();
  const refused = await change(root, '/admin/user.MoneyLog/add', { user_id: m.id, money: '-5.00', memo: 'Too much' }, key);
  t.regex(refused.body.msg, /balance/i);
  await server.app.knex('user').where({ id: m.id }).update({ money: 1000 });
  t.is((await change(root, '/admin/user.MoneyLog/add', { user_id: m.id, money: '-5.00', memo: 'Too much' }, key)).body.code, 1);
  t.is((await balance(m.id)).money, 500);
});
