import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';

const suite = browserSuite(test);

test.serial('the home page loads without any script and switches language by plain links', async (t) => {
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const scriptRequests: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scriptRequests.push(r.url());
  });
  await page.goto(`${suite.server.url}/?lang=zh-cn`, { waitUntil: 'networkidle0' });
  t.is(await page.title(), '首页 - 大运河文化协会');
  t.is(await page.$$eval('script', (s) => s.length), 0);
  t.deepEqual(scriptRequests, []);
  await Promise.all([page.waitForNavigation(), page.click('a[hreflang="en"]')]);
  t.is(await page.title(), 'Home - Grand Canal Culture Association');
  t.is(await page.$eval('html', (h) => h.lang), 'en');
  await Promise.all([page.waitForNavigation(), page.click('a[href="/about?lang=en"]')]);
  t.is(await page.title(), 'About us - Grand Canal Culture Association');
  await page.close();
});

test.serial('the 404 island hydrates and counts down back to the previous page', async (t) => {
  const page = await suite.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    // The 404 document itself is reported as a failed load; anything else is a real error.
    if (m.type() === 'error' && !m.text().includes('status of 404')) errors.push(m.text());
  });
  await page.goto(`${suite.server.url}/about?lang=en`);
  // Follow a broken link from our own page, as a visitor would (page.goto sends no referrer).
  await Promise.all([page.waitForNavigation(), page.evaluate(() => window.location.assign('/missing-page?lang=en'))]);
  t.is(await page.title(), 'Page not found - Grand Canal Culture Association');
  await page.waitForFunction(() => /in [0-3] s/.test(document.body.innerText), { timeout: 5000 });
  await page.waitForNavigation({ timeout: 8000 });
  t.regex(page.url(), /\/about\?lang=en$/);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('on a phone the menu opens without JavaScript', async (t) => {
  const page = await suite.browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setViewport({ width: 375, height: 740, isMobile: true });
  await page.goto(`${suite.server.url}/?lang=en`);
  t.false(await page.$eval('#site-nav', (n) => getComputedStyle(n).display !== 'none'));
  await page.click('label[for="nav-toggle"]');
  t.true(await page.$eval('#site-nav', (n) => getComputedStyle(n).display !== 'none'));
  await page.close();
});
