import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, memberToken } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { allowIntranet } from '../helpers/intranet.ts';
import { deliver, FakePayProvider, type FakeNotification } from '../helpers/fakePay.ts';
import type { PayCheckReport, PaySettingsView, TopupOptions, TopupOrder } from '../../src/shared/pay.ts';

const SECRETS_KEY = 'test-secrets-key-0123456789abcdef';

let server: TestServer;
let fake: FakePayProvider;
/** Signs like a provider, with keys the portal does not trust (made up front: key generation is slow). */
let forger: FakePayProvider;
let root: AdminCall;

test.before(async () => {
  fake = new FakePayProvider();
  forger = new FakePayProvider();
  await fake.start();
  server = await startServer({ ADMIN_PASSWORD, SECRETS_KEY, RATE_LIMIT_FACTOR: '0' });
  await allowIntranet(server);
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
  await fake?.stop();
});

const knex = () => server.app.knex;

async function configure(values: Record<string, string> = fake.settings()): Promise<void> {
  const saved = await root('/admin/pay.Config/edit', { body: values });
  if (saved.code !== 1) throw new Error(saved.msg);
}

async function member(): Promise<{ id: number; token: string }> {
  const m = await createMember(server);
  return { id: m.id, token: await memberToken(server, m.id) };
}

function asMember(token: string) {
  return <T>(path: string, body?: unknown) => api<T>(server.url, path, { body, headers: { 'ba-user-token': token }, lang: 'en' });
}

async function topUp(token: string, provider: 'wechat' | 'alipay', amount: string): Promise<TopupOrder> {
  const res = await asMember(token)<{ order: TopupOrder }>('/api/pay/create', { provider, amount });
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data.order;
}

async function money(userId: number): Promise<number> {
  return Number((await knex()('user').where({ id: userId }).first<{ money: number }>('money')).money);
}
const moneyLogs = (userId: number) => knex()('user_money_log').where({ user_id: userId }).orderBy('id');
const orderRow = (orderNo: string) => knex()('pay_order').where({ order_no: orderNo }).first<{ id: number; status: string; transaction_id: string; paid_time: number | null }>();

/** Balance, ledger and order as they stand, to compare before and after something that must change nothing. */
async function snapshot(userId: number, orderNo: string) {
  return { money: await money(userId), logs: (await moneyLogs(userId)).length, order: await orderRow(orderNo) };
}

test.serial('payment settings: secrets sealed and never sent back, formats checked, a sample signed', async (t) => {
  const empty = await root<PaySettingsView>('/admin/pay.Config/index');
  t.is(empty.code, 1);
  t.true(empty.data.canStoreSecrets);
  t.is(empty.data.values.wechat_enabled, '0');
  t.regex(empty.data.notifyUrls.wechat, /\/api\/pay\/notify\/wechat$/);

  // Switching a provider on with fields missing, or with malformed ones, is refused and stores nothing.
  const incomplete = await root('/admin/pay.Config/edit', { body: { wechat_enabled: '1', wechat_mchid: '1900009191' } });
  t.is(incomplete.code, 0);
  t.regex(incomplete.msg, /AppID is needed/);
  const malformed = await root('/admin/pay.Config/edit', { body: { ...fake.settings(), wechat_mchid: 'mch-01' } });
  t.is(malformed.code, 0);
  t.is(malformed.msg, 'The merchant ID must be 8 to 12 digits.');
  const badKey = await root('/admin/pay.Config/edit', { body: { ...fake.settings(), alipay_private_key: 'not a key' } });
  t.is(badKey.msg, 'App private key is not a readable RSA private key.');
  t.is(Number((await knex()('pay_setting').count({ n: '*' }))[0]!.n), 0);

  await configure();
  const view = await root<PaySettingsView>('/admin/pay.Config/index');
  t.is(view.data.values.wechat_private_key, '');
  t.is(view.data.values.wechat_api_v3_key, '');
  t.is(view.data.values.alipay_private_key, '');
  t.true(view.data.secretSet.wechat_private_key);
  t.is(view.data.values.wechat_mchid, '1900009191');
  t.regex(view.data.values.wechat_platform_key, /BEGIN PUBLIC KEY/);

  // At rest the keys are ciphertext, and the admin log masked them.
  const stored = await knex()('pay_setting').whereIn('name', ['wechat_private_key', 'wechat_api_v3_key', 'alipay_private_key']).select<{ value: string }[]>('value');
  t.is(stored.length, 3);
  for (const row of stored) {
    t.regex(row.value, /^v1\./);
    t.false(row.value.includes('PRIVATE'));
    t.false(row.value.includes(fake.settings().wechat_api_v3_key!));
  }
  const logged = await knex()('admin_log').where('url', 'like', '%pay.Config/edit%').select<{ data: string }[]>('data');
  t.true(logged.length > 0);
  for (const row of logged) {
    t.false(row.data.includes('PRIVATE KEY'));
    t.false(row.data.includes(fake.settings().wechat_api_v3_key!));
  }

  // Saving again with the secrets left blank keeps them.
  await configure({ topup_amounts: '10,50,100', topup_min: '1', topup_max: '500' });
  t.not((await server.app.services.pay.settings.load()).values.wechat_private_key, '');

  const check = await root<{ report: PayCheckReport }>('/admin/pay.Config/check', { body: {} });
  t.is(check.code, 1);
  for (const provider of ['wechat', 'alipay'] as const) {
    const sample = check.data.report[provider].items.find((i) => i.field === 'sample');
    t.true(sample?.ok, `${provider} sample signed`);
    t.is(sample?.key, 'pay:check.sampleSigned');
    t.true(check.data.report[provider].items.every((i) => i.ok));
  }
  t.regex(String(check.data.report.wechat.items.find((i) => i.field === 'sample')!.params!.text), /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="/);
  const checkBad = await root<{ report: PayCheckReport }>('/admin/pay.Config/check', { body: { wechat_api_v3_key: 'short' } });
  t.deepEqual(
    checkBad.data.report.wechat.items.filter((i) => !i.ok).map((i) => i.key),
    ['pay:check.apiV3Key'],
  );
});

test.serial('top-up orders: providers and amounts offered, limits enforced, a QR code for a good one', async (t) => {
  const { id, token } = await member();
  const call = asMember(token);
  const options = await call<TopupOptions & { open: TopupOrder | null }>('/api/pay/options');
  t.deepEqual(options.body.data.providers, ['wechat', 'alipay']);
  t.deepEqual(options.body.data.amounts, ['10.00', '50.00', '100.00']);
  t.is(options.body.data.min, '1.00');
  t.is(options.body.data.max, '500.00');
  t.is(options.body.data.open, null);

  const refused = async (body: unknown, msg: string | RegExp) => {
    const res = await call('/api/pay/create', body);
    t.is(res.body.code, 0, JSON.stringify(body));
    if (typeof msg === 'string') t.is(res.body.msg, msg);
    else t.regex(res.body.msg, msg);
  };
  await refused({ provider: 'wechat', amount: 'ten' }, 'Enter an amount in yuan, with at most two decimals.');
  await refused({ provider: 'wechat', amount: '1.234' }, /at most two decimals/);
  await refused({ provider: 'wechat', amount: '-5' }, /at most two decimals/);
  await refused({ provider: 'wechat', amount: '0' }, /at most two decimals/);
  await refused({ provider: 'wechat', amount: '0.99' }, 'The amount must be between 1.00 and 500.00 yuan.');
  await refused({ provider: 'alipay', amount: '500.01' }, 'The amount must be between 1.00 and 500.00 yuan.');
  await refused({ provider: 'paypal', amount: '10' }, 'This payment method is not available.');
  t.is(Number((await knex()('pay_order').where({ user_id: id }).count({ n: '*' }))[0]!.n), 0);

  const guest = await api(server.url, '/api/pay/create', { body: { provider: 'wechat', amount: '10' } });
  t.is(guest.body.code, 303);

  const order = await topUp(token, 'wechat', '12.5');
  t.is(order.amount, '12.50');
  t.is(order.status, 'pending');
  t.regex(order.qr_svg, /^<svg[\s\S]+<\/svg>\s*$/);
  t.regex(order.order_no, /^\d{22}$/);
  t.is(fake.trades.get(order.order_no)?.amount, 1250);
  t.is((await call<TopupOptions & { open: TopupOrder | null }>('/api/pay/options')).body.data.open?.order_no, order.order_no);

  // Five unpaid orders at once at most.
  for (let i = 0; i < 4; i++) await topUp(token, i % 2 ? 'alipay' : 'wechat', '1');
  await refused({ provider: 'wechat', amount: '1' }, /already have 5 unpaid orders/);

  // Someone else's order is not found.
  const other = await member();
  t.is((await asMember(other.token)('/api/pay/order?order_no=' + order.order_no)).body.msg, 'Order not found.');

  // A provider that is switched off is no longer offered.
  await configure({ alipay_enabled: '0' });
  t.deepEqual((await call<TopupOptions>('/api/pay/options')).body.data.providers, ['wechat']);
  await refused({ provider: 'alipay', amount: '10' }, 'This payment method is not available.');
  await configure({ alipay_enabled: '1' });
  t.deepEqual(fake.badRequests, []);
});

for (const provider of ['wechat', 'alipay'] as const) {
  test.serial(`${provider}: a good notification sent five times at once credits exactly once`, async (t) => {
    const { id, token } = await member();
    const order = await topUp(token, provider, '50');
    const notification = fake.pay(order.order_no);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(notification)));
    for (const a of answers) {
      if (provider === 'wechat') t.is(a.status, 204);
      else t.is(a.body, 'success');
    }
    t.is(await money(id), 5000);
    const logs = await moneyLogs(id);
    t.is(logs.length, 1);
    t.is(Number(logs[0].money), 5000);
    t.is(Number(logs[0].before), 0);
    t.is(Number(logs[0].after), 5000);
    t.true(String(logs[0].memo).includes(order.order_no));
    t.true(String(logs[0].memo_en).includes(order.order_no), 'the memo in English beside the Chinese');
    t.false(String(logs[0].memo).includes(' / '), 'one language per column');
    const row = await orderRow(order.order_no);
    t.is(row?.status, 'paid');
    t.is(row?.transaction_id, fake.trades.get(order.order_no)!.transactionId);
    t.is(Number((await knex()('user_message').where({ user_id: id }).count({ n: '*' }))[0]!.n), 1);

    // The member's page sees it paid, with the new balance.
    const status = await asMember(token)<{ order: TopupOrder; money: string }>(`/api/pay/order?order_no=${order.order_no}`);
    t.is(status.body.data.order.status, 'paid');
    t.is(status.body.data.order.qr_svg, '');
    t.is(status.body.data.money, '50.00');

    // Replayed later: received, nothing changes.
    const replay = await deliver(notification);
    t.is(replay.status, provider === 'wechat' ? 204 : 200);
    t.is((await moneyLogs(id)).length, 1);
    t.is(await money(id), 5000);
  });

  test.serial(`${provider}: bad signature, wrong amount and unknown order change nothing, and are kept for the dashboard`, async (t) => {
    const { id, token } = await member();
    const order = await topUp(token, provider, '20');
    const [{ last }] = (await knex()('pay_notify_failure').max({ last: 'id' })) as [{ last: number | null }];
    const before = await snapshot(id, order.order_no);
    const good = fake.pay(order.order_no);
    const refusedStatus = provider === 'wechat' ? 400 : 200;
    const refusedBody = provider === 'wechat' ? /FAIL/ : /^fail$/;
    const expectRefused = async (n: FakeNotification, label: string) => {
      const answer = await deliver(n);
      t.is(answer.status, refusedStatus, label);
      t.regex(answer.body, refusedBody, label);
      t.deepEqual(await snapshot(id, order.order_no), before, label);
    };

    // Tampered body: the amount raised after signing.
    const tampered =
      provider === 'wechat'
        ? { ...good, headers: { ...good.headers, 'wechatpay-signature': fake.wechatNotification(order.order_no).headers['wechatpay-signature']! } }
        : { ...good, body: good.body.replace(/total_amount=20.00/, 'total_amount=2000.00') };
    await expectRefused(tampered, 'bad signature');
    // Signed with a key the portal does not trust.
    forger.trades.set(order.order_no, { ...fake.trades.get(order.order_no)! });
    await expectRefused(provider === 'wechat' ? forger.wechatNotification(order.order_no) : forger.alipayNotification(order.order_no), 'foreign key');
    // Correctly signed, but the amount paid is not the order's.
    await expectRefused(
      provider === 'wechat' ? fake.wechatNotification(order.order_no, { amount: 1 }) : fake.alipayNotification(order.order_no, { amount: 1 }),
      'wrong amount',
    );
    // Correctly signed, for an order the portal never made.
    fake.trades.set('20990101000000123456789', { ...fake.trades.get(order.order_no)!, orderNo: '20990101000000123456789' });
    await expectRefused(provider === 'wechat' ? fake.wechatNotification('20990101000000123456789') : fake.alipayNotification('20990101000000123456789'), 'unknown order');
    // Garbage.
    await expectRefused({ ...good, body: provider === 'wechat' ? '{"resource":' : 'sign=abc' }, 'malformed');
    if (provider === 'wechat') {
      // A genuine notification captured and replayed after ten minutes is refused by its timestamp.
      await expectRefused(fake.wechatNotification(order.order_no, { timestamp: Math.floor(Date.now() / 1000) - 600 }), 'stale');
    }

    // Each refusal is kept: why, and the order and amount a verified notification named.
    const kept = (await knex()('pay_notify_failure').where('id', '>', last ?? 0).orderBy('id').select('provider', 'reason', 'order_no', 'amount')) as Array<{ provider: string; reason: string; order_no: string; amount: number | null }>;
    t.true(kept.every((k) => k.provider === provider));
    t.deepEqual(
      kept.map((k) => [k.reason, k.order_no, k.amount === null ? null : Number(k.amount)]),
      [
        ['badSignature', '', null],
        ['badSignature', '', null],
        ['mismatch', order.order_no, 1],
        ['unknown', '20990101000000123456789', 2000],
        // WeChat signs the whole body, so garbage under a real notification's headers fails its signature first.
        [provider === 'wechat' ? 'badSignature' : 'malformed', '', null],
        ...(provider === 'wechat' ? [['stale', '', null]] : []),
      ],
    );
    const failedOnDashboard = async () => {
      const dashboard = await root<{ todo: Array<{ name: string; kind: string; items: Array<{ label: string }> }> }>('/admin/Dashboard/index');
      return dashboard.data.todo.find((s) => s.name === 'pay/order' && s.kind === 'failed')?.items.map((i) => i.label) ?? [];
    };
    t.true((await failedOnDashboard()).some((label) => label.includes(order.order_no)));

    // The genuine one still goes through afterwards, and the order's failure leaves the dashboard.
    await deliver(good);
    t.is(await money(id), 2000);
    const after = await failedOnDashboard();
    t.false(after.some((label) => label.includes(order.order_no)), 'paid since');
    t.true(after.some((label) => label.includes('20990101000000123456789')));
  });
}

test.serial('refund: the balance goes back off the member, once; refused when spent or by the provider', async (t) => {
  const { id, token } = await member();
  const order = await topUp(token, 'wechat', '30');
  await deliver(fake.pay(order.order_no));
  const { id: orderId } = (await orderRow(order.order_no))!;

  // Not paid yet: nothing to refund.
  const pending = await topUp(token, 'alipay', '5');
  const notPaid = await root('/admin/pay.Order/refund', { body: { id: (await orderRow(pending.order_no))!.id } });
  t.is(notPaid.msg, 'Only paid orders can be refunded.');

  // The provider refuses: everything is put back.
  fake.refuseNextRefund = 'NOT_ENOUGH';
  const refusedByProvider = await root('/admin/pay.Order/refund', { body: { id: orderId } });
  t.is(refusedByProvider.code, 0);
  t.regex(refusedByProvider.msg, /The payment provider refused: 余额不足/);
  t.is((await orderRow(order.order_no))?.status, 'paid');
  t.is(await money(id), 3000);

  // The member spent part of it: refused, nothing written.
  await knex()('user').where({ id }).update({ money: 1000 });
  const logsBefore = (await moneyLogs(id)).length;
  const spent = await root('/admin/pay.Order/refund', { body: { id: orderId } });
  t.is(spent.msg, "The member's balance (10.00 yuan) is less than the refund (30.00 yuan).");
  t.is((await orderRow(order.order_no))?.status, 'paid');
  t.is((await moneyLogs(id)).length, logsBefore);
  await knex()('user').where({ id }).update({ money: 3000 });

  const done = await root('/admin/pay.Order/refund', { body: { id: orderId } });
  t.is(done.code, 1, done.msg);
  t.is(done.msg, 'Refunded.');
  t.is((await orderRow(order.order_no))?.status, 'refunded');
  t.is(await money(id), 0);
  const last = (await moneyLogs(id)).at(-1);
  t.is(Number(last.money), -3000);
  t.deepEqual(fake.trades.get(order.order_no)?.refunds, [`R${order.order_no}`]);
  t.is(fake.trades.get(order.order_no)?.state, 'REFUND');

  const again = await root('/admin/pay.Order/refund', { body: { id: orderId } });
  t.is(again.msg, 'Only paid orders can be refunded.');
  t.is(await money(id), 0);

  // The orders list: amounts in yuan, searchable by member and status.
  const username = (await knex()('user').where({ id }).first<{ username: string }>('username')).username;
  const list = await root<{ list: { order_no: string; amount: string; status: string; user: { username: string }; code_url?: string }[]; total: number }>(
    `/admin/pay.Order/index?quickSearch=${username}&search[0][field]=status&search[0][val]=refunded&search[0][operator]=eq`,
  );
  t.is(list.code, 1, list.msg);
  t.is(list.data.total, 1);
  t.is(list.data.list[0]?.amount, '30.00');
  t.is(list.data.list[0]?.user.username, username);
  t.false('code_url' in list.data.list[0]!);
});

test.serial('background check: a lost notification still credits, expired orders are closed at the provider', async (t) => {
  const { id, token } = await member();
  const lost = await topUp(token, 'alipay', '8');
  fake.pay(lost.order_no); // paid, but the notification never arrives
  const expired = await topUp(token, 'wechat', '9');
  const expiredAlipay = await topUp(token, 'alipay', '7');
  const fresh = await topUp(token, 'wechat', '6');
  await knex()('pay_order').whereIn('order_no', [expired.order_no, expiredAlipay.order_no]).update({ expire_time: Math.floor(Date.now() / 1000) - 1 });

  const result = await server.app.services.pay.checkPending();
  t.true(result.credited >= 1);
  t.is((await orderRow(lost.order_no))?.status, 'paid');
  t.is(await money(id), 800);
  t.is((await orderRow(expired.order_no))?.status, 'closed');
  t.is(fake.trades.get(expired.order_no)?.state, 'CLOSED');
  t.is((await orderRow(expiredAlipay.order_no))?.status, 'closed');
  t.is(fake.trades.get(expiredAlipay.order_no)?.state, 'CLOSED');
  t.is((await orderRow(fresh.order_no))?.status, 'pending');

  // Paid at the last second, after it was closed here: the money arrived, so it is credited.
  const late = await topUp(token, 'wechat', '4');
  const notification = fake.pay(late.order_no);
  await knex()('pay_order').where({ order_no: late.order_no }).update({ status: 'closed' });
  t.is((await deliver(notification)).status, 204);
  t.is((await orderRow(late.order_no))?.status, 'paid');
  t.is(await money(id), 1200);
});

test('without SECRETS_KEY keys cannot be saved; the server checks pending orders on its own timer', async (t) => {
  const bare = await startServer({ ADMIN_PASSWORD, PAY_CHECK_INTERVAL: '1' });
  try {
    await allowIntranet(bare);
    const call = asAdmin(bare, await superToken(bare));
    const view = await call<PaySettingsView>('/admin/pay.Config/index');
    t.false(view.data.canStoreSecrets);
    const saved = await call('/admin/pay.Config/edit', { body: fake.settings() });
    t.is(saved.code, 0);
    t.regex(saved.msg, /set SECRETS_KEY/);
    t.is(Number((await bare.app.knex('pay_setting').count({ n: '*' }))[0]!.n), 0);

    // An expired order (of a provider no longer configured) is closed by the timer within a few seconds.
    const m = await createMember(bare);
    const now = Math.floor(Date.now() / 1000);
    await bare.app.knex('pay_order').insert({ order_no: '20261123000000000000001', user_id: m.id, amount: 100, provider: 'wechat', status: 'pending', expire_time: now - 10, create_time: now - 100, update_time: now - 100 });
    const deadline = Date.now() + 10_000;
    let status = 'pending';
    while (status === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await bare.app.knex('pay_order').where({ order_no: '20261123000000000000001' }).first<{ status: string }>('status')).status;
    }
    t.is(status, 'closed');
  } finally {
    await bare.stop();
  }
});
