import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { adminPage } from './adminHelpers.ts';

// The Content-Security-Policy allows no inline style (issue 9, item 7): every page, the public site, the
// member centre and the back office with a dialog and the rich-text editor open, runs without one violation.
const suite = browserSuite(test);

/** Records every CSP violation of the page, from its first byte on. */
async function watch(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`.trim()));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('no style-src unsafe-inline, and no page breaks the policy', async (t) => {
  const csp = (await fetch(`${suite.server.url}/news`)).headers.get('content-security-policy') ?? '';
  const styleSrc = /style-src [^;]*/.exec(csp)?.[0] ?? '';
  t.regex(styleSrc, /^style-src 'self' 'nonce-[\w+/=]+'$/);

  const page = await suite.browser.newPage();
  await watch(page);
  const found: string[] = [];
  for (const path of ['/', '/index2', '/about', '/news', '/news/info?id=1', '/trail', '/trail/info?id=1', '/canal', '/canals', '/canals/info?id=1', '/culture', '/forum', '/members', '/brand', '/nowhere', '/401', '/user/login', '/admin/login']) {
    for (const lang of ['zh-cn', 'en']) {
      await page.goto(`${suite.server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, { waitUntil: 'networkidle0' });
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
  }
  // The tour's stops are placed by the page's nonce'd style, not by style attributes.
  await page.goto(`${suite.server.url}/canal`, { waitUntil: 'networkidle0' });
  const placed = await page.$$eval('.tour-stop', (stops) => stops.map((s) => getComputedStyle(s).left));
  t.true(placed.length > 10 && new Set(placed).size > 10, 'every stop has its own place');
  await page.close();
  t.deepEqual(found, []);
});

test('the member centre and the back office run without a violation', async (t) => {
  const found: string[] = [];
  const m = await createMember(suite.server);
  const member = await suite.browser.newPage();
  await watch(member);
  await member.goto(`${suite.server.url}/robots.txt`);
  const info = JSON.stringify({ id: m.id, username: m.username, nickname: m.username, token: await memberToken(suite.server, m.id), refresh_token: '' });
  await member.evaluate((value) => localStorage.setItem('userInfo', value), info);
  for (const path of ['/user', '/user/profile', '/user/balance', '/trail/apply']) {
    await member.goto(`${suite.server.url}${path}`, { waitUntil: 'networkidle0' });
    found.push(...(await violations(member)).map((v) => `${path}: ${v}`));
  }
  await member.close();

  const { page } = await adminPage(suite.server, suite.browser, '/robots.txt');
  await watch(page);
  for (const path of ['/admin/dashboard', '/admin/auth/rule', '/admin/routine/config', '/admin/routine/adminInfo', '/admin/content/news']) {
    await page.goto(`${suite.server.url}${path}`, { waitUntil: 'networkidle0' });
    found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
  }
  // A dialog with the rich-text editor (Tiptap injects its own style element, with the page's nonce).
  await page.waitForSelector('[data-crud-page="content/news"] [data-toolbar="add"]');
  await page.click('[data-crud-page="content/news"] [data-toolbar="add"]');
  await page.waitForSelector('dialog.crud-dialog .ProseMirror');
  t.is(await page.$eval('dialog.crud-dialog', (d) => getComputedStyle(d).borderRadius), '8px', 'the dialog is styled');
  found.push(...(await violations(page)).map((v) => `news dialog: ${v}`));
  await page.close();
  t.deepEqual(found, []);
});
