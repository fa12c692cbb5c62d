/** Shared steps of admin browser tests: a logged-in page, menus, remote selects and React inputs. */
import type { HTTPResponse, Page } from 'puppeteer-core';
import { superToken } from '../helpers/admins.ts';
import type { SuiteBrowser } from '../helpers/browser.ts';
import type { TestServer } from '../helpers/server.ts';

export interface AdminPage {
  page: Page;
  /** Script errors and failed requests (by URL); a test ends by expecting none. */
  errors: string[];
}

/**
 * A page of the admin shell at `path`, logged in as the seeded super admin (the login form itself is tested
 * elsewhere): the token goes into localStorage as the login page would put it.
 */
export async function adminPage(server: TestServer, browser: SuiteBrowser, path: string, viewport = { width: 1280, height: 900 }): Promise<AdminPage> {
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  const info = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: await superToken(server), refresh_token: '' });
  const page = await browser.newPage();
  await page.setViewport(viewport);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('adminInfo', value), info);
  await page.goto(`${server.url}${path}`);
  return { page, errors };
}

/**
 * Stores the admin's layout settings for the next page. They are stored from /robots.txt, where no admin app
 * runs: an app in the page writes its own settings back after hydration, a frame late under Preact, and could
 * overwrite them.
 */
export async function storeLayout(page: Page, server: TestServer, layout: Record<string, unknown>): Promise<void> {
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('config', value), JSON.stringify({ layout }));
}

/**
 * Shows `href` (a page of the admin, with its query) in the running shell the way the browser's back and forward
 * do: its router follows popstate, so the admin bundle (and anything a test put into the page) stays loaded.
 */
export async function showInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((to: string) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

/** The selector of `inside` within the pane of the page at `path` while that pane is the one showing. */
export const shownPane = (path: string, inside: string): string => `section[data-pane="${path}"]:not([hidden]) :is(${inside})`;

/**
 * Closes the tab of a page left behind, not showing. The shell keeps most pages mounted (hidden) while their
 * tab is open, where a page load mounts only its own: a walk from page to page closes each behind it, so every
 * page is read with its own pane alone, as after a load.
 */
export async function closeTab(page: Page, path: string): Promise<void> {
  await page.$eval(`li.admin-tab:has(a[data-tab="${path}"]) .admin-tab-close`, (button) => (button as HTMLButtonElement).click());
  await page.waitForFunction((gone: string) => !document.querySelector(`[data-pane="${gone}"], a[data-tab="${gone}"]`), {}, path);
}

/** Opens a menu page from the side menu, unfolding its folder first when it is closed. */
export async function openMenu(page: Page, name: string): Promise<void> {
  const link = `.admin-side a[data-menu="${name}"]`;
  await page.waitForSelector(link, { visible: false });
  await page.$eval(link, (a) => a.closest<HTMLElement>('ul[hidden]')?.previousElementSibling?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
  await page.waitForSelector(link, { visible: true });
  await page.click(link);
}

/** A GET (or other method) of an admin API path, lookups of remote selects left out. */
export const isCall =
  (path: string, method = 'GET') =>
  (r: HTTPResponse): boolean =>
    r.url().includes(path) && r.request().method() === method && !r.url().includes('select=true');

/** Picks the first option a remote select offers for `text`; returns its value. */
export async function pickRemote(page: Page, scope: string, text: string): Promise<string> {
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

/** A React-controlled input or textarea takes a value only through the native setter plus an input event. */
export async function setValue(page: Page, selector: string, value: string): Promise<void> {
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

/** Submits the open add/edit dialog and waits for it to close after the list reloaded. */
export async function submitForm(page: Page, listPath: string): Promise<void> {
  const reloaded = page.waitForResponse(isCall(listPath));
  await page.click('[data-form-submit]');
  await reloaded;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
}

/**
 * Closes a react-bootstrap dialog (modal or offcanvas) with Escape, as a person would once it has opened. It
 * listens for Escape from the effect that shows it, a frame after its `show` class under Preact, and takes the
 * focus in that same effect: the key is pressed once the focus is inside, then the dialog is waited out.
 */
export async function closeWithEscape(page: Page, dialog: string): Promise<void> {
  await page.waitForFunction(
    (sel: string) => {
      const shown = document.querySelector(sel);
      const focus = document.activeElement;
      return !!shown && !!focus && focus !== document.body && (shown.contains(focus) || focus.contains(shown));
    },
    {},
    dialog,
  );
  await page.keyboard.press('Escape');
  await page.waitForFunction((sel: string) => !document.querySelector(sel), {}, dialog);
}
