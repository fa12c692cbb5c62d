import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Headless Chromium from the system. Browser tests fail (never skip) when none is installed. */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const executablePath = CANDIDATES.find((p): p is string => !!p && fs.existsSync(p));
  if (!executablePath) {
    throw new Error(
      'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
        'or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    );
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-chromium-'));
  const browser = await puppeteer.launch({
    executablePath,
    userDataDir,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
