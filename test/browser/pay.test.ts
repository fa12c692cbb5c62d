import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite, collectErrors, step, toastText } from '../helpers/browser.ts';
import { api } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember, memberToken } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { deliver, FakePayProvider } from '../helpers/fakePay.ts';
import { allowIntranet } from '../helpers/intranet.ts';

// A member tops up from the balance screen and pays by QR code; the fake provider's notification credits the
// balance, which the page shows without a reload. Staff set up the providers, check them, and refund.

let fake: FakePayProvider;
let adminToken: string;

const suite = browserSuite(test, async () => {
  fake = new FakePayProvider();
  await fake.start();
  return { ADMIN_PASSWORD, SECRETS_KEY: 'browser-test-secrets-key-0123' };
});
test.before(async () => {
  await allowIntranet(suite.server);
  adminToken = await superToken(suite.server);
});
test.after.always(async () => {
  await fake?.stop();
});

/** A page of the portal at 1280×800 whose script errors and failed requests are collected. */
async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = collectErrors(page);
  // A page without scripts, to write the login into this origin's storage.
  await page.goto(`${suite.server.url}/robots.txt`);
  return { page, errors };
}

/** A React-controlled input or textarea takes a value only through the native setter plus an input event. */
async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (el, v) => {
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

test.serial('staff enter the provider settings, check them, and see the secrets kept but never shown', async (t) => {
  const { page, errors } = await openPage();
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  const adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: adminToken, refresh_token: '', super: true });
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}/admin/pay/config?lang=en`);
  const form = '[data-screen="pay-config"]';
  await step(page, 'the settings form', errors, page.waitForSelector(`${form} #pay-wechat_mchid`));
  t.notRegex(await page.$eval(form, (el) => (el as HTMLElement).innerText), /hints\./, 'a field without a hint shows none, not its key');

  for (const [name, value] of Object.entries(fake.settings())) {
    if (name.endsWith('_enabled')) {
      const checked = await page.$eval(`#pay-${name}`, (el) => (el as HTMLInputElement).checked);
      if (checked !== (value === '1')) await page.click(`#pay-${name}`);
    } else {
      await setValue(page, `#pay-${name}`, value);
    }
  }
  // A typo first: the message sits under the field and nothing is saved.
  await setValue(page, '#pay-wechat_mchid', '19000-09191');
  await page.click(`${form} [data-action="save"]`);
  await step(page, '#pay-wechat_mchid-error', errors, page.waitForSelector('#pay-wechat_mchid-error'));
  t.is(await page.$eval('#pay-wechat_mchid-error', (el) => el.textContent), 'The merchant ID must be 8 to 12 digits.');
  t.is(await page.evaluate(() => document.activeElement?.id), 'pay-wechat_mchid');
  t.is(Number((await suite.server.app.knex('pay_setting').count({ n: '*' }))[0]!.n), 0);

  await setValue(page, '#pay-wechat_mchid', '1900009191');
  t.is(await page.$('#pay-wechat_mchid-error'), null, 'the message goes with the corrected value');
  await page.click(`${form} [data-action="check"]`);
  await step(page, '[data-report-provider="alipay"] [data-check="sample"]', errors, page.waitForSelector('[data-report-provider="alipay"] [data-check="sample"]'));
  t.is(await page.$$eval('[data-report] [data-ok="0"]', (els) => els.length), 0);
  t.regex(await page.$eval('[data-report-provider="wechat"] [data-check="sample"]', (el) => el.textContent ?? ''), /A sample request was signed.*WECHATPAY2-SHA256-RSA2048 mchid="1900009191"/);

  await page.click(`${form} [data-action="save"]`);
  await step(page, 'the saved toast', errors, toastText(page, 'Payment settings saved.'));
  t.is(await page.$eval('#pay-wechat_private_key', (el) => (el as HTMLTextAreaElement).value), '', 'the key is not sent back');
  t.regex(await page.$eval('#pay-wechat_private_key-hint', (el) => el.textContent ?? ''), /Saved\. Leave blank to keep it\./);
  t.regex(await page.$eval('#pay-notify-wechat', (el) => (el as HTMLInputElement).value), /\/api\/pay\/notify\/wechat$/);
  t.deepEqual(await suite.server.app.services.pay.settings.enabledProviders(), ['wechat', 'alipay']);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('a member tops up by QR code and sees the balance and the money log update without a reload', async (t) => {
  const m = await createMember(suite.server, { username: 'canal_payer' });
  const token = await memberToken(suite.server, m.id);
  const info = suite.server.app.services.members.userInfo(await suite.server.app.services.members.get(m.id), { token });
  const { page, errors } = await openPage();
  await page.evaluate((v) => localStorage.setItem('userInfo', v), JSON.stringify(info));
  await page.goto(`${suite.server.url}/user/account/balance?lang=en`);
  await step(page, '[data-topup] [data-action="pay"]', errors, page.waitForSelector('[data-topup] [data-action="pay"]'));
  t.is(await page.$eval('[data-balance]', (el) => el.textContent), '0.00');
  await step(page, '[data-empty]', errors, page.waitForSelector('[data-empty]'));

  // A marker on the window survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));

  // An amount outside the limits is refused before anything is sent.
  await page.type('[data-topup] input[name="amount"]', '99999');
  await page.click('[data-topup] [data-action="pay"]');
  await step(page, '[data-topup] .invalid-feedback', errors, page.waitForSelector('[data-topup] .invalid-feedback'));
  t.is(await page.$eval('[data-topup] .invalid-feedback', (el) => el.textContent), 'The amount must be between 1.00 and 5000.00 yuan.');
  t.is(Number((await suite.server.app.knex('pay_order').where({ user_id: m.id }).count({ n: '*' }))[0]!.n), 0);
  await setValue(page, '[data-topup] input[name="amount"]', '');

  await page.click('[data-topup] label[for$="-amount-50.00"]');
  await page.click('[data-topup] label[for$="-provider-wechat"]');
  t.is(await page.$eval('[data-topup] [data-action="pay"]', (el) => el.textContent), 'Pay 50.00 yuan');
  await page.click('[data-topup] [data-action="pay"]');
  await step(page, '[data-order][data-status="pending"] svg', errors, page.waitForSelector('[data-order][data-status="pending"] svg'));
  const orderNo = await page.$eval('[data-order]', (el) => el.getAttribute('data-order')!);
  t.regex(await page.$eval('[data-order] p', (el) => el.textContent ?? ''), /Scan with WeChat Pay to pay 50\.00 yuan/);
  t.is(await page.$eval('[data-order] [role="img"]', (el) => el.getAttribute('aria-label')), `Payment QR code for order ${orderNo}`);

  // The member scans and pays; WeChat Pay notifies the portal.
  const answer = await deliver(fake.pay(orderNo));
  t.is(answer.status, 204);

  await step(page, '[data-paid]', errors, page.waitForSelector('[data-paid]', { timeout: 15_000 }));
  t.is(await page.$eval('[data-paid]', (el) => el.textContent), 'Paid: 50.00 yuan were added to your balance.');
  await step(page, 'the new balance', errors, page.waitForFunction(() => document.querySelector('[data-balance]')?.textContent === '50.00'));
  await step(page, 'the money log line', errors, page.waitForFunction(() => [...document.querySelectorAll('[data-screen="balance"] tbody tr')].some((tr) => tr.textContent?.includes('+50.00'))));
  const row = await page.$eval('[data-screen="balance"] tbody tr', (tr) => tr.textContent ?? '');
  t.true(row.includes(orderNo), 'the ledger line names the order');
  t.true(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true), 'no reload');
  // The stored member info follows (kept in an effect, which Preact runs after the next frame).
  await step(page, 'the stored balance', errors, page.waitForFunction(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { money?: string }).money === '50.00'));

  // The QR code is gone; a new top-up starts from the form again.
  await page.click('[data-order] [data-action="again"]');
  await step(page, '[data-topup] [data-action="pay"]', errors, page.waitForSelector('[data-topup] [data-action="pay"]'));
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('staff refund the paid order from the orders screen after confirming', async (t) => {
  const order = await suite.server.app.knex('pay_order').where({ status: 'paid' }).first<{ id: number; order_no: string; user_id: number }>();
  t.truthy(order);
  const { page, errors } = await openPage();
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  await page.evaluate(
    (info) => localStorage.setItem('adminInfo', info),
    JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: adminToken, refresh_token: '', super: true }),
  );
  await page.goto(`${suite.server.url}/admin/pay/order?lang=en`);
  const refund = `[data-action="refund"][aria-label="Refund ${order!.order_no}"]`;
  await step(page, 'the refund button', errors, page.waitForSelector(refund));
  await page.click(refund);
  await step(page, '[data-confirm="ok"]', errors, page.waitForSelector('[data-confirm="ok"]'));
  t.regex(await page.$eval('[role="alertdialog"]', (el) => el.textContent ?? ''), /50\.00 yuan of order \d+ go back to the member through WeChat Pay/);
  await page.click('[data-confirm="ok"]');
  await step(page, 'the refunded toast', errors, toastText(page, 'Refunded.'));
  await step(page, 'the refund button gone', errors, page.waitForFunction((sel: string) => !document.querySelector(sel), {}, refund));
  const row = await suite.server.app.knex('pay_order').where({ id: order!.id }).first<{ status: string }>('status');
  t.is(row.status, 'refunded');
  t.is(Number((await suite.server.app.knex('user').where({ id: order!.user_id }).first<{ money: number }>('money')).money), 0);

  // The dashboard charts what was paid (the refunded order was paid that day).
  await page.goto(`${suite.server.url}/admin/dashboard?lang=en`);
  await step(page, '[data-paid-chart] [data-paid-total]', errors, page.waitForSelector('[data-paid-chart] [data-paid-total]'));
  t.is(await page.$eval('[data-paid-total]', (el) => el.getAttribute('data-paid-total')), '50.00');
  t.deepEqual(errors, []);
  await page.close();
  // The API agrees with what the screen showed.
  const list = await api<{ total: number }>(suite.server.url, '/admin/pay.Order/index?search[0][field]=status&search[0][val]=refunded&search[0][operator]=eq', { headers: { batoken: adminToken } });
  t.is(list.body.data.total, 1);
});
