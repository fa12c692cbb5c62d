import test from 'ava';
import { launchBrowser } from '../helpers/browser.ts';
import { startServer } from '../helpers/server.ts';

test('with API_ENCRYPT_KEY the page hands its scripts the key and the login island reads encrypted answers', async (t) => {
  const server = await startServer({ API_ENCRYPT_KEY: 'grand-canal-1794' });
  // SMS through a gateway (never called here), so the register form has a way to offer.
  await server.app.knex('config').where({ name: 'sms_driver' }).update({ value: 'webhook' });
  await server.app.knex('config').where({ name: 'sms_webhook_url' }).update({ value: 'http://127.0.0.1:9/sms' });
  server.app.services.settings.invalidate();
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const answers: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/user/checkIn')) void res.text().then((body) => answers.push(body));
    });
    await page.goto(`${server.url}/user/login?lang=en`, { waitUntil: 'networkidle0' });
    t.is(await page.$eval('html', (h) => h.dataset.apiKey), 'grand-canal-1794');
    t.regex(answers[0] ?? '', /"data":"U2FsdGVkX1/, 'the answer travelled encrypted (OpenSSL "Salted__" prefix)');
    await page.click('#user-tab-register');
    // The register form depends on the decrypted `accountVerificationType`.
    await page.waitForSelector('#register-username');
    t.deepEqual(await page.$$eval('#portal-toasts .alert', (els) => els.map((e) => e.textContent)), [], 'no "Server error." toast');
    t.deepEqual(errors, []);
  } finally {
    await close();
    await server.stop();
  }
});
