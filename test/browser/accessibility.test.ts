import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { VIEWPORTS, violations, type Violation } from './axeHelpers.ts';
import { MEMBERS_ONLY, memberPage, publicRoutes } from './publicRoutes.ts';

// What Lighthouse and axe-core report about the public pages and both login pages (issue 17, item 12): no
// WCAG 2.2 AA violation on a phone or a desktop, in either language. The back office and the member centre:
// admin-walk and accessibility-member (issue 32, item 4).

let routes: string[];

const suite = browserSuite(test);
test.before(async () => {
  routes = [...(await publicRoutes(suite.server.url)), '/admin/login'];
});

const inLang = (path: string, lang: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

test.serial('axe-core finds no WCAG 2.2 AA violation on any public page or login page, phone or desktop, in either language', async (t) => {
  t.timeout(20 * 60_000, 'about ninety pages, each loaded and checked');
  t.true(routes.length >= 22, 'every public route and both login pages');
  // Every page is checked before the verdict, so one run names every violation.
  const failures: Record<string, Violation[]> = {};
  for (const viewport of VIEWPORTS) {
    const guest = await suite.browser.newPage();
    await guest.setBypassCSP(true);
    await guest.setViewport(viewport);
    const member = await memberPage(suite.server, suite.browser);
    await member.setBypassCSP(true);
    await member.setViewport(viewport);
    for (const lang of ['zh-cn', 'en']) {
      for (const route of routes) {
        const page = MEMBERS_ONLY.includes(route) ? member : guest;
        await page.goto(suite.server.url + inLang(route, lang), { waitUntil: 'networkidle0' });
        const found = await violations(page);
        if (found.length > 0) failures[`${viewport.name} ${lang} ${route}`] = found;
      }
    }
    await guest.close();
    await member.browserContext().close();
  }
  t.deepEqual(failures, {});
});

test.serial('what Lighthouse reports beyond axe: the first cover of a list loads first, "More" links name their section, the menu toggle is out of the desktop tab order', async (t) => {
  for (const list of ['/news', '/culture', '/brand', '/trail', '/canals']) {
    const html = await (await fetch(`${suite.server.url}${list}`)).text();
    const covers = [...html.matchAll(/<img[^>]*class="cover"[^>]*>/g)].map((m) => m[0]);
    t.true(covers.length >= 2, `${list}: a list of covers`);
    // HTML attribute names are case-free; React writes this one as fetchPriority.
    t.regex(covers[0]!, /fetchpriority="high"/i, `${list}: the first cover, the largest paint, is fetched first`);
    t.notRegex(covers[0]!, /loading="lazy"/, `${list}: the first cover is not lazy`);
    for (const later of covers.slice(1)) t.regex(later, /loading="lazy"/, `${list}: the covers below load lazily`);
  }
  const page = await suite.browser.newPage();
  for (const lang of ['zh-cn', 'en']) {
    await page.setViewport({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}${inLang('/', lang)}`);
    // The accessible text of every link, as a screen reader's list of links reads it.
    const names = await page.$$eval('a', (links) => links.map((a) => (a.textContent ?? '').replace(/\s+/g, ' ').trim()));
    const bare = names.filter((name) => ['more', '更多', 'read more', 'click here', 'here'].includes(name.toLowerCase()));
    t.deepEqual(bare, [], `${lang}: no link says only "More"`);
    t.true(names.some((name) => /^(More|更多) \S/.test(name)), `${lang}: "More" links name their section (${names.filter((n) => /More|更多/.test(n)).join(' | ')})`);
    const desktop = await page.$eval('#nav-toggle', (input) => getComputedStyle(input).display);
    t.is(desktop, 'none', `${lang}: on a desktop the always-open menu has no toggle to tab to`);
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const phone = await page.$eval('input#nav-toggle', (input) => ({ display: getComputedStyle(input).display, label: input.labels?.[0]?.textContent?.trim() ?? '' }));
    t.not(phone.display, 'none', `${lang}: on a phone the menu toggle is there`);
    t.not(phone.label, '', `${lang}: and it has a name`);
  }
  await page.close();
});
