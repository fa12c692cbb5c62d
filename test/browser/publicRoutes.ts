import type { Page } from 'puppeteer-core';
import { createMember, memberToken } from '../helpers/accounts.ts';
import type { SuiteBrowser } from '../helpers/browser.ts';
import type { TestServer } from '../helpers/server.ts';

/** Every public route of the spec (section 2), detail pages with the id of a real demo record. */
const LISTS: ReadonlyArray<[list: string, detail: string]> = [
  ['/brand', '/brand/info'],
  ['/news', '/news/info'],
  ['/trail', '/trail/info'],
  ['/culture', '/culture/info'],
  ['/canals', '/canals/info'],
];

/** The first link to `detail` on the page at `path` (the demo content links every list to its records). */
async function firstLink(base: string, path: string, detail: string): Promise<string> {
  const html = await (await fetch(base + path)).text();
  const found = new RegExp(`href="(${detail.replaceAll('/', '\\/')}\\?id=\\d+)"`).exec(html)?.[1];
  if (!found) throw new Error(`${path} links to no ${detail} page`);
  return found;
}

export async function publicRoutes(base: string): Promise<string[]> {
  const routes = ['/', '/index2', '/about', '/members', '/forum', '/canal', '/trail/apply', '/404', '/401', '/user/login'];
  for (const [list, detail] of LISTS) routes.push(list, await firstLink(base, list, detail));
  const canal = routes.find((r) => r.startsWith('/canals/info?'))!;
  routes.push(await firstLink(base, canal, '/canals/info/city'));
  return routes;
}

/** Routes only a logged-in member sees (a guest is sent to /user/login, which is a route of its own). */
export const MEMBERS_ONLY: readonly string[] = ['/trail/apply'];

/**
 * A browser page logged in as a new member (the token stored as the login page stores it), in a context of
 * its own so guest pages of the same browser stay guests.
 */
export async function memberPage(server: TestServer, browser: SuiteBrowser): Promise<Page> {
  const member = await createMember(server);
  const token = await memberToken(server, member.id);
  const page = await (await browser.createBrowserContext()).newPage();
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify({ id: member.id, username: member.username, nickname: member.username, token, refresh_token: '' }));
  return page;
}
