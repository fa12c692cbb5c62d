import test from 'ava';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, createMember } from '../helpers/accounts.ts';
import { ruleIds, superToken } from '../helpers/admins.ts';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { waitForPath } from './userHelpers.ts';

// The member side of the back office as the seeded super admin: the balance ledger's add dialog (reached
// from a member row, with the balance before and after, and the server's refusal of a negative balance),
// the points ledger with a remote-picked member, a member group from the member rules tree, and the menu
// rule tree: moving rules among siblings, adding one under another, and deleting children first.

let adminInfo: string;
let member: { id: number; username: string };

const suite = browserSuite(test, { ADMIN_PASSWORD });
test.before(async () => {
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: await superToken(suite.server), refresh_token: '' });
  member = await createMember(suite.server, { username: 'bargeman' });
  await createMember(suite.server, { username: 'lockkeeper' });
});

async function adminPage(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = collectErrors(page);
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}${path}`);
  return { page, errors };
}

const isCall = (path: string, method = 'GET') => (r: HTTPResponse) => r.url().includes(path) && r.request().method() === method && !r.url().includes('select=true');
const text = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent?.trim() ?? '');

/** Picks the first option a remote select offers for `typed`. */
async function pickRemote(page: Page, scope: string, typed: string): Promise<string> {
  const input = `${scope} input[role="combobox"]`;
  await page.click(input);
  if (typed) await page.type(input, typed);
  const option = await page.waitForSelector(`${scope} [role="listbox"]:not([aria-busy]) [role="option"]`);
  const value = await option!.evaluate((o) => (o as HTMLElement).dataset.value!);
  await option!.click();
  await page.waitForSelector(`${scope} [data-selected="${value}"]`);
  return value;
}

const balance = async (id: number) => (await suite.server.app.knex('user').where({ id }).first<{ money: number; score: number }>('money', 'score'))!;

test.serial('the balance ledger: from a member row, before and after, a refused withdrawal', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage('/admin/user/user?lang=en');
  const members = '[data-crud-page="user/user"]';
  const row = `${members} tr[data-row-id="${member.id}"]`;
  await page.waitForSelector(`${row} [data-ledger-link="user/moneyLog"]`);
  t.is(await page.$eval(`${row} [data-ledger-link="user/moneyLog"]`, (a) => a.getAttribute('aria-label')), 'Balance ledger of bargeman (balance 0.00 yuan)');
  t.is(await page.$(`${members} [data-column="money"] input`), null, 'balance is not an input here');

  // The row's link opens the ledger filtered by this member.
  await page.click(`${row} [data-ledger-link="user/moneyLog"]`);
  await waitForPath(page, new RegExp(`^/admin/user/moneyLog\\?user_id=${member.id}$`));
  const ledger = '[data-crud-page="user/moneyLog"]';
  await page.waitForSelector(`${ledger} [data-member-filter="${member.id}"]`);
  await page.waitForSelector(`${ledger} tbody [data-empty]`);
  t.is(await page.$(`${ledger} [data-action="edit"], ${ledger} [data-action="delete"], ${ledger} [data-select-all]`), null, 'insert-only: no edit, no delete');

  // --- a deposit: the dialog starts with the member, shows the balance now and after ------------------------
  await page.click(`${ledger} [data-toolbar="add"]`);
  const form = '[data-ledger-form="user/moneyLog"]';
  await page.waitForSelector(`${form} [data-ledger-before]`);
  // The filtered member is chosen; its label comes from the member lookup (the id until it answers).
  await page.waitForFunction((f: string, id: number) => document.querySelector(`${f} [data-column="user_id"] [data-selected="${id}"]`)?.textContent === `bargeman(ID:${id})`, {}, form, member.id);
  t.is(await text(page, `${form} [data-ledger-before]`), '0.00 yuan');
  t.is(await text(page, `${form} [data-ledger-after]`), '—');
  await page.type(`${form} [data-column="change"] input`, '12.5');
  t.is(await text(page, `${form} [data-ledger-after]`), '12.50 yuan');
  // Too many decimals and a missing note are stopped before anything is sent.
  await page.type(`${form} [data-column="change"] input`, '55');
  await page.click('[data-form-submit]');
  await page.waitForSelector(`${form} [data-column="memo"] .invalid-feedback`);
  t.is(await text(page, `${form} [data-column="change"] .invalid-feedback`), 'Enter the amount in yuan with at most two decimals, e.g. 12.50 or -2.50');
  t.is(await text(page, `${form} [data-column="memo"] .invalid-feedback`), 'Please enter a note');
  await page.$eval(`${form} [data-column="change"] input`, (i) => (i as HTMLInputElement).select());
  await page.type(`${form} [data-column="change"] input`, '+12.50');
  await page.type(`${form} [data-column="memo"] textarea`, 'Volunteer allowance');
  let answer = page.waitForResponse(isCall('/admin/user.MoneyLog/index'));
  const firstAdd = page.waitForResponse(isCall('/admin/user.MoneyLog/add', 'POST'));
  await page.click('[data-form-submit]');
  const firstKey = (await firstAdd).request().headers()['idempotency-key'];
  t.regex(firstKey ?? '', /^[0-9a-f]{32}$/, 'the form sends an Idempotency-Key');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  t.is((await balance(member.id)).money, 1250);
  await page.waitForSelector(`${ledger} tbody tr[data-row-id]`);
  t.is(await text(page, `${ledger} tbody tr[data-row-id] td[data-column="before"]`), '0.00');
  t.is(await text(page, `${ledger} tbody tr[data-row-id] td[data-column="after"]`), '12.50');
  t.is(await text(page, `${ledger} tbody tr[data-row-id] td[data-column="user_id"]`), 'bargeman');

  // --- a withdrawal larger than the balance: previewed negative, refused by the server, nothing moves --------
  await page.click(`${ledger} [data-toolbar="add"]`);
  await page.waitForFunction((f: string) => document.querySelector(`${f} [data-ledger-before]`)?.textContent === '12.50 yuan', {}, form);
  await page.type(`${form} [data-column="change"] input`, '-20');
  t.is(await text(page, `${form} [data-ledger-after]`), '-7.50 yuan');
  t.truthy(await page.$(`${form} [data-ledger-negative]`));
  await page.type(`${form} [data-column="memo"] textarea`, 'Ferry ticket refund');
  answer = page.waitForResponse(isCall('/admin/user.MoneyLog/add', 'POST'));
  await page.click('[data-form-submit]');
  const secondKey = (await answer).request().headers()['idempotency-key'];
  t.truthy(secondKey);
  t.not(secondKey, firstKey, 'one key per submitted change');
  await page.waitForSelector(`${form} [data-ledger-problem]`);
  t.is(await text(page, `${form} [data-ledger-problem]`), 'The balance is 12.50 yuan; taking 20.00 yuan would make it negative');
  await page.waitForFunction((f: string) => document.querySelector(`${f} [data-ledger-before]`)?.textContent === '12.50 yuan', {}, form);
  t.is((await balance(member.id)).money, 1250, 'the balance is unchanged');
  t.is(Number((await knex('user_money_log').where({ user_id: member.id }).count<{ n: number }[]>('id as n'))[0]!.n), 1, 'and no line was written');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  // The filter's close button shows every member's lines again.
  await page.click(`${ledger} [data-member-filter] button`);
  await waitForPath(page, /^\/admin\/user\/moneyLog$/);
  await page.waitForFunction((l: string) => !document.querySelector(`${l} [data-member-filter]`), {}, ledger);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('the points ledger with a member picked by name, and a member group from the member rules', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage('/admin/user/scoreLog?lang=en');
  const ledger = '[data-crud-page="user/scoreLog"]';
  await page.waitForSelector(`${ledger} [data-toolbar="add"]`);
  await page.click(`${ledger} [data-toolbar="add"]`);
  const form = '[data-ledger-form="user/scoreLog"]';
  await page.waitForSelector(form);
  t.is(await pickRemote(page, `${form} [data-column="user_id"]`, 'barge'), String(member.id));
  await page.waitForSelector(`${form} [data-ledger-before]`);
  t.is(await text(page, `${form} [data-ledger-before]`), '0 points');
  await page.type(`${form} [data-column="change"] input`, '30');
  t.is(await text(page, `${form} [data-ledger-after]`), '30 points');
  await page.type(`${form} [data-column="memo"] textarea`, 'Clean-up day');
  const answer = page.waitForResponse(isCall('/admin/user.ScoreLog/index'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  t.is((await balance(member.id)).score, 30);
  await page.waitForFunction((l: string) => document.querySelector(`${l} tbody td[data-column="after"]`)?.textContent === '30', {}, ledger);

  // A member group: the member centre's rules as a checkbox tree.
  await page.goto(`${suite.server.url}/admin/user/group?lang=en`);
  const groups = '[data-crud-page="user/group"]';
  await page.waitForSelector(`${groups} [data-toolbar="add"]`);
  await page.click(`${groups} [data-toolbar="add"]`);
  const groupForm = '[data-group-form="user/group"]';
  await page.waitForSelector(`${groupForm} [data-rule-check="account/overview"]`);
  t.is(await text(page, `${groupForm} [data-rule="account"] > .perm-rule-line label`), 'My account', 'member menus in the page language');
  await page.type(`${groupForm} [data-column="name"] input`, 'Towpath guides');
  await page.click(`${groupForm} [data-rule-check="account/overview"]`);
  await page.click(`${groupForm} [data-rule-check="account/balance"]`);
  t.is(await page.$eval(`${groupForm} [data-rule-check="account"]`, (i) => i.getAttribute('data-state')), 'mixed');
  const saved = page.waitForResponse(isCall('/admin/user.Group/index'));
  await page.click('[data-form-submit]');
  await saved;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const group = await knex('user_group').where({ name: 'Towpath guides' }).first<{ id: number; rules: string }>();
  const ids = (await knex('user_rule').whereIn('name', ['account', 'account/overview', 'account/balance']).select<{ id: number }[]>('id')).map((r) => r.id);
  t.deepEqual(group!.rules.split(',').map(Number).sort((a, b) => a - b), ids.sort((a, b) => a - b));
  // Edit shows the same ticks.
  await page.click(`${groups} tr[data-row-id="${group!.id}"] [data-action="edit"]`);
  await page.waitForFunction((f: string) => document.querySelector(`${f} [data-rule-check="account/balance"]`)?.getAttribute('data-state') === 'checked', {}, groupForm);
  t.is(await page.$eval(`${groupForm} [data-rule-check="account/profile"]`, (i) => i.getAttribute('data-state')), 'unchecked');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('menu rules: moved among siblings, added under a parent, deleted children first', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage('/admin/auth/rule?lang=en');
  const tree = '[data-tree-page="auth/rule"]';
  const [auth, group, admin, rule, adminLog, department, job] = await Promise.all(['auth', 'auth/group', 'auth/admin', 'auth/rule', 'auth/adminLog', 'auth/department', 'auth/job'].map(async (n) => (await ruleIds(suite.server, [n]))[0]!));
  await page.waitForSelector(`${tree} tr[data-row-id="${auth}"] [data-toggle-row]`);
  t.is(await page.$(`${tree} tr[data-row-id="${group}"]`), null, 'folders start folded');
  await page.click(`${tree} tr[data-row-id="${auth}"] [data-toggle-row]`);
  await page.waitForSelector(`${tree} tr[data-row-id="${group}"]`);
  const childOrder = () => page.$$eval(`${tree} tbody tr[data-pid="${auth}"]`, (rows) => rows.map((r) => Number((r as HTMLElement).dataset.rowId)));
  t.deepEqual(await childOrder(), [group, admin, rule, adminLog, department, job]);
  t.is(await text(page, `${tree} tr[data-row-id="${group}"] td[data-column="title"]`), 'Role groups');
  t.is(await text(page, `${tree} tr[data-row-id="${group}"] td[data-column="type"]`), 'Menu item');
  t.is(await text(page, `${tree} tr[data-row-id="${group}"] td[data-column="menu_type"]`), 'Tab');
  t.true(await page.$eval(`${tree} tr[data-row-id="${group}"] [data-action="up"]`, (b) => (b as HTMLButtonElement).disabled), 'the first sibling cannot go up');
  const weigh = async (id: number) => (await knex('admin_rule').where({ id }).first<{ weigh: number }>('weigh')).weigh;

  // Down: it swaps weights with the next sibling, and the shell's menu follows.
  let answer = page.waitForResponse(isCall('/admin/auth.Rule/index'));
  await page.click(`${tree} tr[data-row-id="${group}"] [data-action="down"]`);
  await answer;
  await page.waitForFunction((s: string, a: number, id: number) => document.querySelectorAll(`${s} tbody tr[data-pid="${a}"]`)[1]?.getAttribute('data-row-id') === String(id), {}, tree, auth, group);
  t.deepEqual(await childOrder(), [admin, group, rule, adminLog, department, job]);
  t.deepEqual([await weigh(admin), await weigh(group)], [99, 98]);
  await page.waitForFunction(() => [...document.querySelectorAll('.admin-side a[data-menu^="auth/"]')].map((a) => a.getAttribute('data-menu'))[0] === 'auth/admin');
  // Up again.
  answer = page.waitForResponse(isCall('/admin/auth.Rule/index'));
  await page.click(`${tree} tr[data-row-id="${group}"] [data-action="up"]`);
  await answer;
  await page.waitForFunction((s: string, a: number, id: number) => document.querySelector(`${s} tbody tr[data-pid="${a}"]`)?.getAttribute('data-row-id') === String(id), {}, tree, auth, group);
  t.deepEqual([await weigh(group), await weigh(admin)], [99, 98]);

  // Dragging the grip onto a row of another parent is refused without a request; onto a sibling it swaps.
  const dragOnto = async (from: number, to: number) => {
    const handle = (await (await page.$(`${tree} tr[data-row-id="${from}"] [data-drag]`))!.boundingBox())!;
    const target = (await (await page.$(`${tree} tr[data-row-id="${to}"]`))!.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
  };
  let sorted = 0;
  page.on('request', (r) => {
    if (r.url().includes('/admin/auth.Rule/sortable')) sorted++;
  });
  await dragOnto(adminLog, auth);
  await new Promise((r) => setTimeout(r, 300));
  t.is(sorted, 0, 'a folder of another level is no drop target');
  answer = page.waitForResponse(isCall('/admin/auth.Rule/index'));
  await dragOnto(adminLog, rule);
  await answer;
  t.is(sorted, 1);
  await page.waitForFunction((s: string, a: number, id: number) => document.querySelectorAll(`${s} tbody tr[data-pid="${a}"]`)[2]?.getAttribute('data-row-id') === String(id), {}, tree, auth, adminLog);
  t.deepEqual([await weigh(adminLog), await weigh(rule)], [97, 96]);

  // --- a folder and a page under it, through the form with the parent select ---------------------------------
  await page.click(`${tree} [data-toolbar="add"]`);
  const form = '[data-crud-form="auth/rule"]';
  await page.waitForSelector(form);
  await page.click(`${form} [data-column="type"] input[value="menu_dir"]`);
  await page.type(`${form} [data-column="title"] input`, '纤道工具');
  await page.type(`${form} [data-column="name"] input`, 'towpath');
  answer = page.waitForResponse(isCall('/admin/auth.Rule/index'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const folder = await knex('admin_rule').where({ name: 'towpath' }).first<{ id: number; pid: number }>('id', 'pid');
  t.is(folder.pid, 0);

  await page.click(`${tree} [data-toolbar="add"]`);
  await page.waitForSelector(form);
  t.is(await pickRemote(page, `${form} [data-column="pid"]`, '纤道'), String(folder.id));
  await page.type(`${form} [data-column="title"] input`, '纤道地图');
  await page.type(`${form} [data-column="name"] input`, 'towpath/map');
  await page.type(`${form} [data-column="component"] input`, 'towpath/map');
  answer = page.waitForResponse(isCall('/admin/auth.Rule/index'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const map = await knex('admin_rule').where({ name: 'towpath/map' }).first<{ id: number; pid: number }>('id', 'pid');
  t.is(map.pid, folder.id);
  await page.waitForSelector(`${tree} tr[data-row-id="${folder.id}"] [data-toggle-row]`);
  await page.click(`${tree} tr[data-row-id="${folder.id}"] [data-toggle-row]`);
  await page.waitForSelector(`${tree} tr[data-row-id="${map.id}"][data-pid="${folder.id}"][data-depth="1"]`);

  // Its edit form shows the parent by name.
  await page.click(`${tree} tr[data-row-id="${map.id}"] [data-action="edit"]`);
  // Its label comes from a lookup by id (shown as the id until it answers).
  await page.waitForFunction((f: string, id: number) => document.querySelector(`${f} [data-column="pid"] [data-selected="${id}"]`)?.textContent === '纤道工具', {}, form, folder.id);
  t.is(await page.$eval(`${form} [data-column="name"] input`, (i) => (i as HTMLInputElement).value), 'towpath/map');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  // The folder cannot move under itself or its own page: the lookup finds both, neither is offered.
  await page.click(`${tree} tr[data-row-id="${folder.id}"] [data-action="edit"]`);
  await page.waitForFunction((f: string) => (document.querySelector(`${f} [data-column="name"] input`) as HTMLInputElement | null)?.value === 'towpath', {}, form);
  const combobox = `${form} [data-column="pid"] input[role="combobox"]`;
  const lookup = page.waitForResponse((r) => r.url().includes('/admin/auth.Rule/index') && r.url().includes('select=true') && decodeURIComponent(r.url()).includes('quickSearch=纤道'));
  await page.click(combobox);
  await page.type(combobox, '纤道');
  const { data } = (await (await lookup).json()) as { data: { list?: Array<{ id: number }>; options?: Array<{ id: number }> } };
  const found = (data.list ?? data.options ?? []).map((r) => r.id);
  t.true(found.includes(folder.id) && found.includes(map.id), 'the server offers the whole subtree');
  await page.waitForSelector(`${form} [data-column="pid"] [role="listbox"]:not([aria-busy])`);
  t.deepEqual(await page.$$eval(`${form} [data-column="pid"] [role="option"]`, (options) => options.map((o) => (o as HTMLElement).dataset.value)), []);
  t.is(await text(page, `${form} [data-column="pid"] .crud-popover div`), 'Nothing found');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  // --- the folder cannot go before its page: the server's reason stays in the dialog ---------------------------
  await page.click(`${tree} tr[data-row-id="${folder.id}"] [data-action="delete"]`);
  answer = page.waitForResponse(isCall('/admin/auth.Rule/del', 'DELETE'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await answer;
  await page.waitForSelector('dialog.crud-dialog [data-delete-problem]');
  t.is(await text(page, 'dialog.crud-dialog [data-delete-problem]'), 'Please delete the child element first, or use batch deletion');
  t.truthy(await knex('admin_rule').where({ id: folder.id }).first());
  await page.click('dialog.crud-dialog [data-confirm="cancel"]');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  await page.click(`${tree} tr[data-row-id="${map.id}"] [data-action="delete"]`);
  answer = page.waitForResponse(isCall('/admin/auth.Rule/index'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await answer;
  await page.waitForFunction((r: string) => !document.querySelector(r), {}, `${tree} tr[data-row-id="${map.id}"]`);
  await page.click(`${tree} tr[data-row-id="${folder.id}"] [data-action="delete"]`);
  answer = page.waitForResponse(isCall('/admin/auth.Rule/index'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await answer;
  await page.waitForFunction((r: string) => !document.querySelector(r), {}, `${tree} tr[data-row-id="${folder.id}"]`);
  t.is(await knex('admin_rule').whereIn('id', [folder.id, map.id]).first(), undefined);
  t.deepEqual(errors, []);
  await page.close();
});
