/**
 * Menu icons (issue 10 item 3, issue 17 item 11): the stored `fa fa-*` / `el-icon-*` names draw in our admin
 * and member centre from a subset stylesheet of the glyphs used; no page loads or preloads an icon font, so
 * the browser has no unused preload to warn about.
 */
import test from 'ava';
import type { Page } from 'puppeteer-core';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { browserSuite, step } from '../helpers/browser.ts';
import { adminPage } from './adminHelpers.ts';

const suite = browserSuite(test);

/** What a page fetched that is a font, and the console's warnings (Chromium reports unused preloads there). */
function watch(page: Page): { fonts: string[]; warnings: string[] } {
  const seen = { fonts: [] as string[], warnings: [] as string[] };
  page.on('request', (r) => {
    if (r.resourceType() === 'font' || /\.(woff2?|ttf|otf|eot)(\?|$)/.test(r.url())) seen.fonts.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'warn' || m.type() === 'error') seen.warnings.push(m.text());
  });
  return seen;
}

/** Each menu icon in `scope`: its classes, the glyph its ::before paints (a mask in currentColor, from the glyph's file) and its width. */
async function icons(page: Page, scope: string): Promise<{ name: string; glyph: string; width: number }[]> {
  return page.$$eval(`${scope} i.app-icon`, (list) =>
    list.map((i) => {
      const glyph = getComputedStyle(i, '::before');
      const mask = glyph.maskImage || glyph.getPropertyValue('-webkit-mask-image');
      return { name: i.className, glyph: /^url\(".*\/assets\/static\/[\w-]+\.[\w-]+\.svg"\)$/.test(mask) ? mask : '', width: parseFloat(glyph.width) };
    }),
  );
}

/** The glyph drawn for a name outside the mapping (the fallback): no menu icon may be drawn with it. */
async function fallbackGlyph(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('i'));
    probe.className = 'app-icon';
    const glyph = getComputedStyle(probe, '::before');
    const mask = glyph.maskImage || glyph.getPropertyValue('-webkit-mask-image');
    probe.remove();
    return mask;
  });
}

async function noPreloadedFont(page: Page): Promise<number> {
  return page.$$eval('link[rel="preload"][as="font"], link[href*="bootstrap-icons"]', (l) => l.length);
}

/** Fonts the page has loaded so far, from its own resource timing (complete whenever the watch began). */
async function loadedFonts(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\.(woff2?|ttf|otf|eot)(\?|$)/.test(n)));
}

test.serial('the admin draws every stored menu icon from the subset, with no icon font', async (t) => {
  // The login page, then the shell after login (below).
  for (const path of ['/admin/login']) {
    const page = await suite.browser.newPage();
    const seen = watch(page);
    await step(page, `${path} until the network is idle`, seen.warnings, page.goto(`${suite.server.url}${path}`, { waitUntil: 'networkidle0' }));
    t.deepEqual(seen.fonts, [], `${path}: no font fetched`);
    t.is(await noPreloadedFont(page), 0, `${path}: no font preloaded`);
    t.deepEqual(seen.warnings.filter((w) => /preload/i.test(w)), [], `${path}: no preload warning`);
    await page.close();
  }

  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin');
  const seen = watch(page);
  await step(page, 'the side menu', errors, page.waitForSelector('.admin-side i.app-icon'));
  // Whatever font the painted menu needs is loading or loaded once the icons are in; waiting for the network to
  // fall silent instead timed out in whole test runs while the dashboard's screens kept loading.
  await step(page, 'the fonts settled', errors, page.evaluate(() => document.fonts.ready.then(() => undefined)));
  t.deepEqual(await loadedFonts(page), [], 'the shell loads no font');
  t.is(await noPreloadedFont(page), 0, 'the shell preloads no font');
  const drawn = await icons(page, '.admin-side');
  const stored = await suite.server.app.knex('admin_rule').whereNot('type', 'button').where('status', '1').pluck('icon');
  t.true(drawn.length >= 20, 'every folder and page of the side menu has an icon');
  const fallback = await fallbackGlyph(page);
  t.truthy(fallback);
  for (const icon of drawn) {
    t.truthy(icon.glyph, `${icon.name}: a glyph is painted`);
    t.not(icon.glyph, fallback, `${icon.name}: its own glyph, not the fallback`);
    t.true(icon.width > 8, `${icon.name}: has a size`);
  }
  // Each stored name draws its own glyph: the icons of dashboard (fa fa-dashboard) and admins (el-icon-UserFilled) differ.
  const glyphOf = (name: string) => drawn.find((i) => i.name.split(' ').includes(name.split(' ').pop()!))?.glyph;
  t.true(stored.includes('fa fa-dashboard') && stored.includes('el-icon-UserFilled'));
  t.truthy(glyphOf('fa fa-dashboard'));
  t.truthy(glyphOf('el-icon-UserFilled'));
  t.not(glyphOf('fa fa-dashboard'), glyphOf('el-icon-UserFilled'));
  t.deepEqual(seen.fonts, []);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('the member centre draws its menu icons from the subset, with no icon font', async (t) => {
  const member = await createMember(suite.server);
  const token = await memberToken(suite.server, member.id);
  const page = await suite.browser.newPage();
  const seen = watch(page);
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify({ id: member.id, username: member.username, token }));
  await page.goto(`${suite.server.url}/user/account/overview`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('i.app-icon');
  const drawn = await icons(page, 'body');
  t.true(drawn.length >= 6, 'the account folder and its pages have icons');
  const fallback = await fallbackGlyph(page);
  for (const icon of drawn) t.true(icon.glyph !== '' && icon.glyph !== fallback && icon.width > 8, `${icon.name}: its own glyph is painted`);
  t.deepEqual(seen.fonts, []);
  t.deepEqual(await loadedFonts(page), []);
  t.is(await noPreloadedFont(page), 0);
  t.deepEqual(seen.warnings.filter((w) => /preload/i.test(w)), []);
  await page.close();
});
