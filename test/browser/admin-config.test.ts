import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { browserSuite, toastText } from '../helpers/browser.ts';
import { allowIntranet } from '../helpers/intranet.ts';
import { pngFile, startInbox } from './userHelpers.ts';
import { wav } from '../helpers/images.ts';
import type { UploadedFile } from '../../src/shared/upload.ts';

// The config screen (routine/config) in the real shell, as the seeded super admin: a tab per group, the
// site name saved from the basics tab reaching the public pages, an added select item kept over a reload
// and deleted again, locked items without a delete button, the quick entrances, and a test mail sent with
// the mail tab's unsaved values to a local SMTP server. Then the attachments screen (routine/attachment).

let adminInfo: string;

const suite = browserSuite(test, { ADMIN_PASSWORD });
test.before(async () => {
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: await superToken(suite.server), refresh_token: '' });
});

const screen = '[data-screen="config"]';
const item = (name: string) => `${screen} [data-config-item="${name}"]`;
const stored = async (name: string) => (await suite.server.app.knex('config').where({ name }).first<{ value: string } | undefined>('value'))?.value;
const isConfig = (action: string) => (r: HTTPResponse) => r.url().includes(`/admin/routine.Config/${action}`) && r.request().method() !== 'OPTIONS';

/** A logged-in admin page at 1280×800 whose script errors and failed requests fail the test. */
async function adminPage(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Failed requests by URL (the console line would not say which; a missing favicon is not ours).
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}${path}`);
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

async function openTab(page: Page, group: string): Promise<void> {
  await page.click(`${screen} [data-config-tab="${group}"]`);
  await page.waitForSelector(`${screen} [data-config-panel="${group}"]`);
}

/** The config tabs marked as holding unsaved changes. */
const unsavedTabs = (page: Page) => page.$$eval(`${screen} [role="tab"]:has([data-unsaved])`, (tabs) => tabs.map((tab) => tab.getAttribute('data-config-tab')));
/** Whether leaving the page now would ask first (a beforeunload listener cancels the event). */
const leavingAsks = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test.serial('the basics tab: tabs per group, the site name in both languages reaches the public pages', async (t) => {
  const { page, errors } = await adminPage('/admin/routine/config?lang=en');
  await page.waitForSelector(`${screen} [data-config-panel="basics"]`);
  const tabs = await page.$$eval(`${screen} [role="tab"]`, (els) => els.map((e) => [e.getAttribute('data-config-tab'), e.textContent, e.getAttribute('aria-selected')]));
  t.deepEqual(tabs, [
    ['basics', 'Basics', 'true'],
    ['mail', 'Mail', 'false'],
    ['upload', 'Upload', 'false'],
    ['sms', 'SMS', 'false'],
    ['terminal', 'Terminal', 'false'],
    ['security', 'Security', 'false'],
    ['config_quick_entrance', 'Shortcuts', 'false'],
  ]);
  t.is(await page.$eval(`${item('site_name')} label`, (l) => l.textContent), 'Site name* (required)');
  t.is(await page.$eval(`${item('record_number')} .form-text`, (d) => d.textContent), 'Domain name filing (ICP) number', 'the tip under the item');
  t.is(await page.$eval(`${item('open_member_center')} input`, (i) => [(i as HTMLInputElement).type, (i as HTMLInputElement).checked].join()), 'checkbox,true', 'a switch');
  t.is(await page.$eval(`${item('no_access_ip')} textarea`, (a) => a.tagName), 'TEXTAREA');
  // The config groups are key/value rows.
  t.deepEqual(
    await page.$$eval(`${item('config_group')} [data-array-row] [data-array-key]`, (inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ['basics', 'mail', 'upload', 'sms', 'terminal', 'security', 'config_quick_entrance'],
  );
  t.is(await page.$(`${item('site_name')} [data-config-delete]`), null, 'seeded items cannot be deleted');
  t.is(await page.$(`${screen} [data-config-delete]`), null);

  t.deepEqual(await unsavedTabs(page), []);
  t.false(await leavingAsks(page), 'nothing to lose, nothing asked');
  await setValue(page, `${item('site_name')} input`, '京杭大运河文化协会');
  await setValue(page, `${item('site_name_en')} input`, 'Beijing–Hangzhou Canal Society');
  // Something typed in another tab is not sent with this one.
  await openTab(page, 'mail');
  await setValue(page, `${item('smtp_server')} input`, 'smtp.unsaved.example.org');
  await openTab(page, 'basics');
  t.is(await page.$eval(`${item('site_name')} input`, (i) => (i as HTMLInputElement).value), '京杭大运河文化协会', 'the typed value survived the tab switch');
  t.deepEqual(await unsavedTabs(page), ['basics', 'mail'], 'both edited tabs are marked');
  t.true(await leavingAsks(page), 'leaving the page with unsaved settings asks first');
  const saved = page.waitForResponse(isConfig('edit'));
  await page.click(`${screen} [data-config-save]`);
  const body = JSON.parse((await saved).request().postData() ?? '{}') as Record<string, unknown>;
  t.false('smtp_server' in body);
  t.is(body.site_name, '京杭大运河文化协会');
  await toastText(page, 'The settings on this page have been saved');
  t.is(await stored('site_name'), '京杭大运河文化协会');
  t.is(await stored('site_name_en'), 'Beijing–Hangzhou Canal Society');
  t.is(await stored('smtp_server'), 'smtp.qq.com');
  await page.waitForFunction((s: string) => !document.querySelector(`${s} [data-config-tab="basics"] [data-unsaved]`), {}, screen);
  t.deepEqual(await unsavedTabs(page), ['mail'], 'the saved tab is clean, the other still marked');
  await openTab(page, 'mail');
  t.is(await page.$eval(`${item('smtp_server')} input`, (i) => (i as HTMLInputElement).value), 'smtp.unsaved.example.org', 'still being edited');

  const home = await suite.browser.newPage();
  await home.goto(`${suite.server.url}/?lang=zh-cn`);
  t.is(await home.title(), '首页 - 京杭大运河文化协会');
  await home.goto(`${suite.server.url}/?lang=en`);
  t.is(await home.title(), 'Home - Beijing–Hangzhou Canal Society');
  await home.close();

  // A required item left empty: the server's reason shows in the tab, nothing is saved.
  await openTab(page, 'basics');
  await setValue(page, `${item('version')} input`, '');
  await page.click(`${screen} [data-config-save]`);
  await page.waitForSelector(`${screen} [data-config-problem]`);
  t.regex(await page.$eval(`${screen} [data-config-problem]`, (a) => a.textContent ?? ''), /^Version number: /);
  t.is(await stored('version'), 'v1.0.0');

  // The quick entrances open the named pages.
  t.deepEqual(await page.$$eval(`${screen} [data-quick-entrance]`, (links) => links.map((a) => a.textContent)), ['Recycle rules', 'Sensitive data rules']);
  await page.click(`${screen} [data-quick-entrance="security/sensitiveData"]`);
  await page.waitForSelector('[data-screen="sensitive-rules"] tbody tr[data-row-id]');
  t.regex(new URL(page.url()).pathname, /^\/admin\/security\/sensitiveData$/);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('add a select item with choices, set it, keep it over a reload, delete it', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage('/admin/routine/config?lang=en');
  await page.waitForSelector(`${screen} [data-config-panel="basics"]`);
  await openTab(page, 'upload');
  await page.click(`${screen} [data-config-add-open]`);
  const dialog = '[data-config-add]';
  await page.waitForSelector(dialog);
  t.is(await page.$eval(`${dialog} [data-add-input="group"] select`, (s) => (s as HTMLSelectElement).value), 'upload', 'starts in the open tab');
  t.is(await page.$(`${dialog} [data-add-input="content"]`), null, 'no choices for a string');
  await page.select(`${dialog} [data-add-input="group"] select`, 'basics');
  await page.select(`${dialog} [data-add-input="type"] select`, 'select');
  // Sending it empty: the problems show under the inputs, nothing is posted.
  await page.click('[data-form-submit]');
  await page.waitForSelector(`${dialog} [data-add-input="name"] .invalid-feedback`);
  t.truthy(await page.$(`${dialog} [data-add-input="content"] .invalid-feedback`));
  await page.type(`${dialog} [data-add-input="name"] input`, 'canal_season');
  // Title and tip in both languages; the English ones are what this English page shows.
  await page.type(`${dialog} [data-add-input="title"] input`, '最佳季节');
  await page.type(`${dialog} [data-add-input="title_en"] input`, 'Best season');
  await page.type(`${dialog} [data-add-input="tip"] input`, '显示在步道页面');
  await page.type(`${dialog} [data-add-input="tip_en"] input`, 'Shown on the trail pages');
  await page.click(`${dialog} [data-add-input="rule"] input[id$="-rule-required"]`);
  await setValue(page, `${dialog} [data-add-input="content"] textarea`, 'spring=Spring\nautumn=Autumn');
  await page.waitForSelector(`${dialog} [data-choices-preview]`);
  t.is(await page.$eval(`${dialog} [data-choices-preview]`, (p) => p.textContent), 'Choices:Spring springAutumn autumn');
  await setValue(page, `${dialog} [data-add-input="weigh"] input`, '5');
  const added = page.waitForResponse(isConfig('add'));
  await page.click('[data-form-submit]');
  await added;
  await page.waitForFunction(() => !document.querySelector('[data-config-add]'));
  const row = await knex('config').where({ name: 'canal_season' }).first<{ group: string; type: string; content: string; rule: string; allow_del: number; weigh: number }>();
  t.like(row, { group: 'basics', type: 'select', rule: 'required', weigh: 5, title: '最佳季节', title_en: 'Best season', tip: '显示在步道页面', tip_en: 'Shown on the trail pages' });
  t.deepEqual(JSON.parse(row.content), { spring: 'Spring', autumn: 'Autumn' });

  // It shows in its group with its choices and tip, and it can be deleted.
  await page.waitForSelector(`${screen} [data-config-panel="basics"] [data-config-item="canal_season"]`);
  t.deepEqual(await page.$$eval(`${item('canal_season')} select option`, (os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent])), [
    ['', 'Please select'],
    ['spring', 'Spring'],
    ['autumn', 'Autumn'],
  ]);
  t.is(await page.$eval(`${item('canal_season')} .form-text`, (d) => d.textContent), 'Shown on the trail pages');
  await page.select(`${item('canal_season')} select`, 'autumn');
  const saved = page.waitForResponse(isConfig('edit'));
  await page.click(`${screen} [data-config-save]`);
  await saved;
  await toastText(page, 'The settings on this page have been saved');
  t.is(await stored('canal_season'), 'autumn');
  // Once the saved values are read back the tab is clean, and a reload does not ask first.
  await page.waitForFunction((s: string) => !document.querySelector(`${s} [data-unsaved]`), {}, screen);
  t.false(await leavingAsks(page));
  await page.reload();
  await page.waitForSelector(`${item('canal_season')} select`);
  t.is(await page.$eval(`${item('canal_season')} select`, (s) => (s as HTMLSelectElement).value), 'autumn', 'kept over a reload');

  // Delete: Cancel keeps it, Delete removes it.
  await page.click(`${item('canal_season')} [data-config-delete="canal_season"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await page.$eval('dialog.crud-dialog', (d) => d.textContent ?? ''), /Delete the config item Best season \(canal_season\)\?/);
  await page.click('dialog.crud-dialog [data-confirm="cancel"]');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  t.truthy(await stored('canal_season'));
  await page.click(`${item('canal_season')} [data-config-delete="canal_season"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  const deleted = page.waitForResponse(isConfig('del'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await deleted;
  await page.waitForFunction((s) => !document.querySelector(s), {}, item('canal_season'));
  t.is(await stored('canal_season'), undefined);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('every item type has its widget; values typed into them are saved in the stored form', async (t) => {
  const token = (JSON.parse(adminInfo) as { token: string }).token;
  const types = ['string', 'password', 'number', 'radio', 'checkbox', 'switch', 'textarea', 'array', 'datetime', 'year', 'date', 'time', 'select', 'selects', 'remoteSelect', 'remoteSelects', 'editor', 'city', 'image', 'images', 'file', 'files', 'icon', 'color'];
  for (const type of types) {
    const choice = ['radio', 'checkbox', 'select', 'selects'].includes(type);
    const remote = type.startsWith('remote');
    const res = await fetch(`${suite.server.url}/admin/routine.Config/add`, {
      method: 'POST',
      headers: { server: 'true', batoken: token, 'content-type': 'application/json' },
      body: JSON.stringify({ group: 'upload', type, name: `t_${type.toLowerCase()}`, title: `Item ${type}`, content: choice ? 'a=Apple\nb=Banana\nc=Cherry' : '', inputExtend: remote ? 'resource=content/news\nfield=title' : '', weigh: 0 }),
    });
    t.is(((await res.json()) as { code: number }).code, 1, type);
  }
  const { page, errors } = await adminPage('/admin/routine/config?lang=en');
  await page.waitForSelector(`${screen} [data-config-panel="basics"]`);
  await openTab(page, 'upload');
  const has = async (type: string, selector: string) => t.truthy(await page.waitForSelector(`${item(`t_${type.toLowerCase()}`)} ${selector}`, { timeout: 5000 }).catch(() => null), type);
  await has('string', 'input[type="text"]');
  await has('password', 'input[type="password"]');
  await has('number', 'input[type="number"]');
  await has('radio', '[role="radiogroup"] input[type="radio"][value="b"]');
  await has('checkbox', '[role="group"] input[type="checkbox"][value="c"]');
  await has('switch', 'input[role="switch"]');
  await has('textarea', 'textarea');
  await has('array', '[data-array-editor] [data-array-add]');
  await has('datetime', 'input[type="datetime-local"]');
  await has('year', 'input[type="number"][min="1000"]');
  await has('date', 'input[type="date"]');
  await has('time', 'input[type="time"]');
  await has('select', 'select option[value="c"]');
  await has('selects', 'input[type="checkbox"][value="a"]');
  await has('remoteSelect', 'input[role="combobox"]');
  await has('remoteSelects', 'input[role="combobox"]');
  await has('editor', '.ProseMirror');
  await has('city', 'select');
  await has('image', 'input[type="file"]');
  await has('files', 'input[type="file"]');
  await has('icon', 'button');
  await has('color', 'input[type="color"]');

  await setValue(page, `${item('t_number')} input`, '42.5');
  await page.click(`${item('t_radio')} input[value="b"]`);
  await page.click(`${item('t_checkbox')} input[value="a"]`);
  await page.click(`${item('t_checkbox')} input[value="c"]`);
  await page.click(`${item('t_selects')} input[value="b"]`);
  await page.click(`${item('t_switch')} input[role="switch"]`);
  await page.click(`${item('t_array')} [data-array-add]`);
  await setValue(page, `${item('t_array')} [data-array-key]`, 'k1');
  await setValue(page, `${item('t_array')} [data-array-value]`, 'v1');
  await setValue(page, `${item('t_datetime')} input`, '2026-11-21T08:30:00');
  await setValue(page, `${item('t_year')} input`, '2026');
  await setValue(page, `${item('t_date')} input`, '2026-02-28');
  await setValue(page, `${item('t_time')} input`, '08:05:30');
  await page.select(`${item('t_select')} select`, 'c');
  await setValue(page, `${item('t_color')} input[type="text"]`, '#ff0000');
  const saved = page.waitForResponse(isConfig('edit'));
  await page.click(`${screen} [data-config-save]`);
  await saved;
  await toastText(page, 'The settings on this page have been saved');
  const expected: Record<string, string> = {
    t_number: '42.5',
    t_radio: 'b',
    t_checkbox: '["a","c"]',
    t_selects: '["b"]',
    t_switch: '1',
    t_array: '[{"key":"k1","value":"v1"}]',
    t_datetime: '2026-11-21 08:30:00',
    t_year: '2026',
    t_date: '2026-02-28',
    t_time: '08:05:30',
    t_select: 'c',
    t_color: '#ff0000',
  };
  for (const [name, value] of Object.entries(expected)) t.is(await stored(name), value, name);
  // Shown again as saved (read back first: the tab is clean then, so the reload does not ask).
  await page.waitForFunction((s: string) => !document.querySelector(`${s} [data-unsaved]`), {}, screen);
  t.false(await leavingAsks(page));
  await page.reload();
  await page.waitForSelector(`${screen} [data-config-panel="basics"]`);
  await openTab(page, 'upload');
  t.is(await page.$eval(`${item('t_datetime')} input`, (i) => (i as HTMLInputElement).value), '2026-11-21T08:30');
  t.deepEqual(await page.$$eval(`${item('t_checkbox')} input:checked`, (els) => els.map((e) => (e as HTMLInputElement).value)), ['a', 'c']);
  t.is(await page.$eval(`${item('t_array')} [data-array-value]`, (i) => (i as HTMLInputElement).value), 'v1');
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('the mail tab sends a test mail with its unsaved values, password included, to a local SMTP server', async (t) => {
  const inbox = await startInbox();
  try {
    await suite.server.app.knex('config').where({ name: 'smtp_pass' }).update({ value: 'saved-secret' });
    await allowIntranet(suite.server);
    const { page, errors } = await adminPage('/admin/routine/config?lang=en');
    await page.waitForSelector(`${screen} [data-config-panel="basics"]`);
    t.is(await page.$(`${screen} [data-test-mail]`), null, 'only on the mail tab');
    await openTab(page, 'mail');
    t.is(await page.$eval(`${item('smtp_pass')} input`, (i) => [(i as HTMLInputElement).type, (i as HTMLInputElement).value].join()), 'password,', 'a password is never shown');
    await setValue(page, `${item('smtp_server')} input`, '127.0.0.1');
    await setValue(page, `${item('smtp_port')} input`, String(inbox.port));
    await setValue(page, `${item('smtp_user')} input`, 'canal-mailer');
    // A new server needs its password: the saved one is never sent to a server the form names.
    await setValue(page, `${item('smtp_pass')} input`, 'form-secret');
    await page.select(`${item('smtp_verification')} select`, 'TLS');
    await setValue(page, `${item('smtp_sender_mail')} input`, 'noreply@canal.example.org');
    // The local server's certificate is self-signed.
    await page.click(`${item('smtp_tls_verify')} input[role="switch"]`);
    await page.type(`${screen} [data-test-mail-address]`, 'keeper@example.org');
    const sent = page.waitForResponse(isConfig('sendTestMail'));
    await page.click(`${screen} [data-test-mail-send]`);
    const body = JSON.parse((await sent).request().postData() ?? '{}') as Record<string, unknown>;
    t.like(body, { smtp_server: '127.0.0.1', smtp_pass: 'form-secret', smtp_verification: 'TLS', smtp_tls_verify: false, testMail: 'keeper@example.org' });
    await toastText(page, 'Test mail sent');
    t.is(inbox.messages.length, 1);
    const mail = inbox.messages[0]!;
    t.is(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', 'keeper@example.org');
    t.regex(mail.subject ?? '', /^Test mail from /);
    t.is(await stored('smtp_server'), 'smtp.qq.com', 'sending did not save the form');
    t.deepEqual(errors, []);
    await page.close();
  } finally {
    await inbox.close();
  }
});

/** Uploads a file as the admin, as the uploader would. */
async function upload(bytes: Buffer, name: string, type: string): Promise<UploadedFile> {
  const token = JSON.parse(adminInfo) as { token: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  form.append('topic', 'default');
  const res = await fetch(`${suite.server.url}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: token.token } });
  const body = (await res.json()) as { code: number; msg: string; data: { file: UploadedFile } };
  if (body.code !== 1) throw new Error(body.msg);
  return body.data.file;
}

test.serial('attachments: thumbnails or type icons, sizes, uploader, open link; edit name and topic only; delete removes the file', async (t) => {
  const { knex } = suite.server.app;
  const picture = await upload(fs.readFileSync(pngFile()), 'lock gate.png', 'image/png');
  const recording = await upload(wav(3.5 * 1024 * 1024), 'records.wav', 'audio/wav');
  const { page, errors } = await adminPage('/admin/routine/attachment?lang=en');
  const list = '[data-screen="attachments"]';
  await page.waitForSelector(`${list} tbody tr[data-row-id]`);
  const row = (id: number) => `${list} tr[data-row-id="${id}"]`;
  const thumb = (id: number) => page.$eval(`${row(id)} td[data-column="url"] img`, (img) => (img as HTMLImageElement).src);
  t.regex(await thumb(picture.id), new RegExp(`${picture.url.replace(/[.]/g, '\\.')}$`), 'a picture is its own thumbnail');
  t.is(await thumb(recording.id), `${suite.server.url}/api/ajax/buildSuffixSvg?suffix=wav`, 'other files show their type');
  // The icon arrives after the row: wait for it (a broken image times out here).
  const icon = `${row(recording.id)} td[data-column="url"] img`;
  await page.waitForFunction((selector) => { const img = document.querySelector<HTMLImageElement>(selector); return !!img && img.complete && img.naturalWidth > 0; }, { timeout: 10_000 }, icon).catch(() => null);
  t.true(await page.$eval(icon, (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), 'the icon loads');
  t.regex(await page.$eval(`${row(picture.id)} td[data-column="size"]`, (td) => td.textContent ?? ''), /^\d+\.\d{2} KB$/);
  t.is(await page.$eval(`${row(recording.id)} td[data-column="size"]`, (td) => td.textContent), '3.50 MB');
  t.is(await page.$eval(`${row(recording.id)} td[data-column="admin_id"]`, (td) => td.textContent), 'Admin');
  t.is(await page.$eval(`${row(recording.id)} td[data-column="quote"]`, (td) => td.textContent), '1', 'uploaded once');
  t.is(await page.$eval(`${row(recording.id)} [data-action="open"]`, (a) => (a as HTMLAnchorElement).getAttribute('href')), recording.full_url);

  // Edit: only the name and the topic.
  await page.click(`${row(recording.id)} [data-action="edit"]`);
  const form = '[data-crud-form="routine/attachment"]';
  await page.waitForFunction((f) => (document.querySelector(`${f} [data-column="name"] input`) as HTMLInputElement | null)?.value === 'records.wav', {}, form);
  t.deepEqual(await page.$$eval(`${form} [data-column]`, (els) => els.map((e) => e.getAttribute('data-column'))), ['name', 'topic']);
  await setValue(page, `${form} [data-column="name"] input`, 'Lock records 2026.wav');
  await setValue(page, `${form} [data-column="topic"] input`, 'records');
  const listed = page.waitForResponse((r) => r.url().includes('/admin/routine.Attachment/index'));
  await page.click('[data-form-submit]');
  await listed;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  await page.waitForFunction((r) => !document.querySelector(`${r} [aria-busy]`), {}, list);
  t.like(await knex('attachment').where({ id: recording.id }).first(), { name: 'Lock records 2026.wav', topic: 'records', url: recording.url });

  // Delete: the question says the file goes too.
  const file = path.join(suite.server.dataDir, recording.url);
  t.true(fs.existsSync(file));
  await page.click(`${row(recording.id)} [data-action="delete"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await page.$eval('dialog.crud-dialog', (d) => d.textContent ?? ''), /Its file is deleted from the server too/);
  const deleted = page.waitForResponse((r) => r.url().includes('/admin/routine.Attachment/del'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await deleted;
  await toastText(page, '1 records and files have been deleted');
  await page.waitForFunction((r) => !document.querySelector(r), {}, row(recording.id));
  t.false(fs.existsSync(file));
  t.deepEqual(errors, []);
  await page.close();
});
