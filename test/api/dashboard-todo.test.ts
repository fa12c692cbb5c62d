import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createAdmin, createGroup, ruleIds, superToken } from '../helpers/admins.ts';
import type { TodoSection } from '../../src/resources/todo.ts';

// The dashboard says what needs doing (issue 28, item 5): trail applications waiting for review, activities in
// the coming week, posts scheduled in the next days, each with its count and first rows, and only among the
// lists the admin may open.

let server: TestServer;

test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

async function todo(token: string, lang = 'en'): Promise<TodoSection[]> {
  const res = await api<{ todo: TodoSection[] }>(server.url, '/admin/Dashboard/index', { lang, headers: { batoken: token } });
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data.todo;
}

test.serial('waiting applications, coming activities and scheduled posts, soonest first, for those who may list them', async (t) => {
  const { knex } = server.app;
  const token = await superToken(server);
  const now = Math.floor(Date.now() / 1000);
  const day = 86400;
  const before = await todo(token);
  const count = (sections: TodoSection[], name: string, kind: string) => sections.find((s) => s.name === name && s.kind === kind)?.total ?? 0;

  await knex('trail_application').insert([
    { user_id: 1, canal_id: 1, title: '待审步道甲', title_en: 'Waiting walk A', status: 'pending', create_time: now - 2 * day, update_time: now },
    { user_id: 1, canal_id: 1, title: '待审步道乙', title_en: 'Waiting walk B', status: 'pending', create_time: now - 3 * day, update_time: now },
    { user_id: 1, canal_id: 1, title: '已通过步道', title_en: 'Approved walk', status: 'approved', create_time: now - 4 * day, update_time: now },
  ]);
  const activity = { summary: '', content: '', cover: '', place: '', activity_status: 'upcoming', weigh: 0, status: '1', create_time: now, update_time: now };
  await knex('brand_activity').insert([
    { ...activity, title: '三天后的活动', title_en: 'In three days', start_time: now + 3 * day, end_time: now + 3 * day + 3600 },
    { ...activity, title: '明天的活动', title_en: 'Tomorrow', start_time: now + day, end_time: now + day + 3600 },
    { ...activity, title: '十天后的活动', title_en: 'In ten days', start_time: now + 10 * day, end_time: now + 10 * day + 3600 },
    { ...activity, title: '昨天的活动', title_en: 'Yesterday', start_time: now - day, end_time: now - day + 3600 },
  ]);
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const post = { category_id: category.id, summary: '', content: '<p>x</p>', cover: '', weigh: 0, create_time: now, update_time: now };
  await knex('news').insert([
    { ...post, title: '两天后发布', title_en: 'Out in two days', status: '1', publish_time: now + 2 * day },
    { ...post, title: '草稿不算', title_en: 'A draft is not scheduled', status: '0', publish_time: now + 2 * day },
    { ...post, title: '已发布', title_en: 'Already out', status: '1', publish_time: now - day },
  ]);

  const after = await todo(token);
  const waiting = after.find((s) => s.name === 'content/trailApplication' && s.kind === 'waiting')!;
  t.is(waiting.total, count(before, 'content/trailApplication', 'waiting') + 2);
  t.is(waiting.title, 'Trail applications');
  t.deepEqual(waiting.items.slice(-2).map((i) => i.label).sort(), ['Waiting walk A', 'Waiting walk B']);
  const coming = after.find((s) => s.name === 'content/activity' && s.kind === 'upcoming')!;
  t.is(coming.days, 7);
  t.is(coming.total, count(before, 'content/activity', 'upcoming') + 2, 'the next seven days only');
  const mine = coming.items.filter((i) => ['Tomorrow', 'In three days'].includes(i.label));
  t.deepEqual(mine.map((i) => i.label), ['Tomorrow', 'In three days'], 'soonest first');
  t.is(mine[0]!.time, now + day);
  const scheduled = after.find((s) => s.name === 'content/news' && s.kind === 'scheduled')!;
  t.is(scheduled.total, count(before, 'content/news', 'scheduled') + 1, 'published rows still to come; drafts are not');
  t.true(scheduled.items.some((i) => i.label === 'Out in two days'));
  t.true((await todo(token, 'zh-cn')).find((s) => s.name === 'content/news' && s.kind === 'scheduled')!.items.some((i) => i.label === '两天后发布'), 'in the admin’s language');

  // An admin holding only the news list sees only the news section.
  const group = await createGroup(server, await ruleIds(server, ['dashboard', 'dashboard/index', 'content', 'content/news', 'content/news/index']));
  const reader = await createAdmin(server, [group]);
  t.deepEqual([...new Set((await todo(reader.token)).map((s) => s.name))], ['content/news']);
});

test.serial('a coming activity says how full it is: places taken of its places, and its waitlist', async (t) => {
  const { knex } = server.app;
  const token = await superToken(server);
  const now = Math.floor(Date.now() / 1000);
  const activity = { summary: '', content: '', cover: '', place: '', activity_status: 'upcoming', weigh: 0, status: '1', create_time: now, update_time: now };
  await knex('brand_activity').insert([
    { ...activity, title: '名额有限的活动', title_en: 'Few places', start_time: now + 3600, end_time: now + 7200, capacity: 2, signup_end: now + 1800 },
    { ...activity, title: '不限名额的活动', title_en: 'Open to all', start_time: now + 5400, end_time: now + 9000, capacity: 0, signup_end: now + 1800 },
  ]);
  const ids = Object.fromEntries(((await knex('brand_activity').whereIn('title_en', ['Few places', 'Open to all']).select('id', 'title_en')) as { id: number; title_en: string }[]).map((r) => [r.title_en, r.id]));
  let code = 0;
  const signup = (row: number, user: number, status: string) => ({
    resource: 'content/activity',
    row_id: row,
    title: '',
    title_en: '',
    user_id: user,
    status,
    code: `TODO${String(++code).padStart(4, '0')}`,
    signup_time: now,
    create_time: now,
    update_time: now,
  });
  await knex('activity_signup').insert([
    signup(ids['Few places']!, 901, 'confirmed'),
    signup(ids['Few places']!, 902, 'confirmed'),
    signup(ids['Few places']!, 903, 'waitlisted'),
    signup(ids['Few places']!, 904, 'cancelled'),
    signup(ids['Open to all']!, 901, 'confirmed'),
    // Another resource's sign-up with the same row key counts for that resource only.
    { ...signup(ids['Few places']!, 905, 'confirmed'), resource: 'content/other' },
  ]);
  const coming = (await todo(token)).find((s) => s.name === 'content/activity' && s.kind === 'upcoming')!;
  const item = (label: string) => coming.items.find((i) => i.label === label);
  t.deepEqual(item('Few places')?.signups, { confirmed: 2, places: 2, waitlisted: 1 });
  t.deepEqual(item('Open to all')?.signups, { confirmed: 1, places: 0, waitlisted: 0 });
  // Sections of rows that take no sign-ups say nothing of them.
  t.true((await todo(token)).filter((s) => s.name !== 'content/activity').every((s) => s.items.every((i) => i.signups === undefined)));
});

test.serial('failed payment notifications are kept and listed with the top-up orders, but those of orders paid since', async (t) => {
  const { knex } = server.app;
  const token = await superToken(server);
  const failures = () => knex('pay_notify_failure').orderBy('id').select('provider', 'reason', 'order_no', 'ip');
  // No provider is set up on this server: a notification is refused, and kept.
  const res = await fetch(`${server.url}/api/pay/notify/wechat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"x"}' });
  t.is(res.status, 404);
  t.deepEqual(await failures(), [{ provider: 'wechat', reason: 'unconfigured', order_no: '', ip: '127.0.0.1' }]);

  const now = Math.floor(Date.now() / 1000);
  const order = { user_id: 1, amount: 1000, provider: 'alipay', transaction_id: '', code_url: '', expire_time: now + 600, refund_no: '', create_time: now, update_time: now };
  await knex('pay_order').insert([
    { ...order, order_no: '20260101000000000001', status: 'paid', paid_time: now },
    { ...order, order_no: '20260101000000000002', status: 'closed', close_time: now },
  ]);
  const failure = { provider: 'alipay', ip: '203.0.113.9', order_no: '', amount: null, create_time: now - 60 };
  await knex('pay_notify_failure').insert([
    { ...failure, reason: 'mismatch', order_no: '20260101000000000001', amount: 1 },
    { ...failure, reason: 'mismatch', order_no: '20260101000000000002', amount: 1, create_time: now - 30 },
    { ...failure, reason: 'badSignature', create_time: now - 8 * 86400 },
  ]);
  const section = (sections: TodoSection[]) => sections.find((s) => s.name === 'pay/order' && s.kind === 'failed');
  const failed = section(await todo(token))!;
  t.is(failed.days, 7);
  t.is(failed.total, 2, 'the paid order and the week-old one are left out');
  t.deepEqual(
    failed.items.map((i) => i.label),
    ['WeChat Pay, order unknown: the provider is not set up', "Alipay, order 20260101000000000002: the amount differs from the order's"],
  );
  t.is(section(await todo(token, 'zh-cn'))!.items[1]!.label, '支付宝，订单 20260101000000000002：金额与订单不符');
  t.is(section(await todo(token, 'zh-cn'))!.title, '充值订单');

  // Anyone may post to the address: what is kept is bounded (a day's thousand, a month back).
  await knex.batchInsert('pay_notify_failure', Array.from({ length: 997 }, () => ({ ...failure, reason: 'malformed' })), 200);
  await knex('pay_notify_failure').insert({ ...failure, reason: 'malformed', create_time: now - 31 * 86400 });
  for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/pay/notify/alipay`, { method: 'POST', body: 'sign=x' });
  const [{ n }] = (await knex('pay_notify_failure').where('create_time', '>', now - 86400).count({ n: '*' })) as [{ n: number | string }];
  t.is(Number(n), 1000);
  t.is((await knex('pay_notify_failure').where('create_time', '<', now - 30 * 86400)).length, 0, 'older than a month: gone');
});
