import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { PUBLIC_SECTIONS } from '../../src/shared/sections.ts';

const suite = browserSuite(test);

const SITE = { 'zh-cn': '大运河文化协会', en: 'Grand Canal Culture Association' } as const;

function routeTitles(lang: 'zh-cn' | 'en'): Record<string, string> {
  const file = path.resolve(import.meta.dirname, `../../src/locales/${lang}/common.json`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { title: Record<string, string> }).title;
}

/** A desktop page that records script errors. */
async function open(errors: string[]): Promise<Page> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  collectErrors(page, errors);
  return page;
}

async function clickAndWait(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click(selector)]);
}

for (const lang of ['zh-cn', 'en'] as const) {
  test.serial(`the header navigation reaches every public section (${lang})`, async (t) => {
    const errors: string[] = [];
    const page = await open(errors);
    const titles = routeTitles(lang);
    await page.goto(`${suite.server.url}/?lang=${lang}`, { waitUntil: 'domcontentloaded' });
    for (const [i, section] of PUBLIC_SECTIONS.entries()) {
      await clickAndWait(page, `#site-nav li:nth-child(${i + 1}) a`);
      t.is(await page.title(), `${titles[section.key]} - ${SITE[lang]}`, section.path);
      t.is(new URL(page.url()).pathname, section.path);
      t.is(await page.$eval('html', (h) => h.lang), lang === 'en' ? 'en' : 'zh-CN', `${section.path} keeps the language`);
      t.is(await page.$eval('#site-nav a[aria-current="page"]', (a) => a.getAttribute('href')), page.url().replace(suite.server.url, ''));
      t.truthy(await page.$('main h1'), `${section.path} has a heading`);
    }
    t.deepEqual(errors, []);
    await page.close();
  });
}

test.serial('one detail page of each kind opens from its list', async (t) => {
  const errors: string[] = [];
  const page = await open(errors);
  const kinds: [string, string][] = [
    ['/news', '.content-card a.stretched-link'],
    ['/culture', '.content-card a.stretched-link'],
    ['/brand', '.content-card a.stretched-link'],
    ['/trail', '.content-card a.stretched-link'],
    ['/canals', '.content-card a.stretched-link'],
  ];
  for (const lang of ['zh-cn', 'en'] as const) {
    for (const [list, link] of kinds) {
      await page.goto(`${suite.server.url}${list}?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      const name = await page.$eval(link, (a) => a.textContent ?? '');
      await clickAndWait(page, link);
      t.regex(page.url(), /\/info\?id=\d+/, list);
      t.is(await page.$eval('main h1', (h) => h.textContent), name, `${list}: the detail shows the item clicked`);
      t.is(await page.title(), `${name} - ${SITE[lang]}`);
    }
    // From the section just opened (the last kind), on to one of its cities.
    const city = await page.$eval('.content-card a.stretched-link[href*="/canals/info/city"]', (a) => a.textContent ?? '');
    await clickAndWait(page, '.content-card a.stretched-link[href*="/canals/info/city"]');
    t.is(await page.$eval('main h1', (h) => h.textContent), city);
    t.truthy(await page.$('.heritage-list li'), 'the city lists its heritage sites');
  }
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('/news is plain HTML: no script element, no script request', async (t) => {
  const page = await suite.browser.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${suite.server.url}/news?lang=zh-cn`, { waitUntil: 'networkidle0' });
  t.is(await page.$$eval('script', (s) => s.length), 0);
  t.deepEqual(scripts, []);
  await clickAndWait(page, 'a.page-link[href="/news?page=2"]');
  t.is(await page.$$eval('script', (s) => s.length), 0);
  await page.close();
});

async function stopButton(page: Page, name: string) {
  const handle = await page.waitForSelector(`::-p-xpath(//button[contains(@class, "tour-stop")][normalize-space(.)="${name}"])`);
  if (!handle) throw new Error(`no stop ${name}`);
  return handle;
}

test.serial('cloud tour: clicking a stop tells its story; stops work from the keyboard and on a phone', async (t) => {
  const errors: string[] = [];
  const page = await open(errors);
  await page.goto(`${suite.server.url}/canal?lang=zh-cn`, { waitUntil: 'networkidle0' });
  const panel = '#tour-panel';
  t.regex(await page.$eval(panel, (p) => p.textContent ?? ''), /请选择地图上的一座城市/);
  await (await stopButton(page, '扬州')).click();
  await page.waitForFunction((sel) => document.querySelector(sel)?.querySelector('h2')?.textContent === '扬州', {}, panel);
  const story = await page.$eval(panel, (p) => p.textContent ?? '');
  t.regex(story, /与运河同龄的城市/);
  t.regex(story, /所在河段: 淮扬运河/);
  t.regex(story, /瘦西湖/, 'heritage sites are listed');
  t.is(await page.$eval('button.tour-stop.is-active', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.click(`${panel} .btn-light:nth-child(2)`);
  await page.waitForFunction((sel) => (document.querySelector(sel)?.querySelector('h2')?.textContent ?? '扬州') !== '扬州', {}, panel);
  t.is(await page.$eval(`${panel} h2`, (h) => h.textContent), '镇江', 'next stop follows the water');

  const hangzhou = await stopButton(page, '杭州');
  await hangzhou.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((sel) => document.querySelector(sel)?.querySelector('h2')?.textContent === '杭州', {}, panel);
  t.regex(await page.$eval(panel, (p) => p.textContent ?? ''), /拱宸桥/);
  await page.keyboard.press('Escape');
  await page.waitForFunction((sel) => !document.querySelector(sel)?.querySelector('h2'), {}, panel);
  t.deepEqual(errors, []);
  await page.close();

  const phone = await suite.browser.newPage();
  await phone.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await phone.goto(`${suite.server.url}/canal?lang=en`, { waitUntil: 'networkidle0' });
  const luoyang = await stopButton(phone, 'Luoyang');
  await luoyang.tap();
  await phone.waitForFunction((sel) => document.querySelector(sel)?.querySelector('h2')?.textContent === 'Luoyang', {}, panel);
  t.regex(await phone.$eval(panel, (p) => p.textContent ?? ''), /Hanjia Granary/);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  t.true(overflow <= 0, 'the map fits the phone screen');
  await phone.close();
});

test.serial('cloud tour: a city page\'s "on the map" link opens that city\'s story; without JavaScript the list links every city', async (t) => {
  const errors: string[] = [];
  const page = await open(errors);
  const id = Number(((await suite.server.app.knex('canal_city').where({ name: '杭州' }).first('id')) as { id: number }).id);
  await page.goto(`${suite.server.url}/canals/info/city?id=${id}&lang=en`);
  await clickAndWait(page, `a[href="/canal?lang=en#stop-${id}"]`);
  await page.waitForFunction(() => document.querySelector('#tour-panel h2')?.textContent === 'Hangzhou');
  t.regex(await page.$eval('#tour-panel', (p) => p.textContent ?? ''), /Gongchen Bridge/);
  t.deepEqual(errors, []);
  await page.close();

  const still = await suite.browser.newPage();
  await still.setJavaScriptEnabled(false);
  await still.goto(`${suite.server.url}/canal?lang=zh-cn`);
  await clickAndWait(still, `#stop-${id} a`);
  t.is(new URL(still.url()).pathname + new URL(still.url()).search, `/canals/info/city?id=${id}`);
  t.regex(await still.$eval('main', (m) => m.textContent ?? ''), /拱宸桥/);
  await still.close();
});
