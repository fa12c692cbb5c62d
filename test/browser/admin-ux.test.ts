import test from 'ava';
import type { Page } from 'puppeteer-core';
import { ADMIN_PASSWORD, createMember, memberToken } from '../helpers/accounts.ts';
import { asAdmin, superToken } from '../helpers/admins.ts';
import { browserSuite } from '../helpers/browser.ts';
import { resources } from '../../src/resources/index.ts';
import { offers } from '../../src/resources/types.ts';
import { adminPage, closeTab, closeWithEscape, showInApp, shownPane, storeLayout } from './adminHelpers.ts';

// What staff touch first in the back office (issue 17): read-only screens without dead buttons, the
// Streamline menu beside the header tools, dialogs with their buttons in view, one time zone, tables that fit.

const suite = browserSuite(test, { ADMIN_PASSWORD });

/** Waits until the screen's list has its rows (or its empty row) and nothing is loading. */
async function listed(page: Page): Promise<void> {
  await page.waitForSelector('table tbody tr');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

test.serial('admin log: read-only, each entry in a details dialog with the masked data pretty-printed, in both languages', async (t) => {
  // A refused add leaves an entry whose data carries a password the log must mask.
  const call = asAdmin(suite.server, await superToken(suite.server));
  await call('/admin/auth.Admin/add', { body: { username: 'x', password: 'Lock&Key9', nickname: 'Towpath <keeper>' } });
  const entry = await suite.server.app.knex('admin_log').orderBy('id', 'desc').first<{ id: number }>('id');

  for (const lang of ['en', 'zh-cn'] as const) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/auth/adminLog?lang=${lang}`, { width: 1366, height: 768 });
    await listed(page);
    const row = `tr[data-row-id="${entry.id}"]`;
    await page.waitForSelector(row);
    for (const button of ['[data-toolbar="add"]', '[data-toolbar="edit"]', '[data-toolbar="delete"]', '[data-action="edit"]', '[data-action="delete"]']) {
      t.is(await page.$(button), null, `${lang}: no ${button} on a read-only log`);
    }
    await page.click(`${row} [data-action="view"]`);
    await page.waitForSelector('dialog.crud-dialog [data-details]');
    const details = await page.$eval('dialog.crud-dialog', (d) => ({
      title: d.querySelector('h2')?.textContent ?? '',
      json: d.querySelector('[data-detail="data"] pre')?.textContent ?? '',
      fields: [...d.querySelectorAll('[data-detail]')].map((dd) => dd.getAttribute('data-detail')),
      close: d.querySelector('[data-dialog-close]')?.textContent ?? '',
    }));
    t.regex(details.title, lang === 'en' ? /Admin log · record \d+/ : /管理员日志 · 记录 \d+/);
    t.is(details.close, lang === 'en' ? 'Close' : '关闭');
    // Every column, the hidden user agent too; the data indented, the password masked, the rest as sent.
    t.deepEqual(details.fields, ['id', 'admin_id', 'username', 'title', 'url', 'data', 'ip', 'useragent', 'create_time']);
    t.regex(details.json, /^\{\n {2}"username": "x",\n {2}"password": "\*\*\*",\n {2}"nickname": "Towpath <keeper>"\n\}$/);
    t.false(details.json.includes('Lock&Key9'));
    await page.click('[data-dialog-close]');
    await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
    t.deepEqual(errors, []);
    await page.close();
  }
});

/**
 * Opens every resource screen the side menu links to, one after the other in the running shell, once its list
 * or form has loaded, and calls `visit` on each. Answers the side menu's links by resource name, and how many
 * screens were visited.
 */
async function eachResourceScreen(page: Page, visit: (def: (typeof resources)[number]) => Promise<void>): Promise<{ hrefs: Record<string, string>; checked: number }> {
  await page.waitForSelector('.admin-side a[data-menu]', { visible: false });
  const hrefs = await page.$$eval('.admin-side a[data-menu]', (links) => Object.fromEntries(links.map((a) => [a.dataset.menu!, (a as HTMLAnchorElement).href])));
  let checked = 0;
  let left = new URL(page.url()).pathname;
  for (const def of resources) {
    const href = hrefs[def.name];
    if (!href) continue;
    const path = new URL(href).pathname;
    await showInApp(page, href);
    // Screens of lists show a table; the configuration screen shows its groups as forms.
    await page.waitForSelector(shownPane(path, 'table tbody tr, form'));
    await closeTab(page, left);
    left = path;
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await visit(def);
    checked++;
  }
  return { hrefs, checked };
}

test.serial('no screen offers a button for an action the server does not have', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en', { width: 1366, height: 768 });
  const buttons = { add: ['[data-toolbar="add"]'], edit: ['[data-toolbar="edit"]', '[data-action="edit"]'], del: ['[data-toolbar="delete"]', '[data-action="delete"]'] };
  const { checked } = await eachResourceScreen(page, async (def) => {
    for (const [action, selectors] of Object.entries(buttons)) {
      if (offers(def, action)) continue;
      for (const selector of selectors) t.is(await page.$(`.admin-pane ${selector}`), null, `${def.name} has no ${action}, so no ${selector}`);
    }
  });
  t.true(checked >= 20, `${checked} resource screens checked`);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('clicking the menu entry of the page already showing does nothing: no toast, no new history entry', async (t) => {
  for (const lang of ['en', 'zh-cn']) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/auth/adminLog?lang=${lang}`, { width: 1366, height: 768 });
    await listed(page);
    const before = await page.evaluate(() => ({ url: location.href, length: history.length }));
    await page.click('.admin-side a[data-menu="auth/adminLog"]');
    // Longer than a toast takes to appear.
    await new Promise((resolve) => setTimeout(resolve, 600));
    t.is(await page.$eval('#portal-toasts', (box) => box.childElementCount).catch(() => 0), 0, `${lang}: no "already at the navigation target" toast`);
    t.deepEqual(await page.evaluate(() => ({ url: location.href, length: history.length })), before);
    t.deepEqual(errors, []);
    await page.close();
  }
});

/** 20:30 UTC of the latest day that has passed it: already the next day in Shanghai, still this one in New York. */
function lateEvening(): number {
  const now = new Date();
  let at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 20, 30, 0);
  if (at > now.getTime()) at -= 86_400_000;
  return at / 1000;
}

/** The wall clock of a moment in a zone, written independently of the portal's helper. */
function wallClock(seconds: number, timeZone: string, withTime = true): string {
  const text = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : {}) }).format(seconds * 1000);
  return text;
}

test.serial('one time zone: lists, dashboard, review dialog and member centre agree, whatever the browser zone; the config item moves them all', async (t) => {
  const { knex } = suite.server.app;
  const at = lateEvening();
  const shanghai = wallClock(at, 'Asia/Shanghai');
  t.not(shanghai.slice(0, 10), wallClock(at, 'UTC').slice(0, 10), 'a moment whose date differs between the zones');
  const [logId] = (await knex('admin_log').insert({ admin_id: 0, username: 'admin', url: '/admin/x', title: 'Clock check', data: '{}', ip: '127.0.0.1', useragent: 'test', create_time: at }).returning('id')).map((r: { id: number } | number) => (typeof r === 'object' ? r.id : r));
  await knex('admin').where({ username: 'admin' }).update({ prev_login_time: at });
  // A trail application submitted at that moment, copied from a published trail.
  const columns = Object.keys(await knex('trail_application').columnInfo());
  const trail = (await knex('trail').first()) as Record<string, unknown>;
  const member = await createMember(suite.server);
  const copy = Object.fromEntries(Object.entries(trail).filter(([k]) => columns.includes(k) && !['id', 'status', 'create_time', 'update_time'].includes(k)));
  const [applicationId] = (await knex('trail_application').insert({ ...copy, user_id: member.id, photos: '', status: 'pending', create_time: at, update_time: at }).returning('id')).map((r: { id: number } | number) => (typeof r === 'object' ? r.id : r));

  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en', { width: 1366, height: 768 });
  await page.emulateTimezone('America/New_York');
  await page.reload();
  await page.waitForSelector('[data-activity] li');
  const activity = await page.$$eval('[data-activity] li', (items) => items.map((li) => li.textContent ?? ''));
  t.true(activity.some((text) => text.includes('Clock check') && text.includes(shanghai)), `recent activity in Shanghai time: ${activity[0]}`);
  t.is(await page.$eval('[data-last-login]', (p) => p.textContent), `Last login: ${shanghai}`);
  await page.reload();
  await page.waitForSelector('[data-last-login]');
  t.is(await page.$eval('[data-last-login]', (p) => p.textContent), `Last login: ${shanghai}`, 'the same after a reload');

  await page.goto(`${suite.server.url}/admin/auth/adminLog?lang=en`);
  await page.waitForSelector(`tr[data-row-id="${logId}"]`);
  t.is(await page.$eval(`tr[data-row-id="${logId}"] td[data-column="create_time"]`, (td) => td.textContent), shanghai);

  await page.goto(`${suite.server.url}/admin/content/trailApplication?lang=en`);
  await page.waitForSelector(`tr[data-row-id="${applicationId}"] [data-action="review"]`);
  await page.click(`tr[data-row-id="${applicationId}"] [data-action="review"]`);
  await page.waitForSelector('dialog.crud-dialog dl');
  t.true((await page.$eval('dialog.crud-dialog', (d) => d.textContent ?? '')).includes(shanghai.slice(0, 16)), 'the review dialog says when it was submitted in Shanghai time');

  // The member's balance row and the overview bar of its day, in the member centre.
  await knex('user_money_log').insert({ user_id: member.id, money: 1250, before: 0, after: 1250, memo: 'Clock check', create_time: at });
  const token = await memberToken(suite.server, member.id);
  const memberTab = await (await suite.browser.createBrowserContext()).newPage();
  await memberTab.emulateTimezone('America/New_York');
  await memberTab.goto(`${suite.server.url}/robots.txt`);
  await memberTab.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify({ id: member.id, username: member.username, nickname: member.username, token, refresh_token: '' }));
  await memberTab.goto(`${suite.server.url}/user/account/balance?lang=en`);
  await memberTab.waitForFunction(() => document.querySelector('table tbody tr td'));
  t.true((await memberTab.$eval('table tbody', (b) => b.textContent ?? '')).includes(shanghai));
  await memberTab.goto(`${suite.server.url}/user/account/overview?lang=en`);
  await memberTab.waitForSelector('[data-screen="overview"] table.visually-hidden tbody tr');
  const bars = await memberTab.$$eval('[data-screen="overview"] table.visually-hidden tbody tr', (rows) => rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]));
  const day = shanghai.slice(5, 10);
  t.true(bars.some(([label, value]) => label?.endsWith(day) && value?.includes('12.5')), `the 12.50 sits on the bar of ${day}: ${JSON.stringify(bars)}`);
  await memberTab.browserContext().close();

  // The config item moves every date: London now.
  const call = asAdmin(suite.server, await superToken(suite.server));
  t.is((await call('/admin/routine.Config/edit', { body: { time_zone: 'Europe/London' } })).code, 1);
  await page.goto(`${suite.server.url}/admin/dashboard?lang=en`);
  await page.waitForSelector('[data-last-login]');
  t.is(await page.$eval('[data-last-login]', (p) => p.textContent), `Last login: ${wallClock(at, 'Europe/London')}`);
  t.is((await call('/admin/routine.Config/edit', { body: { time_zone: 'Asia/Shanghai' } })).code, 1);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('add/edit dialogs: fixed header and footer, one scrollbar, nothing past the end', async (t) => {
  for (const viewport of [{ width: 1366, height: 700 }, { width: 390, height: 740 }]) {
    const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/content/news?lang=en', viewport);
    await listed(page);
    await page.click('[data-toolbar="add"]');
    await page.waitForSelector('dialog.crud-dialog [data-form-submit]');
    const box = () =>
      page.$eval('dialog.crud-dialog', (d) => {
        // (No named helpers in here: the test runner's transform would reference a function the page lacks.)
        const [header, footer, save] = ['.crud-dialog-header', '.crud-dialog-footer', '[data-form-submit]'].map((sel) => d.querySelector(sel)!.getBoundingClientRect());
        const body = d.querySelector<HTMLElement>('.crud-dialog-body')!;
        return {
          dialog: { top: d.getBoundingClientRect().top, bottom: d.getBoundingClientRect().bottom, scroll: d.scrollHeight - d.clientHeight, scrollTop: d.scrollTop },
          bodyScrolls: body.scrollHeight > body.clientHeight,
          header: header!.top,
          footer: footer!.bottom,
          save: save!.bottom,
        };
      });
    const start = await box();
    t.true(start.bodyScrolls, `${viewport.width}px: the news form is longer than the window`);
    t.is(start.dialog.scroll, 0, 'the dialog itself never scrolls: the body is the one scrollbar');
    t.true(start.save <= viewport.height, 'Save is in view');
    // Wheel far past the end of the form.
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    for (let i = 0; i < 15; i++) await page.mouse.wheel({ deltaY: 600 });
    await page.waitForFunction(() => {
      const body = document.querySelector<HTMLElement>('dialog .crud-dialog-body')!;
      return body.scrollTop + body.clientHeight >= body.scrollHeight - 1;
    });
    const end = await box();
    t.deepEqual([end.dialog.top, end.dialog.bottom, end.dialog.scrollTop, end.header, end.footer], [start.dialog.top, start.dialog.bottom, 0, start.header, start.footer], 'header and footer stay where they were, no blank area below');
    t.true(end.save <= viewport.height, 'Save still in view at the end');
    t.deepEqual(errors, []);
    await page.close();
  }
});

test.serial('forms: a required date starts at now, a select asks "Please select", every problem shows at once', async (t) => {
  for (const [lang, choose, category, kind] of [
    ['en', 'Please select', 'Please select Category', 'Please select Type'],
    ['zh-cn', '请选择', '请选择分类', '请选择类型'],
  ] as const) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/content/news?lang=${lang}`, { width: 1366, height: 768 });
    await listed(page);
    const form = 'dialog.crud-dialog';
    await page.click('[data-toolbar="add"]');
    await page.waitForSelector(`${form} [data-form-submit]`);
    const publish = await page.$eval(`${form} [data-column="publish_time"] input`, (i) => (i as HTMLInputElement).value);
    const now = wallClock(Date.now() / 1000, 'Asia/Shanghai').replace(' ', 'T').slice(0, 16);
    t.true(Math.abs(Date.parse(publish) - Date.parse(now)) <= 60_000, `${lang}: publish time starts at now in the site zone (${publish} vs ${now})`);
    await page.click(`${form} [data-form-submit]`);
    await page.waitForSelector(`${form} [data-column="category_id"] .invalid-feedback`);
    t.is(await page.$eval(`${form} [data-column="category_id"] .invalid-feedback`, (e) => e.textContent), category);
    t.true(await page.$eval(`${form} [data-column="title"]`, (c) => !!c.querySelector('.invalid-feedback')), 'the empty title is flagged at the same time');
    await page.click(`${form} .btn-close`);
    await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

    await page.goto(`${suite.server.url}/admin/content/member?lang=${lang}`);
    await listed(page);
    await page.click('[data-toolbar="add"]');
    await page.waitForSelector(`${form} [data-column="kind"] select`);
    t.is(await page.$eval(`${form} [data-column="kind"] select option`, (o) => o.textContent), choose);
    await page.click(`${form} [data-form-submit]`);
    await page.waitForSelector(`${form} [data-column="kind"] .invalid-feedback`);
    t.is(await page.$eval(`${form} [data-column="kind"] .invalid-feedback`, (e) => e.textContent), kind);
    t.deepEqual(errors, []);
    await page.close();
  }
});

test.serial('the login captcha shows the shapes to click as small pictures named for screen readers', async (t) => {
  // A context of its own: the other tests' admin login lives in the default one.
  const page = await (await suite.browser.createBrowserContext()).newPage();
  await page.goto(`${suite.server.url}/admin/login?lang=en`);
  await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form:not([role="search"]) button[type="submit"]')?.disabled === false);
  await page.type('#admin-login-username', 'admin');
  await page.type('#admin-login-password', ADMIN_PASSWORD);
  await page.click('form:not([role="search"]) button[type="submit"]');
  await page.waitForSelector('[data-captcha-prompt] .captcha-item');
  // Targets are drawn at random: new images until one asks for a shape.
  for (let i = 0; i < 30 && !(await page.$('[data-captcha-prompt] svg[data-shape]')); i++) {
    const old = await page.$eval('[role="dialog"] img', (img) => (img as HTMLImageElement).src);
    await page.evaluate(() => [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] .card-footer button')].find((b) => b.textContent === 'New image')?.click());
    await page.waitForFunction((src: string) => (document.querySelector<HTMLImageElement>('[role="dialog"] img')?.src ?? src) !== src, {}, old);
  }
  const prompt = await page.$eval('[data-captcha-prompt]', (p) => ({
    text: p.textContent ?? '',
    shapes: [...p.querySelectorAll('svg[data-shape]')].map((s) => [s.getAttribute('data-shape'), s.getAttribute('aria-label'), s.getAttribute('role')]),
  }));
  t.true(prompt.shapes.length > 0, 'a shape to click');
  for (const [shape, name, role] of prompt.shapes) t.deepEqual([name, role], [shape, 'img'], 'named in English for screen readers');
  t.false(/[<>]/.test(prompt.text), `no <shape> text in "${prompt.text}"`);
  t.true(prompt.text.startsWith('Please click in order:'));
  await page.browserContext().close();
});

test.serial('Streamline: menus that do not fit go into "More"; the header tools are never covered, from 320 px up', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en', { width: 1366, height: 768 });
  await storeLayout(page, suite.server, { layoutMode: 'Streamline' });
  for (const lang of ['en', 'zh-cn']) {
    await page.goto(`${suite.server.url}/admin/dashboard?lang=${lang}`);
    await page.waitForSelector('.admin-tools [data-open-layout]');
    for (const width of [320, 360, 768, 900, 992, 1024, 1199, 1200, 1280, 1366, 1440, 1920]) {
      await page.setViewport({ width, height: 768 });
      // The shell re-lays itself out after a debounced resize (spec: 300 ms), then its transitions run.
      await page.waitForFunction((phone: boolean) => document.querySelector('.admin-app')?.classList.contains('is-shrink') === phone, {}, width < 768);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const check = await page.evaluate(() => {
        const tools = document.querySelector('.admin-tools')!.getBoundingClientRect();
        const buttons = [...document.querySelectorAll<HTMLElement>('.admin-tools button, .admin-tools a')].filter((b) => b.offsetParent !== null);
        const covered = buttons.filter((b) => {
          const r = b.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !hit || !b.contains(hit);
        });
        const overlapping = [...document.querySelectorAll('.admin-topmenu:not(.admin-topmenu-ruler) > li')].filter((li) => {
          const r = li.getBoundingClientRect();
          return r.width > 0 && r.right > tools.left && r.left < tools.right && r.bottom > tools.top && r.top < tools.bottom;
        });
        return { covered: covered.map((b) => b.outerHTML.slice(0, 60)), overlapping: overlapping.map((li) => li.textContent), buttons: buttons.length };
      });
      t.true(check.buttons >= 4, `${lang} ${width}px: the tools are there`);
      t.deepEqual(check.covered, [], `${lang} ${width}px: every tool can be clicked`);
      t.deepEqual(check.overlapping, [], `${lang} ${width}px: no menu entry under the tools`);
    }
    // 1366 px, where the last folder ("Data security" then) used to sit on the tools: it is in "More", and
    // the layout icon opens the layout settings.
    await page.setViewport({ width: 1366, height: 768 });
    // As in the loop: the debounced re-layout, then its transitions (the menu is drawn anew for its new room).
    await new Promise((resolve) => setTimeout(resolve, 400));
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.waitForSelector('.admin-topnav');
    // The ruler holds every entry and then "More": the entries alone need its width less the last one's.
    const room = await page.$eval('.admin-topnav', (nav) => {
      const ruler = nav.querySelector('.admin-topmenu-ruler')!;
      const more = ruler.lastElementChild!.getBoundingClientRect().width + (parseFloat(getComputedStyle(ruler).columnGap) || 0);
      return { needed: ruler.getBoundingClientRect().width - more, has: nav.clientWidth };
    });
    if (lang === 'en') t.true(room.needed > room.has, 'in English the whole menu is wider than its room at 1366 px');
    if (room.needed > room.has) {
      await page.waitForSelector('.admin-topmenu [data-more-menu]');
      const last = await page.$eval('.admin-topmenu-ruler > li:nth-last-child(2)', (li) => li.textContent ?? '');
      await page.click('.admin-topmenu [data-more-menu]');
      await page.waitForSelector('.admin-topmenu .dropdown-menu.show');
      const more = await page.$eval('.admin-topmenu .dropdown-menu.show', (m) => m.textContent ?? '');
      t.true(last !== '' && more.includes(last), `${lang}: the last folder, ${last}, is in More (${more.slice(0, 80)})`);
      await page.keyboard.press('Escape');
    } else {
      t.is(await page.$('.admin-topmenu [data-more-menu]'), null, `${lang}: everything fits, no More`);
    }
    await page.click('[data-open-layout]');
    await page.waitForSelector('[data-layout-settings].show');
    await closeWithEscape(page, '[data-layout-settings]');
  }
  t.deepEqual(errors, []);
  await page.evaluate(() => localStorage.removeItem('config'));
  await page.close();
});

test.serial('admin tables fit 1366 px without sideways scrolling, status and dates in view; long text is cut short with the whole in a tooltip', async (t) => {
  // A news item with a title far longer than its column, so the table has something to cut.
  const long = { 'zh-cn': '京杭大运河沿线城市联合举办运河文化遗产保护与利用论坛'.repeat(3), en: 'Cities along the Beijing–Hangzhou Grand Canal hold a joint forum on protecting and using the heritage of the canal' };
  const news = await suite.server.app.knex('news').orderBy('id', 'desc').first<{ id: number }>('id');
  await suite.server.app.knex('news').where({ id: news.id }).update({ title: long['zh-cn'], title_en: long.en });
  const screen = { width: 1366, height: 768 };
  for (const lang of ['en', 'zh-cn'] as const) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/dashboard?lang=${lang}`, screen);
    const { hrefs, checked } = await eachResourceScreen(page, async (def) => {
      const wide = await page.$$eval('.admin-pane .table-responsive', (boxes) =>
        boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.scrollWidth} > ${b.clientWidth}`),
      );
      if (wide.length) t.log(await page.$$eval('.admin-pane thead th', (ths) => ths.map((th) => `${th.getAttribute('data-column')}:${Math.round(th.getBoundingClientRect().width)}`).join(' ')));
      t.deepEqual(wide, [], `${lang} ${def.name}: the table fits without scrolling sideways`);
    });
    t.true(checked >= 20, `${lang}: ${checked} screens checked`);

    await page.goto(hrefs['content/news']!);
    const cell = `tr[data-row-id="${news.id}"] td[data-column="title"] .crud-text`;
    await page.waitForSelector(cell);
    const title = await page.$eval(cell, (span) => ({ tooltip: span.getAttribute('title'), cut: span.scrollWidth > span.clientWidth }));
    t.is(title.tooltip, long[lang], `${lang}: the whole title in the tooltip`);
    t.true(title.cut, `${lang}: the title is cut short`);
    const columns = await page.$$eval('.admin-pane thead th[data-column]', (ths) => ths.map((th) => th.getAttribute('data-column')));
    for (const column of ['title', 'status', 'publish_time']) t.true(columns.includes(column), `${lang}: ${column} is a default column (${columns.join(', ')})`);
    t.deepEqual(errors, []);
    await page.close();
  }
});
