import test from 'ava';
import type { BrowserContext, Page } from 'puppeteer-core';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { ruleIds } from '../helpers/admins.ts';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { closeWithEscape, isCall, openMenu, pickRemote } from './adminHelpers.ts';
import { isCaptcha, solveCaptcha, waitForPath } from './userHelpers.ts';

// The "Done means" walk through the back office: the first admin logs in through the captcha,
// builds a role group with the permission tree and an admin in it; that admin logs in and sees only those
// menus and buttons; the first admin adds, edits and deletes a member, restores it from the recycle bin,
// and switches layout mode and dark mode, which survive a reload.

const suite = browserSuite(test, { ADMIN_PASSWORD });

async function newPage(context: Pick<BrowserContext, 'newPage'>): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = collectErrors(page);
  return { page, errors };
}

/** The real login page: username, password, then the click captcha. */
async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${suite.server.url}/admin/login?lang=en`);
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form:not([role="search"]) button[type="submit"]')?.disabled === false);
  await page.type('#admin-login-username', username);
  await page.type('#admin-login-password', password);
  const captcha = page.waitForResponse(isCaptcha);
  await page.click('form:not([role="search"]) button[type="submit"]');
  await solveCaptcha(suite.server, page, captcha);
}

const stateOf = (page: Page, rule: string) => page.$eval(`[data-rule-check="${rule}"]`, (i) => i.getAttribute('data-state'));

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

test.serial('role group, admin, their menus and buttons, a member through the recycle bin, layout and dark mode', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await newPage(suite.browser);

  // --- the first admin logs in through the captcha ----------------------------------------------------------
  await logIn(page, 'admin', ADMIN_PASSWORD);
  await waitForPath(page, '/admin/dashboard');

  // --- a role group from the permission tree -----------------------------------------------------------------
  await openMenu(page, 'auth/group');
  const groups = '[data-tree-page="auth/group"]';
  await page.waitForSelector(`${groups} tbody tr[data-row-id]`);
  const superGroup = await knex('admin_group').where({ rules: '*' }).first<{ id: number }>('id');
  t.truthy(await page.$(`${groups} tr[data-row-id="${superGroup.id}"] [data-own-group]`), 'the caller’s own group is marked');
  t.is(await page.$(`${groups} tr[data-row-id="${superGroup.id}"] [data-action="edit"]`), null, 'and cannot be edited');
  t.is(await page.$(`${groups} tr[data-row-id="${superGroup.id}"] [data-action="delete"]`), null, 'nor deleted');
  t.regex(await page.$eval(`${groups} tr[data-row-id="${superGroup.id}"] td[data-column="rules"]`, (td) => td.textContent ?? ''), /Super administrator/);

  await page.click(`${groups} [data-toolbar="add"]`);
  const form = '[data-group-form="auth/group"]';
  await page.waitForSelector(`${form} [data-rule-tree] [data-rule-check="content/news/index"]`);
  // Saving without a name or a permission is stopped in the form.
  await page.click('[data-form-submit]');
  await page.waitForSelector(`${form} [data-column="rules"] .invalid-feedback`);
  t.is(await page.$eval(`${form} [data-column="rules"] .invalid-feedback`, (e) => e.textContent), 'Choose at least one permission');
  t.truthy(await page.$(`${form} [data-column="name"] .invalid-feedback`));
  await page.type(`${form} [data-column="name"] input`, 'News desk');
  t.is(await page.$eval(`${form} label[for$="-${(await ruleIds(suite.server, ['content/news/add']))[0]}"]`, (l) => l.textContent), 'Add', 'buttons are named in the page language');

  // A page ticks all its buttons; unticking it clears them and the folder.
  await page.click('[data-rule-check="content/news"]');
  t.is(await stateOf(page, 'content/news/del'), 'checked');
  t.is(await stateOf(page, 'content'), 'mixed');
  await page.click('[data-rule-check="content/news"]');
  t.is(await stateOf(page, 'content/news/del'), 'unchecked');
  t.is(await stateOf(page, 'content'), 'unchecked');
  // News: view and add only; Members: view.
  await page.click('[data-rule-check="content/news/index"]');
  await page.click('[data-rule-check="content/news/add"]');
  await page.click('[data-rule-check="user/user/index"]');
  t.is(await stateOf(page, 'content/news'), 'mixed');
  t.is(await stateOf(page, 'content'), 'mixed');
  t.is(await stateOf(page, 'user/user'), 'mixed');
  t.is(await stateOf(page, 'content/news/edit'), 'unchecked');
  t.true(await page.$eval('[data-rule-check="content/news"]', (i) => (i as HTMLInputElement).indeterminate));
  let answer = page.waitForResponse(isCall('/admin/auth.Group/index'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const group = await knex('admin_group').where({ name: 'News desk' }).first<{ id: number; rules: string }>();
  t.truthy(group);
  const expected = await ruleIds(suite.server, ['content', 'content/news', 'content/news/index', 'content/news/add', 'user', 'user/user', 'user/user/index']);
  t.deepEqual(group!.rules.split(',').map(Number).sort((a, b) => a - b), expected.sort((a, b) => a - b), 'checked and half-checked ids');
  await page.waitForSelector(`${groups} tr[data-row-id="${group!.id}"]`);
  const firstRule = await knex('admin_rule').whereIn('id', expected).orderBy('id').first<{ title_en: string }>('title_en');
  t.is(await page.$eval(`${groups} tr[data-row-id="${group!.id}"] td[data-column="rules"]`, (td) => td.textContent), `${firstRule.title_en} and 6 more`, 'the server’s summary, in English');

  // Editing it shows the same ticks: the server answers leaves, the tree rebuilds the parents.
  await page.click(`${groups} tr[data-row-id="${group!.id}"] [data-action="edit"]`);
  await page.waitForFunction(() => (document.querySelector('[data-group-form] [data-column="name"] input') as HTMLInputElement | null)?.value === 'News desk');
  t.is(await stateOf(page, 'content/news/index'), 'checked');
  t.is(await stateOf(page, 'content/news/add'), 'checked');
  t.is(await stateOf(page, 'content/news/edit'), 'unchecked');
  t.is(await stateOf(page, 'content/news'), 'mixed');
  t.is(await stateOf(page, 'routine'), 'unchecked');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  // --- an admin in that group (the generic screen) ------------------------------------------------------------
  await openMenu(page, 'auth/admin');
  const admins = '[data-crud-page="auth/admin"]';
  await page.waitForSelector(`${admins} tbody tr[data-row-id]`);
  await page.click(`${admins} [data-toolbar="add"]`);
  const adminForm = '[data-crud-form="auth/admin"]';
  await page.waitForSelector(adminForm);
  await page.type(`${adminForm} [data-column="username"] input`, 'newsdesk');
  await page.type(`${adminForm} [data-column="nickname"] input`, '新闻编辑');
  t.is(await pickRemote(page, `${adminForm} [data-column="group_arr"]`, 'News'), String(group!.id));
  t.is(await page.$eval(`${adminForm} [data-column="group_arr"] [data-selected]`, (e) => e.textContent), 'News desk', 'the chosen group without its tree prefix');
  await page.type(`${adminForm} [data-column="password"] input`, 'Desk@2026');
  answer = page.waitForResponse(isCall('/admin/auth.Admin/index'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const desk = await knex('admin').where({ username: 'newsdesk' }).first<{ id: number }>('id');
  t.deepEqual((await knex('admin_group_access').where({ uid: desk.id })).map((r: { group_id: number }) => r.group_id), [group!.id]);
  await page.waitForFunction((s: string) => /News desk/.test(document.querySelector(s)?.textContent ?? ''), {}, `${admins} tr[data-row-id="${desk.id}"]`);

  // --- that admin sees only the granted menus, and on News only the granted buttons ----------------------------
  const context = await suite.browser.createBrowserContext();
  const other = await newPage(context);
  await logIn(other.page, 'newsdesk', 'Desk@2026');
  // Their first page is the first one they hold.
  await waitForPath(other.page, '/admin/content/news');
  await other.page.waitForSelector('.admin-side a[data-menu]');
  t.deepEqual((await other.page.$$eval('.admin-side a[data-menu]', (links) => links.map((a) => a.getAttribute('data-menu')))).sort(), ['content/news', 'user/user']);
  const folders = await other.page.$$eval('.admin-side .admin-menu-group', (buttons) => buttons.map((b) => b.textContent?.trim()));
  t.deepEqual(folders, ['Content', 'Members']);
  const news = '[data-crud-page="content/news"]';
  await other.page.waitForSelector(`${news} tbody tr[data-row-id]`);
  t.truthy(await other.page.$(`${news} [data-toolbar="add"]`), 'add: granted');
  t.is(await other.page.$(`${news} [data-toolbar="edit"]`), null);
  t.is(await other.page.$(`${news} [data-toolbar="delete"]`), null);
  t.is(await other.page.$(`${news} [data-action="edit"]`), null, 'no edit button on the rows');
  t.is(await other.page.$(`${news} [data-action="delete"]`), null, 'no delete button on the rows');
  t.is(await other.page.$(`${news} [data-drag]`), null, 'no sorting');
  await openMenu(other.page, 'user/user');
  const memberList = '[data-crud-page="user/user"]';
  await other.page.waitForSelector(`${memberList} tbody tr`);
  t.is(await other.page.$(`${memberList} [data-toolbar="add"]`), null, 'members: view only');
  t.is(await other.page.$(`${memberList} [data-ledger-link]`), null, 'no ledger pages, no ledger links');
  t.deepEqual(other.errors, []);
  await context.close();

  // --- the first admin adds, edits and deletes a member --------------------------------------------------------
  await openMenu(page, 'user/user');
  const members = '[data-crud-page="user/user"]';
  await page.waitForSelector(`${members} [data-toolbar="add"]`);
  await page.click(`${members} [data-toolbar="add"]`);
  const memberForm = '[data-crud-form="user/user"]';
  await page.waitForSelector(memberForm);
  await pickRemote(page, `${memberForm} [data-column="group_id"]`, '');
  await page.type(`${memberForm} [data-column="username"] input`, 'ferryman');
  await page.type(`${memberForm} [data-column="nickname"] input`, '摆渡人');
  await page.type(`${memberForm} [data-column="password"] input`, 'ferry2026');
  answer = page.waitForResponse(isCall('/admin/user.User/index'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const member = await knex('user').where({ username: 'ferryman' }).first<{ id: number }>('id');
  t.truthy(member);
  const row = `${members} tr[data-row-id="${member!.id}"]`;
  await page.waitForSelector(row);

  await page.click(`${row} [data-action="edit"]`);
  await page.waitForFunction(() => (document.querySelector('[data-crud-form] [data-column="nickname"] input') as HTMLInputElement | null)?.value === '摆渡人');
  await page.$eval(`${memberForm} [data-column="nickname"] input`, (i) => (i as HTMLInputElement).select());
  await page.type(`${memberForm} [data-column="nickname"] input`, 'Ferry keeper');
  answer = page.waitForResponse(isCall('/admin/user.User/index'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  await page.waitForFunction((r: string) => /Ferry keeper/.test(document.querySelector(r)?.textContent ?? ''), {}, row);
  t.is((await knex('user').where({ id: member!.id }).first<{ nickname: string }>('nickname')).nickname, 'Ferry keeper');

  await page.click(`${row} [data-action="delete"]`);
  answer = page.waitForResponse(isCall('/admin/user.User/index'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await answer;
  await page.waitForFunction((r: string) => !document.querySelector(r), {}, row);
  t.is(await knex('user').where({ id: member!.id }).first(), undefined);

  // --- restored from the recycle bin (Data security → Recycle bin) ---------------------------------------------
  const recycled = await knex('security_data_recycle_log').where({ data_table: 'user' }).orderBy('id', 'desc').first<{ id: number }>('id');
  t.truthy(recycled, 'the delete went to the recycle bin');
  await openMenu(page, 'security/dataRecycleLog');
  const bin = '[data-crud-page="security/dataRecycleLog"]';
  const entry = `${bin} tr[data-row-id="${recycled!.id}"]`;
  await page.waitForSelector(`${entry} [data-action="restore"]`);
  await page.click(`${entry} [data-action="restore"]`);
  answer = page.waitForResponse(isCall('/admin/security.DataRecycleLog/restore', 'POST'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  t.is(((await (await answer).json()) as { code: number }).code, 1);
  await page.waitForFunction((e: string) => !document.querySelector(e), {}, `${entry} [data-action="restore"]`);
  t.like(await knex('user').where({ id: member!.id }).first<{ username: string; nickname: string }>('username', 'nickname'), { username: 'ferryman', nickname: 'Ferry keeper' });
  // The member list stayed open in its tab: refreshed, it shows the member again.
  await openMenu(page, 'user/user');
  await page.click(`${members} [data-toolbar="refresh"]`);
  await page.waitForSelector(row);

  // --- layout mode and dark mode survive a reload -----------------------------------------------------------------
  await page.evaluate(() => document.getElementById('portal-toasts')?.replaceChildren());
  await page.click('[data-open-layout]');
  await page.waitForSelector('[data-layout-settings].show');
  await settled(page);
  await page.click('label[for="layout-mode-Classic"]');
  await page.waitForSelector('.admin-app[data-layout="Classic"]');
  await page.click('#layout-dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
  await closeWithEscape(page, '[data-layout-settings]');
  await page.reload();
  await page.waitForSelector(`${row}`);
  t.is(await page.$eval('.admin-app', (e) => e.getAttribute('data-layout')), 'Classic');
  t.is(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme')), 'dark');
  await settled(page);
  t.is(await page.$eval('.admin-header', (e) => e.getBoundingClientRect().left), 0, 'the Classic header spans the width');
  t.deepEqual(errors, []);
});
