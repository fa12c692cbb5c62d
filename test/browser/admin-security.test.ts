import test from 'ava';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, createMember } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { browserSuite, toastText } from '../helpers/browser.ts';

// The data-security screens in the real shell, as the seeded super admin: members deleted through the API
// are found in the recycle bin, shown field by field and restored (one, then two at once) or removed for
// good; a member's changed mobile is rolled back from the sensitive-data log; a sensitive rule is added by
// picking the function and ticking a field.

let adminInfo: string;
let call: AdminCall;

const suite = browserSuite(test, { ADMIN_PASSWORD });
test.before(async () => {
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  const token = await superToken(suite.server);
  call = asAdmin(suite.server, token);
  adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token, refresh_token: '' });
});

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

const cell = (page: Page, row: string, column: string) => page.$eval(`${row} td[data-column="${column}"]`, (td) => td.textContent ?? '');
const dialogText = (page: Page) => page.$eval('dialog.crud-dialog', (d) => d.textContent ?? '');
const isAction = (resource: string, action: string) => (r: HTTPResponse) => r.url().includes(`/admin/${resource}/${action}`);

/** Confirms the open question, waiting for the request it sends and for the list it reloads. */
async function confirm(page: Page, resource: string, action: string): Promise<void> {
  const sent = page.waitForResponse(isAction(resource, action));
  const listed = page.waitForResponse(isAction(resource, 'index'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await Promise.all([sent, listed]);
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog, .table-responsive[aria-busy]'));
}

test.serial('recycle bin: deleted members found, shown field by field, restored one and two at once, or removed for good', async (t) => {
  const { knex } = suite.server.app;
  const keeper = await createMember(suite.server, { username: 'lock_keeper', mobile: '13800138000', email: 'keeper@example.org' });
  const pair = [await createMember(suite.server, { username: 'towpath_one' }), await createMember(suite.server, { username: 'towpath_two' })];
  const gone = await createMember(suite.server, { username: 'ferry_gone' });
  t.is((await call(`/admin/user.User/del?ids[]=${keeper.id}`, { method: 'DELETE' })).code, 1);
  t.is((await call(`/admin/user.User/del?ids[]=${pair[0]!.id}&ids[]=${pair[1]!.id}`, { method: 'DELETE' })).code, 1);
  t.is((await call(`/admin/user.User/del?ids[]=${gone.id}`, { method: 'DELETE' })).code, 1);
  const entries = await knex('security_data_recycle_log').where({ data_table: 'user' }).select<{ id: number; data: string }[]>('id', 'data');
  const entryOf = (username: string) => String(entries.find((e) => (JSON.parse(e.data) as { username: string }).username === username)!.id);

  const { page, errors } = await adminPage('/admin/security/dataRecycleLog?lang=en');
  const screen = '[data-screen="recycle-bin"]';
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  t.is(await page.$eval(`${screen} [data-quick-search]`, (i) => (i as HTMLInputElement).placeholder), 'Search Recycle rule');
  const row = (username: string) => `${screen} tr[data-row-id="${entryOf(username)}"]`;
  t.is(await cell(page, row('lock_keeper'), 'recycle_id'), 'Members', 'the rule by name');
  t.is(await cell(page, row('lock_keeper'), 'data_table'), 'user');
  t.is(await cell(page, row('lock_keeper'), 'admin_id'), 'Admin', 'the admin by name');
  t.regex(await cell(page, row('lock_keeper'), 'create_time'), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  // --- the deleted row in the details dialog --------------------------------------------------------------
  await page.click(`${row('lock_keeper')} [data-action="info"]`);
  await page.waitForSelector('[data-recycle-data]');
  const value = (column: string) => page.$eval(`[data-recycle-data] [data-data-field="${column}"] [data-value]`, (td) => td.textContent);
  t.is(await value('username'), 'lock_keeper');
  t.is(await value('mobile'), '13800138000');
  t.is(await value('email'), 'keeper@example.org');
  t.is(await value('password'), 'Hidden (secret)', 'the hash is not shown');
  t.regex(await page.$eval('[data-recycle-data] [data-data-field="mobile"] th', (th) => th.textContent ?? ''), /^mobile\s*Mobile/, 'labelled by the members resource');
  t.regex(await dialogText(page), /Admin \(admin\)/);
  await page.click('[data-dialog-close]');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  // --- restore one: Cancel keeps it in the bin, Restore puts the member back --------------------------------
  await page.click(`${row('lock_keeper')} [data-action="restore"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await dialogText(page), /Put this deleted row back into user\?/);
  await page.click('dialog.crud-dialog [data-confirm="cancel"]');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  t.is(await knex('user').where({ id: keeper.id }).first(), undefined);
  await page.click(`${row('lock_keeper')} [data-action="restore"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  await confirm(page, 'security.DataRecycleLog', 'restore');
  await toastText(page, '1 records restored');
  // The entry stays in the list, marked restored, without its restore button.
  await page.waitForFunction((r) => !document.querySelector(r), {}, `${row('lock_keeper')} [data-action="restore"]`);
  t.is(await cell(page, row('lock_keeper'), 'is_restore'), 'Restored');
  t.like(await knex('user').where({ id: keeper.id }).first(), { username: 'lock_keeper', mobile: '13800138000' });

  // --- restore two at once ------------------------------------------------------------------------------
  t.true(await page.$eval(`${screen} [data-toolbar="restore"]`, (b) => (b as HTMLButtonElement).disabled), 'nothing selected yet');
  await page.click(`${screen} [data-select-row="${entryOf('towpath_one')}"]`);
  await page.click(`${screen} [data-select-row="${entryOf('towpath_two')}"]`);
  t.regex(await page.$eval(`${screen} [data-toolbar="restore"]`, (b) => b.textContent ?? ''), /Restore\s*2/);
  await page.click(`${screen} [data-toolbar="restore"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await dialogText(page), /Put the 2 selected rows back/);
  await confirm(page, 'security.DataRecycleLog', 'restore');
  await toastText(page, '2 records restored');
  t.is((await knex('user').whereIn('id', pair.map((m) => m.id))).length, 2);

  // --- delete an entry for good: the member stays deleted ----------------------------------------------------
  await page.click(`${row('ferry_gone')} [data-action="delete"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await dialogText(page), /Delete this entry for good\? The deleted row can then no longer be restored\./);
  await confirm(page, 'security.DataRecycleLog', 'del');
  // Gone from the list; the three restored entries stay there, marked.
  await page.waitForFunction((r) => !document.querySelector(r), {}, row('ferry_gone'));
  t.is(await page.$$eval(`${screen} tbody tr[data-row-id]`, (rows) => rows.length), 3);
  t.is(await knex('security_data_recycle_log').where({ id: Number(entryOf('ferry_gone')) }).first(), undefined);
  t.is(await knex('user').where({ id: gone.id }).first(), undefined);

  // --- the restored member is back on the members screen ---------------------------------------------------
  await page.goto(`${suite.server.url}/admin/user/user?lang=en`);
  await page.waitForFunction(() => document.body.textContent?.includes('lock_keeper'));
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('sensitive-data log: a changed mobile shown before and after, rolled back; a password masked, its entry deleted', async (t) => {
  const { knex } = suite.server.app;
  const member = await createMember(suite.server, { username: 'lock_warden', mobile: '13800138001' });
  t.is((await call('/admin/user.User/edit', { body: { id: member.id, mobile: '13900139001' } })).code, 1);
  t.is((await call('/admin/user.User/edit', { body: { id: member.id, password: 'newpass123' } })).code, 1);
  const logs = await knex('security_sensitive_data_log').where({ data_table: 'user', id_value: String(member.id) }).select<{ id: number; data_field: string }[]>('id', 'data_field');
  const entry = (field: string) => String(logs.find((l) => l.data_field === field)!.id);

  const { page, errors } = await adminPage('/admin/security/sensitiveDataLog?lang=en');
  const screen = '[data-screen="sensitive-log"]';
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  const mobile = `${screen} tr[data-row-id="${entry('mobile')}"]`;
  const password = `${screen} tr[data-row-id="${entry('password')}"]`;
  t.is(await cell(page, mobile, 'sensitive_id'), 'Member data');
  t.is(await cell(page, mobile, 'data_comment'), '手机号');
  t.is(await cell(page, mobile, 'id_value'), `id=${member.id}`);
  t.is(await cell(page, mobile, 'before'), '13800138001');
  t.is(await cell(page, mobile, 'after'), '13900139001');
  t.is(await cell(page, mobile, 'admin_id'), 'Admin');
  t.is(await cell(page, password, 'before'), '******', 'a password hash is never shown');
  t.is(await cell(page, password, 'after'), '******');

  await page.click(`${mobile} [data-action="info"]`);
  await page.waitForSelector('[data-sensitive-info]');
  const fact = (name: string) => page.$eval(`[data-sensitive-info] [data-fact="${name}"]`, (dd) => dd.textContent);
  t.is(await fact('data_field'), '手机号 (mobile)');
  t.is(await fact('before'), '13800138001');
  t.is(await fact('after'), '13900139001');
  t.is(await fact('data_table'), 'user');
  await page.click('[data-dialog-close]');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  await page.click(`${mobile} [data-action="rollback"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await dialogText(page), new RegExp(`Put 手机号 of the row id=${member.id} back to its value before this change\\?`));
  await confirm(page, 'security.SensitiveDataLog', 'rollback');
  await toastText(page, '1 changes rolled back');
  await page.waitForFunction((r) => !document.querySelector(r), {}, `${mobile} [data-action="rollback"]`);
  t.is((await knex('user').where({ id: member.id }).first<{ mobile: string }>('mobile')).mobile, '13800138001');

  await page.click(`${password} [data-action="delete"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await dialogText(page), /Delete this log entry\? The change can then no longer be rolled back\./);
  await confirm(page, 'security.SensitiveDataLog', 'del');
  await page.waitForFunction((r) => !document.querySelector(r), {}, password);
  t.is(await knex('security_sensitive_data_log').where({ id: entry('password') }).first(), undefined);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('a sensitive rule is added by picking the function and ticking a field with its title', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage('/admin/security/sensitiveData?lang=en');
  const screen = '[data-screen="sensitive-rules"]';
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  await page.click(`${screen} [data-toolbar="add"]`);
  const form = '[data-rule-form="security/sensitiveData"]';
  await page.waitForSelector(`${form} select`);
  // The dialog puts the focus there once it has opened, which on a loaded machine can be a moment after its form.
  await page.waitForFunction(() => /-name$/.test(document.activeElement?.id ?? ''), { timeout: 5_000 }).catch(() => undefined);
  t.regex(await page.evaluate(() => document.activeElement?.id ?? ''), /-name$/, 'the focus is on the first input');
  t.regex(await page.$eval(`${form} [data-watched-fields]`, (f) => f.textContent ?? ''), /Choose a function or data table first/);
  await page.type(`${form} input[id$="-name"]`, 'News headlines');
  // Saved without picking: each missing choice is named under its input, and the focus goes to the first.
  await page.click('[data-form-submit]');
  await page.waitForSelector(`${form} [data-column="controller"] .invalid-feedback`);
  t.is(await page.$eval(`${form} [data-column="controller"] .invalid-feedback`, (e) => e.textContent), 'Please select Function');
  t.is(await page.$eval(`${form} [data-column="data_fields"] .invalid-feedback`, (e) => e.textContent), 'Please select Watched fields');
  t.false(await page.$eval(`${form} [data-column="name"]`, (e) => !!e.querySelector('.invalid-feedback')), 'the name is there');
  t.regex(await page.evaluate(() => document.activeElement?.id ?? ''), /-controller$/, 'the focus is on the first problem');
  await page.select(`${form} select[id$="-controller"]`, 'content/news');
  t.is(await page.$eval(`${form} select[id$="-data_table"]`, (s) => (s as HTMLSelectElement).value), 'news', 'the table of the function');
  t.is(await page.$eval(`${form} select[id$="-primary_key"]`, (s) => (s as HTMLSelectElement).value), 'id');
  t.true(await page.$eval(`${form} [data-watched-title="title"]`, (i) => (i as HTMLInputElement).disabled));
  await page.click(`${form} [data-watched="title"] input[type="checkbox"]`);
  t.is(await page.$eval(`${form} [data-watched-title="title"]`, (i) => (i as HTMLInputElement).value), 'Title', 'titled by the resource label');
  await page.$eval(`${form} [data-watched-title="title"]`, (i) => (i as HTMLInputElement).select());
  await page.type(`${form} [data-watched-title="title"]`, 'Headline');
  const listed = page.waitForResponse(isAction('security.SensitiveData', 'index'));
  await page.click('[data-form-submit]');
  await listed;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog, .table-responsive[aria-busy]'));
  const rule = await knex('security_sensitive_data').where({ controller: 'content/news' }).first<{ id: number; name: string; data_table: string; primary_key: string; data_fields: string; status: string }>();
  t.like(rule, { name: 'News headlines', data_table: 'news', primary_key: 'id', status: '1' });
  t.deepEqual(JSON.parse(rule.data_fields), { title: 'Headline' });
  const row = `${screen} tr[data-row-id="${rule.id}"]`;
  await page.waitForSelector(row);
  t.is(await cell(page, row, 'data_fields'), 'Headline');

  // Edit shows what is watched; the function's list names the same table.
  await page.click(`${row} [data-action="edit"]`);
  await page.waitForSelector(`${form} [data-watched-title="title"]`);
  t.true(await page.$eval(`${form} [data-watched="title"] input[type="checkbox"]`, (c) => (c as HTMLInputElement).checked));
  t.is(await page.$eval(`${form} [data-watched-title="title"]`, (i) => (i as HTMLInputElement).value), 'Headline');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  t.deepEqual(errors, []);
  await page.close();
});
