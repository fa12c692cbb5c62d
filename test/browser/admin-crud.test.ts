import test from 'ava';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { createMember } from '../helpers/accounts.ts';
import { createAdmin, createGroup, ruleIds, superToken } from '../helpers/admins.ts';
import { browserSuite } from '../helpers/browser.ts';
import { pngFile } from './userHelpers.ts';

// The generic CRUD screen in a real shell, as the seeded super admin: Content → News (search, sort, pages,
// columns, add with both languages, a remote category, an uploaded cover and rich text, edit, reorder,
// delete, batch delete) and Members → Members (add with a remote-selected group).

let adminInfo: string;

interface NewsRow {
  id: number;
  title: string;
  title_en: string;
  category_id: number;
  cover: string;
  content: string;
  content_en: string;
  weigh: number;
  publish_time: number;
}

const suite = browserSuite(test);
test.before(async () => {
  const { knex } = suite.server.app;
  const admin = await knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  const token = await superToken(suite.server);
  adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token, refresh_token: '' });
  await createMember(suite.server, { username: 'lock_keeper', email: 'keeper@example.org', mobile: '13800138000' });
  // Enough news for a second page, with a word of their own to search for.
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const now = Math.floor(Date.now() / 1000);
  for (let i = 1; i <= 12; i++) {
    await knex('news').insert({
      category_id: category.id,
      title: `闸口简讯 ${i}`,
      title_en: `Lock bulletin ${i}`,
      summary: '',
      summary_en: '',
      content: '<p>简讯</p>',
      content_en: '',
      cover: '',
      publish_time: now - i * 86_400,
      weigh: 0,
      status: '1',
      create_time: now,
      update_time: now,
    });
  }
});

const isIndex = (resource: string) => (r: HTTPResponse) => r.url().includes(`/admin/${resource}/index`) && r.request().method() === 'GET' && !r.url().includes('select=true');

/** A React-controlled input takes a value only through the native setter plus an input event. */
async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (el, v) => {
      const input = el as HTMLInputElement;
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

async function rowIds(page: Page): Promise<string[]> {
  return page.$$eval('[data-crud-page] tbody tr[data-row-id]', (rows) => rows.map((r) => (r as HTMLElement).dataset.rowId!));
}

async function openScreen(page: Page, menu: string): Promise<void> {
  const link = await page.waitForSelector(`a[data-menu="${menu}"]`, { visible: false });
  // The menu group may be folded: open it with its toggle first.
  if (!(await link!.isVisible())) {
    await link!.evaluate((a) => {
      const list = a.closest('ul[hidden]');
      if (list) document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(list.id)}"]`)?.click();
    });
    await page.waitForSelector(`a[data-menu="${menu}"]`, { visible: true });
  }
  await page.click(`a[data-menu="${menu}"]`);
  await page.waitForSelector(`[data-crud-page="${menu}"] tbody tr[data-row-id]`);
}

/** Picks the first option a remote select offers for `text`. */
async function pickRemote(page: Page, scope: string, text: string): Promise<string> {
  const input = `${scope} input[role="combobox"]`;
  await page.click(input);
  if (text) await page.type(input, text);
  // Options of what was typed: the list is busy until the (debounced) lookup has answered.
  const option = await page.waitForSelector(`${scope} [role="listbox"]:not([aria-busy]) [role="option"]`);
  const value = await option!.evaluate((o) => (o as HTMLElement).dataset.value!);
  await option!.click();
  await page.waitForSelector(`${scope} [data-selected="${value}"]`);
  return value;
}

test.serial('news: search, sort, pages, columns, add, edit, reorder, delete and batch delete', async (t) => {
  const { knex } = suite.server.app;
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Failed requests by URL (the browser's console line would not say which; a missing favicon is not ours).
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}/admin?lang=en`);
  await openScreen(page, 'content/news');
  const screen = '[data-crud-page="content/news"]';

  // --- quick search placeholder, the common search by title ------------------------------------------
  t.is(await page.$eval(`${screen} [data-quick-search]`, (i) => (i as HTMLInputElement).placeholder), 'Search ID / Title');
  let answer = page.waitForResponse(isIndex('content.News'));
  await page.type(`${screen} [data-quick-search]`, '简讯 1');
  t.regex(decodeURIComponent((await answer).url()), /quickSearch=简讯 1/);
  // 1, 10, 11 and 12.
  await page.waitForFunction((s) => document.querySelector(`${s} [data-total]`)?.getAttribute('data-total') === '4', {}, screen);
  answer = page.waitForResponse(isIndex('content.News'));
  await page.$eval(`${screen} [data-quick-search]`, (i) => (i as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await answer;
  await page.click(`${screen} [data-toolbar="search"]`);
  await page.waitForSelector(`${screen} [data-search-panel]`);
  await page.type(`${screen} [data-search-field="title"] input`, '闸口简讯');
  answer = page.waitForResponse(isIndex('content.News'));
  await page.click(`${screen} [data-search-panel] button[type="submit"]`);
  t.regex(decodeURIComponent((await answer).url()), /search\[0\]\[field\]=title&search\[0\]\[operator\]=LIKE&search\[0\]\[val\]=闸口简讯/);
  await page.waitForFunction((s) => document.querySelector(`${s} [data-total]`)?.getAttribute('data-total') === '12', {}, screen);
  const titles = await page.$$eval(`${screen} tbody td[data-column="title"]`, (cells) => cells.map((c) => c.textContent ?? ''));
  t.true(titles.length === 10 && titles.every((s) => s.startsWith('Lock bulletin')), titles.join('|'));

  // --- sort by publish time, ascending ---------------------------------------------------------------------
  answer = page.waitForResponse(isIndex('content.News'));
  await page.click(`${screen} [data-sort="publish_time"]`);
  t.regex((await answer).url(), /order=publish_time%2Casc|order=publish_time,asc/);
  await page.waitForSelector(`${screen} th[data-column="publish_time"][aria-sort="ascending"]`);
  const ascending = await rowIds(page);
  const oldest = await knex('news').where('title', 'like', '闸口简讯%').orderBy('publish_time', 'asc').first<{ id: number }>('id');
  t.is(ascending[0], String(oldest.id));

  // --- the second page -----------------------------------------------------------------------------
  answer = page.waitForResponse(isIndex('content.News'));
  await page.click(`${screen} [data-pagination] [data-page="2"]`);
  t.regex((await answer).url(), /page=2/);
  await page.waitForFunction((s) => document.querySelectorAll(`${s} tbody tr[data-row-id]`).length === 2, {}, screen);
  t.true((await rowIds(page)).every((id) => !ascending.includes(id)));

  // --- hide the cover column; it stays hidden after a reload -------------------------------------------
  t.truthy(await page.$(`${screen} th[data-column="cover"]`));
  await page.click(`${screen} [data-toolbar="columns"]`);
  await page.click(`${screen} [data-column-toggle="cover"]`);
  await page.waitForFunction((s) => !document.querySelector(`${s} th[data-column="cover"]`), {}, screen);
  await page.keyboard.press('Escape');
  await page.reload();
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  t.is(await page.$(`${screen} th[data-column="cover"]`), null, 'the choice survived the reload');
  t.truthy(await page.$(`${screen} th[data-column="title"]`));

  // --- add a news item: both languages, a remote category, a cover upload and rich text -----------------
  await page.click(`${screen} [data-toolbar="add"]`);
  const form = '[data-crud-form="content/news"]';
  await page.waitForSelector(form);
  t.true(await page.$eval('dialog.crud-dialog', (d) => (d as HTMLDialogElement).open));
  // Saving empty shows the schema's messages under the fields, without a request.
  await page.click('[data-form-submit]');
  await page.waitForSelector(`${form} [data-column="title"] .invalid-feedback`);
  t.is(await page.$eval(`${form} [data-column="title"] .invalid-feedback`, (e) => e.textContent), 'Please enter Title');
  t.truthy(await page.$(`${form} [data-column="category_id"] .invalid-feedback`));
  t.is(await page.evaluate(() => document.activeElement?.closest('[data-column]')?.getAttribute('data-column')), 'category_id', 'focus on the first problem');

  const category = await pickRemote(page, `${form} [data-column="category_id"]`, '协会');
  await page.type(`${form} [data-column="title"] input`, '运河浏览器测试新闻');
  await page.type(`${form} [data-column="title_en"] input`, 'Canal browser test news');
  await page.type(`${form} [data-column="summary"] textarea`, '一段摘要');
  await setValue(page, `${form} [data-column="publish_time"] input`, '2026-03-01T09:30:00');
  const cover = await page.$(`${form} [data-column="cover"] input[type="file"]`);
  await cover!.uploadFile(pngFile());
  await page.waitForSelector(`${form} [data-column="cover"] img[src*="/storage/"]`);
  // Rich text: a heading, bold text, a list and an uploaded image.
  await page.waitForSelector(`${form} [data-column="content"] .ProseMirror`);
  await page.click(`${form} [data-column="content"] .ProseMirror`);
  await page.click(`${form} [data-column="content"] [data-tool="h2"]`);
  await page.keyboard.type('Lock gates');
  await page.keyboard.press('Enter');
  await page.click(`${form} [data-column="content"] [data-tool="bold"]`);
  await page.keyboard.type('Opened at dawn.');
  await page.click(`${form} [data-column="content"] [data-tool="bold"]`);
  await page.keyboard.press('Enter');
  await page.click(`${form} [data-column="content"] [data-tool="bulletList"]`);
  await page.keyboard.type('First boat');
  const editorImage = await page.$(`${form} [data-column="content"] input[data-editor-file]`);
  await editorImage!.uploadFile(pngFile());
  await page.waitForSelector(`${form} [data-column="content"] .ProseMirror img[src*="/storage/"]`);
  await page.click(`${form} [data-column="content_en"] .ProseMirror`);
  await page.keyboard.type('English body.');
  // A link: the address is typed the moment the link bar opens, so its field must have the keyboard by then.
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.click(`${form} [data-column="content_en"] [data-tool="link"]`);
  await page.keyboard.type('https://example.org/canal');
  await page.keyboard.press('Enter');
  answer = page.waitForResponse(isIndex('content.News'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const added = await knex<NewsRow>('news').where({ title: '运河浏览器测试新闻' }).first();
  t.truthy(added);
  t.is(added!.title_en, 'Canal browser test news');
  t.is(added!.category_id, Number(category));
  t.regex(added!.cover, /^\/storage\/.+\.png$/);
  t.regex(added!.content, /^<h2>Lock gates<\/h2><p><strong>Opened at dawn\.<\/strong><\/p><ul><li><p>First boat<\/p>/);
  t.regex(added!.content, /<img src="\/storage\/[^"]+\.png" alt="avatar"/);
  t.is(added!.content_en, '<p><a rel="noopener noreferrer" href="https://example.org/canal">English body.</a></p>');
  t.is(added!.publish_time, Date.UTC(2026, 2, 1, 1, 30) / 1000, 'the time was read in China time');
  // The reload reset search, order and page: the default order (weigh, a column shown on demand) puts the
  // new row on top, and no shown column is marked sorted.
  t.is(await page.$(`${screen} th[aria-sort="ascending"], ${screen} th[aria-sort="descending"]`), null);
  await page.waitForFunction((s, id) => document.querySelector(`${s} tbody tr[data-row-id]`)?.getAttribute('data-row-id') === id, {}, screen, String(added!.id));
  const row = `${screen} tr[data-row-id="${added!.id}"]`;
  t.regex(await page.$eval(row, (r) => r.textContent ?? ''), /Canal browser test news/, 'the English page shows the English title');

  // --- edit it: the form loads the row, a change is saved --------------------------------------------
  await page.click(`${row} [data-action="edit"]`);
  await page.waitForFunction(() => (document.querySelector('[data-crud-form] [data-column="title_en"] input') as HTMLInputElement | null)?.value === 'Canal browser test news');
  t.is(await page.$eval(`${form} [data-column="publish_time"] input`, (i) => (i as HTMLInputElement).value), '2026-03-01T09:30', 'shown in China time (the browser drops zero seconds)');
  t.truthy(await page.$(`${form} [data-column="category_id"] [data-selected="${category}"]`), 'the current category is shown');
  t.is(await page.evaluate(() => document.activeElement?.closest('[data-column]')?.getAttribute('data-column')), 'category_id', 'loaded: the focus is on the first field');
  await page.$eval(`${form} [data-column="title_en"] input`, (i) => (i as HTMLInputElement).select());
  await page.type(`${form} [data-column="title_en"] input`, 'Canal news, edited');
  answer = page.waitForResponse(isIndex('content.News'));
  // Enter in a single-line input submits the form.
  await page.keyboard.press('Enter');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  await page.waitForFunction((r) => /Canal news, edited/.test(document.querySelector(r)?.textContent ?? ''), {}, row);
  t.is((await knex<NewsRow>('news').where({ id: added!.id }).first())!.title_en, 'Canal news, edited');

  // --- reorder: down with the keyboard button, then dragged back to the top ----------------------------
  const before = await rowIds(page);
  t.is(before[0], String(added!.id));
  answer = page.waitForResponse(isIndex('content.News'));
  await page.click(`${row} [data-action="down"]`);
  await answer;
  await page.waitForFunction((s, id) => document.querySelectorAll(`${s} tbody tr[data-row-id]`)[1]?.getAttribute('data-row-id') === id, {}, screen, String(added!.id));
  t.is((await rowIds(page))[0], before[1]);
  const handle = await page.$(`${row} [data-drag]`);
  const target = await page.$(`${screen} tbody tr[data-row-id]:first-child`);
  const from = (await handle!.boundingBox())!;
  const to = (await target!.boundingBox())!;
  answer = page.waitForResponse(isIndex('content.News'));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await answer;
  await page.waitForFunction((s, id) => document.querySelector(`${s} tbody tr[data-row-id]`)?.getAttribute('data-row-id') === id, {}, screen, String(added!.id));

  // --- delete it: Escape cancels the confirmation, OK deletes ------------------------------------------
  await page.click(`${row} [data-action="delete"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.is(await page.evaluate(() => document.activeElement?.getAttribute('data-confirm')), 'cancel', 'the focus starts on Cancel');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  t.truthy(await knex('news').where({ id: added!.id }).first());
  await page.click(`${row} [data-action="delete"]`);
  answer = page.waitForResponse(isIndex('content.News'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await answer;
  await page.waitForFunction((r) => !document.querySelector(r), {}, row);
  t.is(await knex('news').where({ id: added!.id }).first(), undefined);

  // --- batch delete two rows ---------------------------------------------------------------------------
  const [first, second] = await rowIds(page);
  await page.click(`${screen} [data-select-row="${first}"]`);
  await page.click(`${screen} [data-select-row="${second}"]`);
  t.regex(await page.$eval(`${screen} [data-toolbar="delete"]`, (b) => b.textContent ?? ''), /2/);
  await page.click(`${screen} [data-toolbar="delete"]`);
  await page.waitForSelector('dialog.crud-dialog [data-confirm="ok"]');
  t.regex(await page.$eval('dialog.crud-dialog', (d) => d.textContent ?? ''), /Delete the 2 selected records/);
  answer = page.waitForResponse(isIndex('content.News'));
  await page.click('dialog.crud-dialog [data-confirm="ok"]');
  await answer;
  t.is(Number((await knex('news').whereIn('id', [Number(first), Number(second)]).count<{ n: number }[]>('id as n'))[0]!.n), 0);
  // The reloaded list arrives before React re-renders it: wait for the rows to go rather than reading at once.
  await page.waitForFunction(
    (sel: string, ids: string[]) => !ids.some((id) => document.querySelector(`${sel} tbody tr[data-row-id="${id}"]`)),
    {},
    screen,
    [first!, second!],
  );

  t.deepEqual(errors, []);
});

test.serial('members: add a member with a remote-selected group', async (t) => {
  const { knex } = suite.server.app;
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}/admin/user/user?lang=zh-cn`);
  const screen = '[data-crud-page="user/user"]';
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  // Phone width: the table scrolls sideways inside its box, the page itself does not.
  t.true(await page.$eval(`${screen} .table-responsive`, (box) => box.scrollWidth > box.clientWidth));
  t.false(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1));

  await page.click(`${screen} [data-toolbar="add"]`);
  const form = '[data-crud-form="user/user"]';
  await page.waitForSelector(form);
  const group = await pickRemote(page, `${form} [data-column="group_id"]`, '');
  // A name already taken: the server's answer shows under the field, and the form stays open.
  await page.type(`${form} [data-column="username"] input`, 'lock_keeper');
  await page.type(`${form} [data-column="password"] input`, 'keeper2026');
  await page.click('[data-form-submit]');
  await page.waitForSelector(`${form} [data-column="username"] .invalid-feedback`);
  t.is(await page.$eval(`${form} [data-column="username"] .invalid-feedback`, (a) => a.textContent), '用户名已被使用');
  await page.$eval(`${form} [data-column="username"] input`, (i) => (i as HTMLInputElement).select());
  await page.type(`${form} [data-column="username"] input`, 'towpath_keeper');
  await page.type(`${form} [data-column="nickname"] input`, '纤道守护人');
  await page.click(`${form} [data-column="gender"] input[value="1"]`);
  const answer = page.waitForResponse(isIndex('user.User'));
  await page.click('[data-form-submit]');
  await answer;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  const member = await knex('user').where({ username: 'towpath_keeper' }).first<{ id: number; group_id: number; gender: number; status: string; password: string }>();
  t.truthy(member);
  t.is(member!.group_id, Number(group));
  t.is(Number(member!.gender), 1);
  t.is(member!.status, 'enable');
  t.not(member!.password, 'keeper2026');
  await page.waitForSelector(`${screen} tr[data-row-id="${member!.id}"]`);
  t.deepEqual(errors, []);
});

test.serial('an admin sees only the buttons their rules allow', async (t) => {
  const rules = await ruleIds(suite.server, ['content', 'content/news', 'content/news/index', 'content/news/edit']);
  const group = await createGroup(suite.server, rules);
  const editor = await createAdmin(suite.server, [group]);
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate(
    (info) => localStorage.setItem('adminInfo', info),
    JSON.stringify({ id: editor.id, username: editor.username, nickname: editor.username, avatar: '', last_login_time: '', token: editor.token, refresh_token: '' }),
  );
  await page.goto(`${suite.server.url}/admin/content/news?lang=en`);
  const screen = '[data-crud-page="content/news"]';
  await page.waitForSelector(`${screen} tbody tr[data-row-id]`);
  t.truthy(await page.$(`${screen} [data-toolbar="edit"]`));
  t.truthy(await page.$(`${screen} tbody [data-action="edit"]`));
  t.is(await page.$(`${screen} [data-toolbar="add"]`), null);
  t.is(await page.$(`${screen} [data-toolbar="delete"]`), null);
  t.is(await page.$(`${screen} [data-action="delete"]`), null);
  t.is(await page.$(`${screen} [data-drag]`), null, 'no sortable rule: no reordering');
  t.is(await page.$(`${screen} [data-action="up"]`), null);
});

test.serial('a screen shows the remark of its menu rule', async (t) => {
  const page = await suite.browser.newPage();
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}/admin/routine/attachment?lang=en`);
  const remark = await page.waitForSelector('[data-crud-page="routine/attachment"] [data-remark]');
  t.regex(await remark!.evaluate((r) => r.textContent ?? ''), /A file uploaded more than once is stored once/);
});
