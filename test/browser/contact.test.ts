import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { adminPage } from './adminHelpers.ts';
import { waitForPath } from './userHelpers.ts';

// Issue 32, item 2: a fresh install tells visitors how to reach the association (footer, /about, /401 and the
// registration form that cannot open yet), and the dashboard warns that members cannot register, with links to
// the settings that would let them, until mail or SMS is set up.

const suite = browserSuite(test);

const CONTACT = {
  'zh-cn': { address: '江苏省扬州市广陵区运河文化中心', email: '邮箱: contact@canal.example.org', title: '联系我们', ask: '在此之前，您可以联系协会：' },
  en: { address: 'Grand Canal Culture Centre, Guangling District, Yangzhou, Jiangsu', email: 'E-mail: contact@canal.example.org', title: 'Contact us', ask: 'Until then, the association can help:' },
} as const;
type Lang = keyof typeof CONTACT;
const LANGS = Object.keys(CONTACT) as Lang[];

async function open(path: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage();
  await page.setViewport({ width, height: 900, isMobile: width < 600, hasTouch: width < 600 });
  const errors = collectErrors(page);
  await page.goto(suite.server.url + path);
  return { page, errors };
}

const lines = (page: Page, selector: string) => page.$$eval(`${selector} [data-contact] > *`, (items) => items.map((i) => (i as HTMLElement).innerText.trim()));

test.serial('the footer, /about and /401 say how to reach the association, in both languages', async (t) => {
  for (const lang of LANGS) {
    const { page, errors } = await open(`/about?lang=${lang}`, 1366);
    t.deepEqual(await lines(page, '.site-footer'), [CONTACT[lang].address, CONTACT[lang].email]);
    t.is(await page.$eval('.site-footer a[href^="mailto:"]', (a) => a.getAttribute('href')), 'mailto:contact@canal.example.org');
    t.true((await page.$$eval('h2', (hs) => hs.map((h) => h.textContent))).includes(CONTACT[lang].title));
    t.deepEqual(await lines(page, '.prose'), [CONTACT[lang].address, CONTACT[lang].email]);
    await page.goto(`${suite.server.url}/401?lang=${lang}`);
    t.deepEqual(await lines(page, '.status-page'), [CONTACT[lang].address, CONTACT[lang].email]);
    t.deepEqual(errors, [`401 ${suite.server.url}/401?lang=${lang}`], 'the page itself answers 401, and only it');
    await page.close();
  }
  // A phone number set in the back office shows as a link to call.
  await suite.server.app.knex('config').where({ name: 'contact_phone' }).update({ value: '+86 514 8700 0000' });
  suite.server.app.services.settings.invalidate();
  const { page } = await open('/?lang=en', 390);
  t.is(await page.$eval('.site-footer a[href^="tel:"]', (a) => a.getAttribute('href')), 'tel:+8651487000000');
  t.false(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), 'the footer fits a phone');
  await page.close();
  await suite.server.app.knex('config').where({ name: 'contact_phone' }).update({ value: '' });
  suite.server.app.services.settings.invalidate();
});

test.serial('registration and password reset that cannot open yet say so and whom to ask, on a phone and a desktop', async (t) => {
  for (const width of [390, 1366]) {
    for (const lang of LANGS) {
      const { page, errors } = await open(`/user/login?lang=${lang}`, width);
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form:not([role="search"]) button[type="submit"]')?.disabled === false);
      await page.click('#user-tab-register');
      await page.waitForSelector('[data-unavailable] [data-contact]');
      t.regex(await page.$eval('[data-unavailable]', (e) => (e as HTMLElement).innerText), new RegExp(CONTACT[lang].ask));
      t.deepEqual(await lines(page, '[data-unavailable]'), [CONTACT[lang].address, CONTACT[lang].email]);
      t.false(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `${width} px ${lang}: nothing overflows`);
      t.deepEqual(errors, []);
      await page.close();
    }
  }
});

test.serial('the dashboard warns that members cannot register, links to the mail settings, and stops once mail is set up', async (t) => {
  for (const lang of LANGS) {
    const { page, errors } = await adminPage(suite.server, suite.browser, `/admin/dashboard?lang=${lang}`);
    await page.waitForSelector('[data-screen="dashboard"] [data-registration-closed]');
    t.is(
      await page.$eval('[data-registration-closed] h2', (h) => h.textContent),
      lang === 'en' ? 'Members cannot register yet' : '会员暂时无法注册',
    );
    if (lang === 'en') {
      await page.click('[data-open-settings="mail"]');
      await waitForPath(page, /\/admin\/routine\/config\?group=mail$/);
      await page.waitForSelector('[data-config-tab="mail"][aria-selected="true"]');
      t.pass('the mail tab is open');
    }
    t.deepEqual(errors, []);
    await page.close();
  }
  for (const [name, value] of Object.entries({ smtp_server: 'smtp.canal.example.org', smtp_user: 'mailer', smtp_pass: 'secret', smtp_sender_mail: 'noreply@canal.example.org' })) {
    await suite.server.app.knex('config').where({ name }).update({ value });
  }
  suite.server.app.services.settings.invalidate();
  const { page } = await adminPage(suite.server, suite.browser, '/admin/dashboard?lang=en');
  await page.waitForSelector('[data-screen="dashboard"] svg[data-chart]');
  t.is(await page.$('[data-registration-closed]'), null);
  await page.close();
});
