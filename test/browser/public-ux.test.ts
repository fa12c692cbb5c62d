import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { MEMBERS_ONLY, memberPage, publicRoutes } from './publicRoutes.ts';
import { loginPageReady } from './userHelpers.ts';

// The public site as visitors meet it (issue 17): phones never pan sideways, the cloud tour works by touch,
// error pages say what they are, and the demo content holds no placeholders.

let routes: string[];

const suite = browserSuite(test);
test.before(async () => {
  routes = await publicRoutes(suite.server.url);
});

const LANGS = ['zh-cn', 'en'] as const;
const inLang = (path: string, lang: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

const PHONE = { height: 800, isMobile: true, hasTouch: true };

async function phone(width: number): Promise<Page> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width, ...PHONE });
  return page;
}

test.serial('no public page is wider than a phone (360 and 390 px, both languages)', async (t) => {
  t.true(routes.length >= 21, 'every public route, detail pages included');
  for (const width of [360, 390]) {
    const guest = await phone(width);
    const member = await memberPage(suite.server, suite.browser);
    await member.setViewport({ width, ...PHONE });
    for (const lang of LANGS) {
      for (const route of routes) {
        const page = MEMBERS_ONLY.includes(route) ? member : guest;
        await page.goto(suite.server.url + inLang(route, lang));
        const { scroll, client, wide } = await page.evaluate(() => {
          const client = document.documentElement.clientWidth;
          // What sticks out, to say why in the failure message.
          const wide = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > client + 0.5 && !el.closest('.tour-frame'))
            .slice(0, 3)
            .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')}`);
          return { scroll: document.documentElement.scrollWidth, client, wide };
        });
        t.true(scroll <= client, `${width}px ${lang} ${route}: ${scroll} > ${client} (${wide.join(', ')})`);
      }
    }
    await guest.close();
    await member.browserContext().close();
  }
});

test.serial('cloud tour: a tapped city tells its story in view; no city label is clipped by the map', async (t) => {
  for (const width of [390, 1280]) {
    const page = width < 600 ? await phone(width) : await suite.browser.newPage();
    if (width >= 600) await page.setViewport({ width, height: 900 });
    await page.goto(`${suite.server.url}/canal?lang=en`);
    // Every label fits inside the map, shown as pointing at its stop would show it.
    const clipped = await page.$$eval('.tour-stop', (stops) => {
      const canvas = document.querySelector('.tour-canvas')!.getBoundingClientRect();
      return stops.flatMap((stop) => {
        stop.classList.add('is-active');
        const label = stop.querySelector('.tour-stop-label')!.getBoundingClientRect();
        stop.classList.remove('is-active');
        return label.left < canvas.left || label.right > canvas.right || label.top < canvas.top || label.bottom > canvas.bottom ? [stop.textContent] : [];
      });
    });
    t.deepEqual(clipped, [], `${width}px: labels inside the map`);
    if (width < 600) {
      t.is(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true, 'the map pans inside its frame, not the page');
      // The whole map is in view: nothing to pan until zoomed in.
      t.true(await page.$eval('.tour-frame', (f) => f.scrollWidth <= f.clientWidth + 1));
      const stop = await page.waitForSelector('::-p-xpath(//button[contains(@class, "tour-stop")][normalize-space(.)="Hangzhou"])');
      // At once: Bootstrap makes the page scroll smoothly, and a tap during the scroll would miss the stop.
      await stop!.evaluate((b) => b.scrollIntoView({ behavior: 'instant', block: 'center', inline: 'center' }));
      await stop!.tap();
      await page.waitForFunction(() => /Hangzhou/.test(document.querySelector('#tour-panel h2')?.textContent ?? ''));
      await page.waitForFunction(() => {
        const box = document.getElementById('tour-panel')!.getBoundingClientRect();
        return box.top >= -1 && box.top < window.innerHeight / 2;
      });
      t.pass('the story scrolled into view');
    }
    await page.close();
  }
});

test.serial('with reduced motion asked for (as this browser does), cards and map stops keep still', async (t) => {
  const page = await phone(390);
  const durations = (selector: string, pseudo: string | null = null) => page.$$eval(selector, (all, p) => [...new Set(all.map((e) => getComputedStyle(e, p).transitionDuration))], pseudo);
  await page.goto(`${suite.server.url}/`);
  t.deepEqual(await durations('.section-card'), ['0s']);
  await page.goto(`${suite.server.url}/news`);
  t.deepEqual(await durations('.content-card'), ['0s']);
  await page.goto(`${suite.server.url}/canal`);
  t.deepEqual(await durations('.tour-stop', '::before'), ['0s']);
  await page.close();
});

test.serial('/401 answers HTTP 401; short pages keep the footer at the bottom of the window', async (t) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 1000 });
  for (const lang of LANGS) {
    const res = await page.goto(`${suite.server.url}/401?lang=${lang}`);
    t.is(res?.status(), 401);
    for (const path of ['/401', '/404']) {
      await page.goto(suite.server.url + inLang(path, lang));
      const bottom = await page.$eval('.site-footer', (f) => f.getBoundingClientRect().bottom);
      t.true(Math.abs(bottom - 1000) <= 1, `${lang} ${path}: footer ends at ${bottom}, the window at 1000`);
    }
  }
  await page.close();
});

test.serial('the 404 countdown says where it goes and can be stopped', async (t) => {
  // Both languages at once: each waits out the whole countdown.
  const languages = [
    ['en', /Returning to the previous page \(\/about\?lang=en\) in \d s/],
    ['zh-cn', /\d 秒后自动返回上一页（\/about\?lang=zh-cn）/],
  ] as const;
  const stopsAndStays = async ([lang, says]: (typeof languages)[number]) => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/about?lang=${lang}`);
    // A broken link followed from our own page, as a visitor would (page.goto sends no referrer).
    await Promise.all([page.waitForNavigation(), page.evaluate((l) => window.location.assign(`/no-such-page?lang=${l}`), lang)]);
    await page.waitForFunction((source: string) => new RegExp(source).test(document.querySelector('[data-countdown]')?.textContent ?? ''), {}, says.source);
    await page.click('[data-countdown-stop]');
    t.is(await page.$eval('[data-countdown]', (p) => p.textContent), lang === 'en' ? 'Automatic return stopped: choose where to go.' : '已取消自动返回，请选择去向。');
    // Longer than the whole countdown: the visitor stays.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    t.regex(page.url(), /\/no-such-page\?lang=/);
    await page.close();
  };
  await Promise.all(languages.map(stopsAndStays));
});

test.serial('demo content: no placeholder record number, no links that go nowhere, one name for the trails section', async (t) => {
  const page = await suite.browser.newPage();
  for (const [lang, name] of [
    ['zh-cn', '最美步道'],
    ['en', 'Most beautiful trails'],
  ] as const) {
    await page.goto(`${suite.server.url}/members?lang=${lang}`);
    t.is(await page.$eval('.site-footer', (f) => /ICP|备案号|Record number/.test(f.textContent ?? '')), false, `${lang}: footer without a record number`);
    const external = await page.$$eval('main a[href^="http"]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
    t.deepEqual(
      external.filter((href) => /example\.(org|com)/.test(href)),
      [],
      `${lang}: member websites that go nowhere are gone`,
    );
    await page.goto(`${suite.server.url}/trail?lang=${lang}`);
    const names = await page.evaluate(() => ({
      nav: document.querySelector('#site-nav a[href^="/trail"]')?.textContent,
      h1: document.querySelector('h1')?.textContent,
      crumb: document.querySelector('.breadcrumb-item:last-child')?.textContent,
      title: document.title.split(' - ')[0],
    }));
    t.deepEqual(names, { nav: name, h1: name, crumb: name, title: name }, lang);
  }
  await page.close();
});

test.serial('registration flags every invalid field at once; a new attempt clears the last one\'s messages', async (t) => {
  // Members register by SMS here: a gateway is configured (never reached: no code is sent).
  await suite.server.app.knex('config').where({ name: 'sms_driver' }).update({ value: 'webhook' });
  await suite.server.app.knex('config').where({ name: 'sms_webhook_url' }).update({ value: 'http://127.0.0.1:9/sms' });
  suite.server.app.services.settings.invalidate();
  for (const lang of LANGS) {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/user/login?lang=${lang}`);
    await loginPageReady(page);
    await page.click('#user-tab-register');
    await page.waitForSelector('#register-mobile');
    await page.type('#register-username', 'ab');
    await page.type('#register-password', 'abc<def');
    await page.type('#register-mobile', '123');
    // A message left from an earlier attempt.
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.id = 'portal-toasts';
      box.innerHTML = '<div class="alert alert-danger">stale</div>';
      document.body.append(box);
    });
    await page.click('form[aria-labelledby="user-tab-register"] button[type="submit"]');
    await page.waitForSelector('#register-username.is-invalid');
    const invalid = await page.$$eval('form[aria-labelledby="user-tab-register"] .is-invalid', (els) => els.map((e) => e.id));
    t.deepEqual(invalid, ['register-username', 'register-password', 'register-mobile', 'register-captcha'], `${lang}: every invalid field at once`);
    t.is(await page.evaluate(() => document.activeElement?.id), 'register-username', 'the focus on the first');
    t.is(await page.$eval('#portal-toasts', (box) => box.childElementCount), 0, 'the stale message is gone');
    await page.close();
  }
});
