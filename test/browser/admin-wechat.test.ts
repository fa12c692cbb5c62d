import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage, isCall, openMenu, setValue, submitForm } from './adminHelpers.ts';

// Staff set up the official account: they word the follow reply, enter the account's settings (safe mode),
// save them (the secrets then show only as "saved"), copy the callback URL, press "Test the callback" and
// see the follow reply come back through the real callback, signed and encrypted.

const suite = browserSuite(test);

const screen = '[data-screen="wechat-config"]';
const input = (name: string) => `${screen} #wechat-config-${name}`;

test.serial('the official account: settings saved, then "test the callback" shows the follow reply', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin?lang=en');

  // --- the follow reply, worded in the auto-reply screen ------------------------------------------------------
  await openMenu(page, 'wechat/autoReply');
  const replies = '[data-crud-page="wechat/autoReply"]';
  const follow = await knex('wechat_auto_reply').where({ type: 'follow' }).first<{ id: number }>('id');
  await page.waitForSelector(`${replies} tr[data-row-id="${follow.id}"]`);
  t.is(await page.$eval(`${replies} tr[data-row-id="${follow.id}"] td[data-column="type"]`, (td) => td.textContent), 'New follower');
  await page.click(`${replies} tr[data-row-id="${follow.id}"] [data-action="edit"]`);
  const form = '[data-crud-form="wechat/autoReply"]';
  // The dialog's textarea, once it holds the stored reply (no textarea yet is not "loaded").
  await page.waitForFunction((f: string) => !!(document.querySelector(`${f} [data-column="reply_content"] textarea`) as HTMLTextAreaElement | null)?.value, {}, form);
  await setValue(page, `${form} [data-column="reply_content"] textarea`, 'Welcome aboard the Grand Canal!');
  await submitForm(page, '/admin/wechat.AutoReply/index');
  t.is((await knex('wechat_auto_reply').where({ id: follow.id }).first<{ reply_content: string }>()).reply_content, 'Welcome aboard the Grand Canal!');

  // --- the settings ---------------------------------------------------------------------------------------------
  await openMenu(page, 'wechat/config');
  await page.waitForSelector(`${screen} [data-settings-form]`);
  t.is(await page.$eval(`${screen} [data-field="wechat_token"] [data-secret-state]`, (e) => e.textContent), 'Not set');
  t.is(await page.$eval(`${screen} [data-callback-url]`, (i) => (i as HTMLInputElement).value), `${suite.server.url}/api/wechat/callback`);
  await page.type(input('wechat_app_id'), 'wx2c2769f8efd9abc2');
  await page.type(input('wechat_app_secret'), '0123456789abcdef0123456789abcdef');
  await page.type(input('wechat_token'), 'canalToken2026');
  await page.type(input('wechat_encoding_aes_key'), 'too-short');
  await page.click(input('wechat_message_mode-safe'));
  // Unsaved changes: the test, which uses the saved settings, waits.
  t.truthy(await page.$(`${screen} [data-probe-unsaved]`));
  t.true(await page.$eval(`${screen} [data-probe-run]`, (b) => (b as HTMLButtonElement).disabled));
  await page.click(`${screen} [data-settings-save]`);
  await page.waitForSelector(`${screen} #wechat-config-wechat_encoding_aes_key-error`);
  t.is(await page.$eval(`${screen} #wechat-config-wechat_encoding_aes_key-error`, (e) => e.textContent), 'The EncodingAESKey must be 43 letters and digits');
  t.is(await page.evaluate(() => document.activeElement?.id), 'wechat-config-wechat_encoding_aes_key', 'the focus goes to the field');

  await setValue(page, input('wechat_encoding_aes_key'), 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
  const saved = page.waitForResponse(isCall('/admin/wechat.Config/index'));
  await page.click(`${screen} [data-settings-save]`);
  await saved;
  await page.waitForFunction((s: string) => document.querySelector(`${s} [data-field="wechat_token"] [data-secret-state]`)?.textContent === 'Saved', {}, screen);
  t.is(await page.$eval(input('wechat_token'), (i) => (i as HTMLInputElement).value), '', 'a saved secret is not shown again');
  t.is(await page.$eval(input('wechat_app_id'), (i) => (i as HTMLInputElement).value), 'wx2c2769f8efd9abc2');
  t.true(await page.$eval(input('wechat_message_mode-safe'), (i) => (i as HTMLInputElement).checked));
  t.is(await suite.server.app.services.settings.get('wechat_message_mode'), 'safe');
  t.is(await page.$(`${screen} [data-probe-unsaved]`), null);

  // --- test the callback ----------------------------------------------------------------------------------------
  const tested = page.waitForResponse(isCall('/admin/wechat.Config/test', 'POST'));
  await page.click(`${screen} [data-probe-run]`);
  await tested;
  await page.waitForSelector(`${screen} [data-probe-result]`);
  t.is(await page.$eval(`${screen} [data-probe-result]`, (e) => e.getAttribute('data-probe-result')), 'ok');
  t.is(await page.$eval(`${screen} [data-probe-reply-field="MsgType"] td`, (td) => td.textContent), 'text');
  t.is(await page.$eval(`${screen} [data-probe-reply-field="Content"] td`, (td) => td.textContent), 'Welcome aboard the Grand Canal!');
  t.regex(await page.$eval(`${screen} [data-probe-result]`, (e) => e.textContent ?? ''), /The callback works[\s\S]*Safe mode \(recommended\)[\s\S]*Encrypted both ways[\s\S]*200/);

  // A keyword text, with no rule for it: the callback answers without a reply, and the screen says so.
  await page.click(`${screen} #wechat-probe-kind-text`);
  await page.type(`${screen} #wechat-probe-content`, 'opening hours');
  await page.click(`${screen} [data-probe-run]`);
  await page.waitForFunction((s: string) => /no auto-reply answers it/.test(document.querySelector(`${s} [data-probe-error]`)?.textContent ?? ''), {}, screen);
  t.deepEqual(errors, []);
});
