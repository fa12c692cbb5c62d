import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { api } from '../helpers/server.ts';
import type { MenuNode } from '../../src/shared/account.ts';
import { check, menuPages, settling, VIEWPORTS, type Violation } from './axeHelpers.ts';
import { ServedSheets, wholeSheet } from './cutSheets.ts';
import { memberPage } from './publicRoutes.ts';

// No WCAG 2.2 AA violation on any screen of the member centre, on a phone or a desktop, in either language
// (issue 32, item 4); and every class drawn there that the whole stylesheets style is styled by the cut ones served
// (the site's, then the member pages' own, which carries the site's rules only member screens name).

const suite = browserSuite(test);

test.serial('axe-core finds no WCAG 2.2 AA violation on any member-centre screen, phone or desktop, in either language, and no class lost its rules', async (t) => {
  t.timeout(10 * 60_000, 'every member-centre screen, four times');
  const failures: Record<string, Violation[]> = {};
  const whole = wholeSheet('src/styles/site.scss') + wholeSheet('src/styles/user.scss');
  const sheets = new ServedSheets();
  const unstyled = new Set<string>();
  const member = await memberPage(suite.server, suite.browser);
  await member.setBypassCSP(true);
  const settled = settling(member);
  const memberToken = await member.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
  const memberMenus = (await api<{ menus: MenuNode[] }>(suite.server.url, '/api/index/index', { headers: { 'ba-user-token': memberToken } })).body.data.menus;
  const pages = menuPages(memberMenus);
  t.true(pages.length >= 6, `every member-centre screen (${pages.join(', ')})`);
  for (const viewport of VIEWPORTS) {
    await member.setViewport(viewport);
    for (const lang of ['zh-cn', 'en']) {
      for (const path of pages) {
        await member.goto(`${suite.server.url}/user/${path}?lang=${lang}`);
        await member.waitForSelector('.member-content > h1');
        await settled();
        await check(failures, member, `member ${viewport.name} ${lang} ${path}`);
        for (const name of await sheets.unstyled(member, whole)) unstyled.add(`${path}: .${name}`);
      }
    }
  }
  await member.browserContext().close();
  t.deepEqual(failures, {});
  t.deepEqual([...unstyled], []);
});
